CREATE TABLE `fault_code_events` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`provider` text NOT NULL,
	`source_id` text NOT NULL,
	`visibility` text NOT NULL,
	`added_at` integer NOT NULL,
	`modified_at` integer NOT NULL,
	`deleted_at` integer,
	`content_hash` text NOT NULL,
	`raw` text NOT NULL,
	`last_sync_id` text,
	`vehicle_id` text NOT NULL,
	`fault_key` text NOT NULL,
	`status` text NOT NULL,
	`protocol` text NOT NULL,
	`code` text NOT NULL,
	`description` text,
	`first_observed_at` integer NOT NULL,
	`observed_at` integer NOT NULL,
	`mil_status` text,
	`j1939` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fault_code_events_source_unique` ON `fault_code_events` (`connection_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `fault_code_events_connection_idx` ON `fault_code_events` (`connection_id`,`id`);--> statement-breakpoint
CREATE INDEX `fault_code_events_fault_idx` ON `fault_code_events` (`connection_id`,`vehicle_id`,`fault_key`,`first_observed_at`);--> statement-breakpoint
CREATE INDEX `fault_code_events_observed_idx` ON `fault_code_events` (`connection_id`,`observed_at`);--> statement-breakpoint
CREATE TABLE `latest_trailer_locations` (
	`connection_id` text NOT NULL,
	`trailer_id` text NOT NULL,
	`provider` text NOT NULL,
	`located_at` integer NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`address` text,
	`heading` real,
	`speed` real,
	`added_at` integer NOT NULL,
	`modified_at` integer NOT NULL,
	`content_hash` text NOT NULL,
	`raw` text NOT NULL,
	PRIMARY KEY(`connection_id`, `trailer_id`)
);
--> statement-breakpoint
CREATE TABLE `trailers` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`provider` text NOT NULL,
	`source_id` text NOT NULL,
	`visibility` text NOT NULL,
	`added_at` integer NOT NULL,
	`modified_at` integer NOT NULL,
	`deleted_at` integer,
	`content_hash` text NOT NULL,
	`raw` text NOT NULL,
	`last_sync_id` text,
	`status` text NOT NULL,
	`name` text,
	`vin` text,
	`serial_number` text,
	`make` text,
	`model` text,
	`year` integer,
	`license_plate` text,
	`group_ids` text NOT NULL,
	`vehicle_id` text,
	`source_created_at` integer,
	`source_updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trailers_source_unique` ON `trailers` (`connection_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `trailers_connection_idx` ON `trailers` (`connection_id`,`id`);--> statement-breakpoint
ALTER TABLE `devices` ADD `source_created_at` integer;--> statement-breakpoint
ALTER TABLE `devices` ADD `source_updated_at` integer;--> statement-breakpoint
ALTER TABLE `groups` ADD `source_created_at` integer;--> statement-breakpoint
ALTER TABLE `groups` ADD `source_updated_at` integer;--> statement-breakpoint
ALTER TABLE `safety_events` ADD `source_type` text;