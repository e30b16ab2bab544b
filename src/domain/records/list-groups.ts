import { asc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type GroupRow, groups } from "../../db/schema";
import { type IdPage, type RecordListFilters, syncedListCondition } from "./conditions";
import { type ReadRow, readColumns } from "./read-columns";

/** One page of a connection's groups in id order, `limit + 1` rows. Groups are never hidden by filters. */
export function listGroups(
  db: Database,
  connectionId: string,
  filters: Omit<RecordListFilters, "hidden">,
  page: IdPage,
): Promise<ReadRow<GroupRow>[]> {
  return db
    .select(readColumns(groups, page.raw ?? false))
    .from(groups)
    .where(syncedListCondition(groups, connectionId, filters, page))
    .orderBy(asc(groups.id))
    .limit(page.limit + 1);
}
