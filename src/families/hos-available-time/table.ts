import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "../../db/schema/columns";
import { DUTY_STATUSES } from "../../hos/duty-status";
import type { RawEntry } from "../../model/normalized";

/**
 * The provider's own hours-of-service clocks of each driver of a connection, as its last live
 * read gave them: one row per driver, replaced by every refresh (domain/hos-clocks/refresh.ts),
 * which then removes the drivers it no longer returned. Providers without clocks of their own
 * have theirs computed from the logs at the read, and no rows here.
 */
export const hosClocks = sqliteTable(
  "hos_clocks",
  {
    connectionId: text("connection_id").notNull(),
    driverId: text("driver_id").notNull(),
    provider: text("provider").notNull(),
    currentStatus: text("current_status", { enum: DUTY_STATUSES }),
    driveMs: integer("drive_ms").notNull(),
    shiftMs: integer("shift_ms").notNull(),
    cycleMs: integer("cycle_ms").notNull(),
    breakMs: integer("break_ms").notNull(),
    /** When the refresh that wrote the row began. */
    readAt: timestamp("read_at").notNull(),
    raw: text("raw", { mode: "json" }).$type<RawEntry>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.connectionId, table.driverId] })],
);
export type HosClockRow = typeof hosClocks.$inferSelect;
