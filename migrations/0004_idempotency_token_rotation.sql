CREATE TABLE `idempotency_keys` (
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` text NOT NULL,
	`response_status` integer,
	`response_body` text,
	`response_content_type` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`application_id`, `environment`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_expires_idx` ON `idempotency_keys` (`expires_at`);--> statement-breakpoint
ALTER TABLE `connections` ADD `token_rotated_at` integer;