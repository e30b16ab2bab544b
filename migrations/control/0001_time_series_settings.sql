ALTER TABLE `applications` ADD `series_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `series_hot_days` integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `series_retention_days` integer;