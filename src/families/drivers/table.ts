import { text } from "drizzle-orm/sqlite-core";
import { syncedTable, timestamp } from "../../db/schema/columns";
import type { LicensePlate, RecordStatus } from "../../model/normalized";

export const drivers = syncedTable("drivers", {
  status: text("status", { enum: ["active", "inactive"] })
    .$type<RecordStatus>()
    .notNull(),
  firstName: text("first_name"),
  middleName: text("middle_name"),
  lastName: text("last_name"),
  email: text("email"),
  phone: text("phone"),
  username: text("username"),
  license: text("license", { mode: "json" }).$type<LicensePlate>(),
  groupIds: text("group_ids", { mode: "json" }).$type<string[]>().notNull(),
  sourceCreatedAt: timestamp("source_created_at"),
  sourceUpdatedAt: timestamp("source_updated_at"),
});
export type DriverRow = typeof drivers.$inferSelect;
