CREATE TABLE `hos_clocks` (
	`connection_id` text NOT NULL,
	`driver_id` text NOT NULL,
	`provider` text NOT NULL,
	`current_status` text,
	`drive_ms` integer NOT NULL,
	`shift_ms` integer NOT NULL,
	`cycle_ms` integer NOT NULL,
	`break_ms` integer NOT NULL,
	`read_at` integer NOT NULL,
	`raw` text NOT NULL,
	PRIMARY KEY(`connection_id`, `driver_id`)
);
