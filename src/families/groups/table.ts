import { text } from "drizzle-orm/sqlite-core";
import { syncedTable, timestamp } from "../../db/schema/columns";

export const groups = syncedTable("groups", {
  name: text("name").notNull(),
  description: text("description"),
  parentId: text("parent_id"),
  sourceCreatedAt: timestamp("source_created_at"),
  sourceUpdatedAt: timestamp("source_updated_at"),
});
export type GroupRow = typeof groups.$inferSelect;
