CREATE TABLE `vehicle_series_raw` (
	`connection_id` text NOT NULL,
	`vehicle_id` text NOT NULL,
	`series` text NOT NULL,
	`hour` integer NOT NULL,
	`raw` blob NOT NULL,
	PRIMARY KEY(`connection_id`, `vehicle_id`, `series`, `hour`)
);
--> statement-breakpoint
CREATE INDEX `vehicle_series_raw_hour_idx` ON `vehicle_series_raw` (`connection_id`,`hour`);--> statement-breakpoint
ALTER TABLE `vehicle_series` DROP COLUMN `raw`;