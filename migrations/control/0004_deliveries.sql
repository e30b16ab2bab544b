CREATE TABLE `delivery_parts` (
	`delivery_id` text NOT NULL,
	`step` integer NOT NULL,
	`part` integer NOT NULL,
	`connection_id` text NOT NULL,
	`model` text NOT NULL,
	`key` text,
	`records` integer NOT NULL,
	`bytes` integer NOT NULL,
	`sha256` text,
	`written_at` integer NOT NULL,
	PRIMARY KEY(`delivery_id`, `step`, `part`)
);
--> statement-breakpoint
CREATE INDEX `delivery_parts_connection_idx` ON `delivery_parts` (`connection_id`);--> statement-breakpoint
-- Watermarks become per model. No delivery ran before this migration (0003 only added the tables),
-- so there is nothing to carry over: the table is recreated empty.
DROP TABLE `destination_watermarks`;--> statement-breakpoint
CREATE TABLE `destination_watermarks` (
	`destination_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`model` text NOT NULL,
	`delivered_up_to` integer NOT NULL,
	`delivery_id` text NOT NULL,
	PRIMARY KEY(`destination_id`, `connection_id`, `model`)
);
--> statement-breakpoint
CREATE INDEX `destination_watermarks_connection_idx` ON `destination_watermarks` (`connection_id`);--> statement-breakpoint
ALTER TABLE `destination_deliveries` ADD `models` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `destination_deliveries` ADD `position` text DEFAULT '{"step":0,"part":1}' NOT NULL;
