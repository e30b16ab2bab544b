CREATE TABLE `latest_vehicle_locations` (
	`connection_id` text NOT NULL,
	`vehicle_id` text NOT NULL,
	`provider` text NOT NULL,
	`driver_id` text,
	`located_at` integer NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`address` text,
	`heading` real,
	`speed` real,
	`odometer` real,
	`fuel_primary` real,
	`fuel_secondary` real,
	`engine_state` text,
	`engine_runtime_ms` integer,
	`added_at` integer NOT NULL,
	`modified_at` integer NOT NULL,
	`content_hash` text NOT NULL,
	`raw` text NOT NULL,
	PRIMARY KEY(`connection_id`, `vehicle_id`)
);
--> statement-breakpoint
CREATE INDEX `latest_locations_driver_idx` ON `latest_vehicle_locations` (`connection_id`,`driver_id`);--> statement-breakpoint
CREATE TABLE `trips` (
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
	`driver_id` text,
	`start_location` text,
	`end_location` text,
	`distance` real,
	`started_at` integer NOT NULL,
	`ended_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trips_source_unique` ON `trips` (`connection_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `trips_connection_idx` ON `trips` (`connection_id`,`id`);--> statement-breakpoint
CREATE INDEX `trips_vehicle_started_idx` ON `trips` (`connection_id`,`vehicle_id`,`started_at`,`id`);--> statement-breakpoint
CREATE TABLE `series_archive` (
	`connection_id` text NOT NULL,
	`vehicle_id` text NOT NULL,
	`day` integer NOT NULL,
	`point_count` integer NOT NULL,
	`bytes` integer NOT NULL,
	`archived_at` integer NOT NULL,
	PRIMARY KEY(`connection_id`, `vehicle_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `series_archive_day_idx` ON `series_archive` (`connection_id`,`day`);--> statement-breakpoint
CREATE TABLE `vehicle_series` (
	`connection_id` text NOT NULL,
	`vehicle_id` text NOT NULL,
	`series` text NOT NULL,
	`hour` integer NOT NULL,
	`point_count` integer NOT NULL,
	`modified_at` integer NOT NULL,
	`points` blob NOT NULL,
	`raw` blob,
	PRIMARY KEY(`connection_id`, `vehicle_id`, `series`, `hour`)
);
--> statement-breakpoint
CREATE INDEX `vehicle_series_hour_idx` ON `vehicle_series` (`connection_id`,`hour`,`vehicle_id`);