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
	`token_rotated_at` integer,
	`deletion_due_at` integer,
	`deleted_at` integer,
	`sync_intent` text,
	`sync_intent_at` integer,
	`shard` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connections_token_hash_unique` ON `connections` (`token_hash`);--> statement-breakpoint
CREATE INDEX `connections_sync_intent_idx` ON `connections` (`sync_intent_at`);--> statement-breakpoint
CREATE INDEX `connections_tenant_idx` ON `connections` (`application_id`,`environment`,`id`);--> statement-breakpoint
CREATE INDEX `connections_external_id_idx` ON `connections` (`application_id`,`environment`,`external_id`);--> statement-breakpoint
CREATE INDEX `connections_deletion_due_idx` ON `connections` (`status`,`deletion_due_at`);--> statement-breakpoint
CREATE INDEX `connections_shard_idx` ON `connections` (`shard`);--> statement-breakpoint
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
CREATE TABLE `link_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`status` text NOT NULL,
	`params` text NOT NULL,
	`connection_id` text,
	`reconnect` integer NOT NULL,
	`short_link_id` text,
	`parent_origin` text,
	`provider` text,
	`agreement` text,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `link_sessions_expires_idx` ON `link_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `link_short_links` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`code` text NOT NULL,
	`body_hash` text NOT NULL,
	`params` text NOT NULL,
	`expires_at` integer NOT NULL,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `link_short_links_code_unique` ON `link_short_links` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `link_short_links_body_unique` ON `link_short_links` (`application_id`,`environment`,`body_hash`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `link_short_links_tenant_idx` ON `link_short_links` (`application_id`,`environment`,`id`);--> statement-breakpoint
CREATE TABLE `member_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`hint` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_tokens_hash_unique` ON `member_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `member_tokens_member_idx` ON `member_tokens` (`member_id`);--> statement-breakpoint
CREATE TABLE `members` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `members_email_unique` ON `members` (`email`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`member_id` text NOT NULL,
	`application_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `application_id`)
);
--> statement-breakpoint
CREATE INDEX `memberships_application_idx` ON `memberships` (`application_id`);--> statement-breakpoint
CREATE TABLE `connection_moves` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`source` text NOT NULL,
	`target` text NOT NULL,
	`status` text NOT NULL,
	`cursor` text NOT NULL,
	`rows_total` integer DEFAULT 0 NOT NULL,
	`rows_copied` integer DEFAULT 0 NOT NULL,
	`rows_removed` integer DEFAULT 0 NOT NULL,
	`requested_at` integer NOT NULL,
	`started_at` integer,
	`switched_at` integer,
	`completed_at` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `connection_moves_connection_idx` ON `connection_moves` (`connection_id`,`id`);--> statement-breakpoint
CREATE INDEX `connection_moves_status_idx` ON `connection_moves` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `shards` (
	`name` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`event_id` text NOT NULL,
	`endpoint_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`status` text NOT NULL,
	`response_status` integer,
	`error` text,
	`duration_ms` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_idx` ON `webhook_deliveries` (`endpoint_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_event_idx` ON `webhook_deliveries` (`event_id`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`url` text NOT NULL,
	`description` text,
	`event_types` text NOT NULL,
	`secret_encrypted` text NOT NULL,
	`enabled` integer NOT NULL,
	`disabled_reason` text,
	`failing_since` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_tenant_idx` ON `webhook_endpoints` (`application_id`,`environment`,`id`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`environment` text NOT NULL,
	`connection_id` text,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_events_tenant_idx` ON `webhook_events` (`application_id`,`environment`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_events_connection_idx` ON `webhook_events` (`connection_id`,`id`);--> statement-breakpoint
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
CREATE INDEX `webhook_outbox_endpoint_idx` ON `webhook_outbox` (`endpoint_id`);