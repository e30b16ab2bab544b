CREATE TABLE `issues` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`status` text NOT NULL,
	`error_code` text NOT NULL,
	`message` text NOT NULL,
	`first_reported_at` integer NOT NULL,
	`last_reported_at` integer NOT NULL,
	`resolved_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `issues_connection_code_unique` ON `issues` (`connection_id`,`error_code`);--> statement-breakpoint
CREATE INDEX `issues_tenant_idx` ON `issues` (`application_id`,`environment`,`id`);--> statement-breakpoint
CREATE TABLE `sync_job_issues` (
	`sync_job_id` text NOT NULL,
	`issue_id` text NOT NULL,
	`connection_id` text NOT NULL,
	PRIMARY KEY(`sync_job_id`, `issue_id`)
);
--> statement-breakpoint
CREATE INDEX `sync_job_issues_connection_idx` ON `sync_job_issues` (`connection_id`,`sync_job_id`,`issue_id`);--> statement-breakpoint
CREATE TABLE `pending_events` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`connection_id` text NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pending_events_created_idx` ON `pending_events` (`created_at`);--> statement-breakpoint
CREATE INDEX `pending_events_connection_idx` ON `pending_events` (`connection_id`,`id`);--> statement-breakpoint
CREATE TABLE `sync_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`status` text NOT NULL,
	`requested_at` integer NOT NULL,
	`started_at` integer,
	`completed_at` integer,
	`failure_reason` text,
	`progress` integer DEFAULT 0 NOT NULL,
	`start_from` integer,
	`attempts` integer DEFAULT 1 NOT NULL,
	`provider_requests` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sync_jobs_connection_idx` ON `sync_jobs` (`connection_id`,`id`);--> statement-breakpoint
CREATE TABLE `usage_records` (
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`month` text NOT NULL,
	`connection_id` text NOT NULL,
	`vehicle_id` text NOT NULL,
	`backfill_unit_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`application_id`, `environment`, `month`, `connection_id`, `vehicle_id`)
);
--> statement-breakpoint
CREATE INDEX `usage_records_connection_idx` ON `usage_records` (`connection_id`,`month`,`vehicle_id`);--> statement-breakpoint
CREATE TABLE `devices` (
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
	`type` text NOT NULL,
	`vehicle_id` text,
	`description` text,
	`serial_number` text,
	`last_connected_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `devices_source_unique` ON `devices` (`connection_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `devices_connection_idx` ON `devices` (`connection_id`,`id`);--> statement-breakpoint
CREATE TABLE `drivers` (
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
	`first_name` text,
	`middle_name` text,
	`last_name` text,
	`email` text,
	`phone` text,
	`username` text,
	`license` text,
	`group_ids` text NOT NULL,
	`source_created_at` integer,
	`source_updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `drivers_source_unique` ON `drivers` (`connection_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `drivers_connection_idx` ON `drivers` (`connection_id`,`id`);--> statement-breakpoint
CREATE TABLE `groups` (
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
	`name` text NOT NULL,
	`description` text,
	`parent_id` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `groups_source_unique` ON `groups` (`connection_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `groups_connection_idx` ON `groups` (`connection_id`,`id`);--> statement-breakpoint
CREATE TABLE `safety_events` (
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
	`type` text NOT NULL,
	`driver_id` text,
	`vehicle_id` text,
	`start_location` text,
	`end_location` text,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`stats` text,
	`camera_media` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `safety_events_source_unique` ON `safety_events` (`connection_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `safety_events_connection_idx` ON `safety_events` (`connection_id`,`id`);--> statement-breakpoint
CREATE TABLE `vehicle_utilization` (
	`connection_id` text NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`provider` text NOT NULL,
	`vehicle_id` text NOT NULL,
	`vehicle_source_id` text NOT NULL,
	`date` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`distance` real NOT NULL,
	`fuel_consumed` real NOT NULL,
	`driving_ms` integer NOT NULL,
	`idling_ms` integer NOT NULL,
	`added_at` integer NOT NULL,
	`modified_at` integer NOT NULL,
	`content_hash` text NOT NULL,
	`raw` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `utilization_vehicle_date_unique` ON `vehicle_utilization` (`connection_id`,`vehicle_id`,`date`);--> statement-breakpoint
CREATE INDEX `utilization_date_idx` ON `vehicle_utilization` (`connection_id`,`date`,`vehicle_id`);--> statement-breakpoint
CREATE TABLE `vehicles` (
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
	`make` text,
	`model` text,
	`year` integer,
	`license_plate` text,
	`fuel_type` text,
	`fuel_efficiency` real,
	`fuel_tank_capacity` real,
	`group_ids` text NOT NULL,
	`device_ids` text NOT NULL,
	`source_created_at` integer,
	`source_updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_source_unique` ON `vehicles` (`connection_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `vehicles_connection_idx` ON `vehicles` (`connection_id`,`id`);