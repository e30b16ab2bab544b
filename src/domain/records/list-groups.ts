import { asc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type GroupRow, groups } from "../../db/schema";
import { type IdPage, type RecordListFilters, syncedListCondition } from "./conditions";

/** One page of a connection's groups in id order, `limit + 1` rows. Groups are never hidden by filters. */
export function listGroups(
  db: Database,
  connectionId: string,
  filters: Omit<RecordListFilters, "hidden">,
  page: IdPage,
): Promise<GroupRow[]> {
  return db
    .select()
    .from(groups)
    .where(syncedListCondition(groups, connectionId, filters, page))
    .orderBy(asc(groups.id))
    .limit(page.limit + 1);
}
