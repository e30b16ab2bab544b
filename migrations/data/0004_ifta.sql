CREATE TABLE `ifta_distances` (
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
	`period` text NOT NULL,
	`month` text NOT NULL,
	`jurisdiction` text,
	`distance` real NOT NULL,
	`fuel` real
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ifta_distances_source_unique` ON `ifta_distances` (`connection_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `ifta_distances_connection_idx` ON `ifta_distances` (`connection_id`,`id`);--> statement-breakpoint
CREATE INDEX `ifta_distances_vehicle_jurisdiction_idx` ON `ifta_distances` (`connection_id`,`vehicle_id`,`jurisdiction`,`month`);--> statement-breakpoint
CREATE INDEX `ifta_distances_month_idx` ON `ifta_distances` (`connection_id`,`month`,`jurisdiction`,`vehicle_id`);