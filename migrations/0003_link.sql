CREATE TABLE `link_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`status` text NOT NULL,
	`params` text NOT NULL,
	`connection_id` text,
	`reconnect` integer NOT NULL,
	`short_link_id` text,
	`parent_origin` text,
	`provider` text,
	`agreement` text,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `link_sessions_expires_idx` ON `link_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `link_short_links` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`code` text NOT NULL,
	`body_hash` text NOT NULL,
	`params` text NOT NULL,
	`expires_at` integer NOT NULL,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `link_short_links_code_unique` ON `link_short_links` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `link_short_links_body_unique` ON `link_short_links` (`application_id`,`environment`,`body_hash`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `link_short_links_tenant_idx` ON `link_short_links` (`application_id`,`environment`,`id`);