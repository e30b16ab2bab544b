import { asc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type GroupRow, groups } from "../../db/schema";
import type { Decoded } from "../../db/tolerant-rows";
import { type IdPage, type RecordListFilters, syncedListCondition } from "./conditions";
import { type ReadRow, readRows } from "./read-columns";

/** One page of a connection's groups in id order, `limit + 1` rows. Groups are never hidden by filters. */
export async function listGroups(
  db: Database,
  connectionId: string,
  filters: Omit<RecordListFilters, "hidden">,
  page: IdPage,
): Promise<Decoded<ReadRow<GroupRow>>[]> {
  const { fields, decode } = readRows(groups, page.raw ?? false);
  const rows = await db
    .select(fields)
    .from(groups)
    .where(syncedListCondition(groups, connectionId, filters, page))
    .orderBy(asc(groups.id))
    .limit(page.limit + 1);
  return rows.map(decode);
}
