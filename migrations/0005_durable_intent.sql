CREATE TABLE `webhook_outbox` (
	`event_id` text NOT NULL,
	`endpoint_id` text NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`attempts` integer NOT NULL,
	`due_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `endpoint_id`)
);
--> statement-breakpoint
CREATE INDEX `webhook_outbox_due_idx` ON `webhook_outbox` (`due_at`);--> statement-breakpoint
CREATE INDEX `webhook_outbox_endpoint_idx` ON `webhook_outbox` (`endpoint_id`);--> statement-breakpoint
ALTER TABLE `connections` ADD `sync_intent` text;--> statement-breakpoint
ALTER TABLE `connections` ADD `sync_intent_at` integer;--> statement-breakpoint
CREATE INDEX `connections_sync_intent_idx` ON `connections` (`sync_intent_at`);