import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { Decoded } from "../../db/tolerant-rows";
import { type DeliverySource, type DeliveryWindow, keyedDelivery } from "../kit/delivery";
import type { KeyPage } from "../kit/read";
import { presentIftaSummary } from "./present";
import { afterGroup, type IftaGroupRow, iftaGroupKey, rawOfGroups, reportsTable } from "./read";
import { type IftaGroupBy, IftaSummarySchema } from "./schema";
import { iftaDistances } from "./table";

/** A destination receives the finest grouping: what every other summary is a sum of. */
const GROUP_BY: IftaGroupBy = "vehicle,jurisdiction,month";
const KEYS = ["vehicle", "jurisdiction", "month"] as const;

/**
 * The vehicle-jurisdiction-months whose reports changed in the window, `limit + 1` of them after
 * the cursor's, each summed over all its reports (not only the changed ones: a delivered group
 * replaces the one delivered before, as `GET /ifta/summary?groupBy=vehicle,jurisdiction,month`
 * answers it). The (connection, vehicle, jurisdiction, month) index hands the groups over in
 * their order, so a page stops after its last group and the next one seeks to where it stopped.
 * Reports of every vehicle, hidden or not: their distances changed for the destination.
 */
async function listChangedGroups(
  db: Database,
  connectionId: string,
  window: DeliveryWindow,
  page: KeyPage,
): Promise<Decoded<IftaGroupRow>[]> {
  const sums = await db
    .select({
      provider: sql<string>`min(${iftaDistances.provider})`,
      vehicleId: sql<string>`${iftaDistances.vehicleId}`,
      jurisdiction: sql<string | null>`${iftaDistances.jurisdiction}`,
      month: sql<string>`${iftaDistances.month}`,
      distance: sql<number>`sum(${iftaDistances.distance})`,
      fuel: sql<number | null>`case when count(${iftaDistances.fuel}) = count(*) then sum(${iftaDistances.fuel}) end`,
    })
    .from(reportsTable([...KEYS]))
    .where(and(eq(iftaDistances.connectionId, connectionId), afterGroup([...KEYS], page.after)))
    .groupBy(iftaDistances.vehicleId, iftaDistances.jurisdiction, iftaDistances.month)
    .having(
      sql`max(${iftaDistances.modifiedAt} >= ${window.from.getTime()} and ${iftaDistances.modifiedAt} < ${window.to.getTime()}) = 1`,
    )
    .orderBy(asc(iftaDistances.vehicleId), asc(iftaDistances.jurisdiction), asc(iftaDistances.month))
    .limit(page.limit + 1);
  const rows = sums.map((sum): IftaGroupRow => ({ ...sum, groupBy: GROUP_BY, raw: null }));
  if (!page.raw || rows.length === 0) return rows.map((row) => ({ ok: true, row }));
  const months = rows.map((row) => row.month as string).sort();
  const filters = { startMonth: months[0] as string, endMonth: months.at(-1) as string, groupBy: GROUP_BY };
  const raw = await rawOfGroups(db, connectionId, filters, rows.slice(0, page.limit));
  return rows.map((row) => ({
    ok: true,
    row: { ...row, raw: raw.get(JSON.stringify(iftaGroupKey(row, GROUP_BY))) ?? [] },
  }));
}

/** Distances as vehicle-jurisdiction-month summaries: each group with a report changed in the window. */
export const iftaDelivery: DeliverySource = keyedDelivery<IftaGroupRow, typeof IftaSummarySchema>({
  table: "ifta_distances",
  schema: IftaSummarySchema,
  listChanged: listChangedGroups,
  keyOf: (row) => iftaGroupKey(row, GROUP_BY),
  present: (row, raw) => presentIftaSummary(row, { raw }),
});
