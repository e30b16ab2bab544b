import { text } from "drizzle-orm/sqlite-core";
import { syncedTable } from "../../db/schema/columns";

export const groups = syncedTable("groups", {
  name: text("name").notNull(),
  description: text("description"),
  parentId: text("parent_id"),
});
export type GroupRow = typeof groups.$inferSelect;
