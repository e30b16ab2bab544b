import { integer, text } from "drizzle-orm/sqlite-core";

export const ENVIRONMENTS = ["production", "sandbox"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Timestamps are stored as integer milliseconds since the epoch: compact, and they sort. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

/** createdAt / updatedAt, on every mutable table. */
export const timestamps = {
  createdAt: timestamp("created_at").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
};

/**
 * The owner of every tenant row: the application and the environment. Every query on a
 * table with these columns filters on both, so data of two applications or of production
 * and sandbox never mixes.
 */
export const tenant = {
  applicationId: text("application_id").notNull(),
  environment: text("environment", { enum: ENVIRONMENTS }).notNull(),
};
