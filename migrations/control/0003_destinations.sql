CREATE TABLE `destination_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`destination_id` text NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`status` text NOT NULL,
	`trigger` text NOT NULL,
	`connection_ids` text NOT NULL,
	`up_to` integer NOT NULL,
	`stats` text NOT NULL,
	`attempts` integer NOT NULL,
	`failure_reason` text,
	`requested_at` integer NOT NULL,
	`started_at` integer,
	`completed_at` integer,
	`failed_at` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `destination_deliveries_destination_idx` ON `destination_deliveries` (`destination_id`,`id`);--> statement-breakpoint
CREATE INDEX `destination_deliveries_status_idx` ON `destination_deliveries` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `destination_watermarks` (
	`destination_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`delivered_up_to` integer NOT NULL,
	`delivery_id` text NOT NULL,
	PRIMARY KEY(`destination_id`, `connection_id`)
);
--> statement-breakpoint
CREATE INDEX `destination_watermarks_connection_idx` ON `destination_watermarks` (`connection_id`);--> statement-breakpoint
CREATE TABLE `destinations` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`models` text NOT NULL,
	`connection_ids` text,
	`schedule` text NOT NULL,
	`include_raw` integer NOT NULL,
	`config` text NOT NULL,
	`credentials_encrypted` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `destinations_tenant_idx` ON `destinations` (`application_id`,`environment`,`id`);