CREATE TABLE `hos_daily_logs` (
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
	`driver_id` text NOT NULL,
	`date` text NOT NULL,
	`distances` text,
	`status_durations` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hos_daily_logs_source_unique` ON `hos_daily_logs` (`connection_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `hos_daily_logs_connection_idx` ON `hos_daily_logs` (`connection_id`,`id`);--> statement-breakpoint
CREATE INDEX `hos_daily_logs_driver_date_idx` ON `hos_daily_logs` (`connection_id`,`driver_id`,`date`,`id`);--> statement-breakpoint
CREATE TABLE `hos_logs` (
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
	`driver_id` text NOT NULL,
	`vehicle_id` text,
	`codriver_ids` text,
	`location` text,
	`remarks` text,
	`started_at` integer NOT NULL,
	`ended_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hos_logs_source_unique` ON `hos_logs` (`connection_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `hos_logs_connection_idx` ON `hos_logs` (`connection_id`,`id`);--> statement-breakpoint
CREATE INDEX `hos_logs_driver_started_idx` ON `hos_logs` (`connection_id`,`driver_id`,`started_at`,`id`);