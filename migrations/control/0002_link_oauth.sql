ALTER TABLE `link_sessions` ADD `oauth_state` text;--> statement-breakpoint
ALTER TABLE `link_sessions` ADD `oauth_form` text;--> statement-breakpoint
CREATE UNIQUE INDEX `link_sessions_oauth_state_idx` ON `link_sessions` (`oauth_state`);