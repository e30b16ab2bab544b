CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`kind` text NOT NULL,
	`key_hash` text NOT NULL,
	`hint` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_application_idx` ON `api_keys` (`application_id`,`id`);--> statement-breakpoint
CREATE TABLE `applications` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `agreements` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`type` text NOT NULL,
	`agreement_url` text NOT NULL,
	`accepted_at` integer NOT NULL,
	`accepted_by` text,
	`location` text,
	`ip_address` text,
	`user_agent` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `agreements_connection_idx` ON `agreements` (`connection_id`,`id`);--> statement-breakpoint
CREATE TABLE `connections` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`provider` text NOT NULL,
	`status` text NOT NULL,
	`sync_mode` text NOT NULL,
	`external_id` text,
	`source_id` text,
	`company` text NOT NULL,
	`account` text NOT NULL,
	`tags` text,
	`options` text NOT NULL,
	`filters` text,
	`backfill` text,
	`token_hash` text NOT NULL,
	`token_encrypted` text NOT NULL,
	`credentials_encrypted` text,
	`deletion_due_at` integer,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connections_token_hash_unique` ON `connections` (`token_hash`);--> statement-breakpoint
CREATE INDEX `connections_tenant_idx` ON `connections` (`application_id`,`environment`,`id`);--> statement-breakpoint
CREATE INDEX `connections_external_id_idx` ON `connections` (`application_id`,`environment`,`external_id`);--> statement-breakpoint
CREATE INDEX `connections_deletion_due_idx` ON `connections` (`status`,`deletion_due_at`);--> statement-breakpoint
CREATE TABLE `public_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `public_tokens_connection_idx` ON `public_tokens` (`connection_id`);--> statement-breakpoint
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
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE no action
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
