import { and, asc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { inList } from "../../db/in-list";
import { afterKey } from "../../db/keyset";
import { reportBadRow } from "../../lib/bad-rows";
import type { CursorKey } from "../../lib/cursor";
import type { RawEntry } from "../../model/normalized";
import type { KeyPage } from "../kit/read";
import type { Reads } from "../kit/reads";
import { vehicles } from "../vehicles/table";
import { presentIftaSummary } from "./present";
import { type IftaGroupBy, IftaSummarySchema, RAW_PER_GROUP } from "./schema";
import { iftaDistances } from "./table";

export type IftaFilters = {
  /** First month, inclusive (YYYY-MM). */
  startMonth: string;
  /** Last month, inclusive (YYYY-MM). */
  endMonth: string;
  groupBy: IftaGroupBy;
};

type GroupKey = "vehicle" | "jurisdiction" | "month";

/** One group of a summary: its keys (null where the grouping has no such key), its sums, and the raw reports summed. */
export type IftaGroupRow = {
  groupBy: IftaGroupBy;
  provider: string;
  vehicleId: string | null;
  /** Null for an unknown jurisdiction too; `groupBy` tells whether the group has one. */
  jurisdiction: string | null;
  month: string | null;
  /** km. */
  distance: number;
  /** Litres; null unless every report of the group has fuel. */
  fuel: number | null;
  raw: RawEntry[] | null;
};

const keysOf = (groupBy: IftaGroupBy) => groupBy.split(",") as GroupKey[];

/** The columns a group is keyed, grouped and ordered by. */
const GROUP_COLUMNS = {
  vehicle: iftaDistances.vehicleId,
  jurisdiction: iftaDistances.jurisdiction,
  month: iftaDistances.month,
};

/**
 * The same as the cursor carries and the keyset compares them: an unknown jurisdiction is ''.
 * Codes are never empty and NULL sorts first as '' does, so the order is the grouping's.
 */
const KEYSET_COLUMNS = {
  vehicle: sql`${iftaDistances.vehicleId}`,
  jurisdiction: sql`ifnull(${iftaDistances.jurisdiction}, '')`,
  month: sql`${iftaDistances.month}`,
};

/** The cursor key of a group: its keys in the grouping's order. */
export function iftaGroupKey(row: IftaGroupRow, groupBy: IftaGroupBy): CursorKey {
  return keysOf(groupBy).map((key) =>
    key === "vehicle" ? (row.vehicleId ?? "") : key === "jurisdiction" ? (row.jurisdiction ?? "") : (row.month ?? ""),
  );
}

/**
 * The reports a summary sums: the connection's, in the months asked for, of vehicles visible
 * now (one list the query builds once and walks in id order, not a probe per report), or of
 * the given vehicles (a page's, found visible by its read).
 */
function reportsIn(connectionId: string, filters: IftaFilters, vehicleIds?: readonly string[]): SQL | undefined {
  return and(
    eq(iftaDistances.connectionId, connectionId),
    gte(iftaDistances.month, filters.startMonth),
    lte(iftaDistances.month, filters.endMonth),
    vehicleIds
      ? inList(iftaDistances.vehicleId, vehicleIds)
      : sql`${iftaDistances.vehicleId} in (select ${vehicles.id} from ${vehicles} where ${vehicles.connectionId} = ${connectionId} and ${vehicles.visibility} = 'visible')`,
  );
}

/**
 * The table, read through the index that serves the grouping, named because the planner
 * without statistics takes the month range for every grouping. Grouped by vehicle first, the
 * (connection, vehicle, jurisdiction, month) index hands the groups over in their order, so a
 * page stops after its last group: over a 1,000-vehicle fleet's million reports (in-memory
 * SQLite), a first page of three years took 0.2 s this way against 1 s through the month range
 * and a sort of all of it (equal for a quarter). By jurisdiction alone, the month range is read
 * whole whichever index, and that one reads only it.
 */
export function reportsTable(keys: readonly GroupKey[]): SQL {
  const index = keys[0] === "vehicle" ? "ifta_distances_vehicle_jurisdiction_idx" : "ifta_distances_month_idx";
  return sql`${iftaDistances} indexed by ${sql.identifier(index)}`;
}

/**
 * Reports of groups after the cursor's. Grouped by vehicle first, the vehicle bound alone lets
 * the (connection, vehicle, jurisdiction, month) index seek to the page's first vehicle; the
 * full comparison then drops what precedes the cursor within it.
 */
export function afterGroup(keys: readonly GroupKey[], after: CursorKey | undefined): SQL | undefined {
  if (after === undefined) return undefined;
  const values = after.map(String);
  return and(
    keys[0] === "vehicle" ? gte(iftaDistances.vehicleId, values[0]!) : undefined,
    afterKey(
      keys.map((key) => KEYSET_COLUMNS[key]),
      values,
      "asc",
    ),
  );
}

/**
 * One page of a summary, `limit + 1` groups in the order of their keys: the reports of the
 * months asked for summed by the grouping, with, when asked, the raw reports of each group.
 */
export async function listIftaGroups(
  db: Database,
  connectionId: string,
  filters: IftaFilters,
  page: KeyPage,
): Promise<IftaGroupRow[]> {
  const keys = keysOf(filters.groupBy);
  const grouped = keys.map((key) => GROUP_COLUMNS[key]);
  const keyOrNull = (key: GroupKey) =>
    keys.includes(key) ? sql<string | null>`${GROUP_COLUMNS[key]}` : sql<null>`null`;
  const sums = await db
    .select({
      provider: sql<string>`min(${iftaDistances.provider})`,
      vehicleId: keyOrNull("vehicle"),
      jurisdiction: keyOrNull("jurisdiction"),
      month: keyOrNull("month"),
      distance: sql<number>`sum(${iftaDistances.distance})`,
      fuel: sql<number | null>`case when count(${iftaDistances.fuel}) = count(*) then sum(${iftaDistances.fuel}) end`,
    })
    .from(reportsTable(keys))
    .where(and(reportsIn(connectionId, filters), afterGroup(keys, page.after)))
    .groupBy(...grouped)
    .orderBy(...grouped.map((column) => asc(column)))
    .limit(page.limit + 1);
  const rows = sums.map((sum): IftaGroupRow => ({ ...sum, groupBy: filters.groupBy, raw: null }));
  if (!page.raw || rows.length === 0) return rows;
  const raw = await rawOfGroups(db, connectionId, filters, rows.slice(0, page.limit));
  return rows.map((row) => ({ ...row, raw: raw.get(JSON.stringify(iftaGroupKey(row, filters.groupBy))) ?? [] }));
}

/**
 * The raw reports of the page's groups, at most RAW_PER_GROUP each, oldest period first, by
 * the group's key (JSON). One query: the reports of the page's vehicles (or jurisdictions),
 * ranked within their group. A report whose stored JSON does not parse is reported and left out.
 */
export async function rawOfGroups(
  db: Database,
  connectionId: string,
  filters: IftaFilters,
  groups: readonly IftaGroupRow[],
): Promise<Map<string, RawEntry[]>> {
  const keys = keysOf(filters.groupBy);
  const first = keys[0]!;
  const firstValues = [...new Set(groups.map((row) => String(iftaGroupKey(row, filters.groupBy)[0])))];
  const ranked = db
    .select({
      // Expressions, not columns: drizzle asks a selected column's table to be the FROM, which the index hint is not.
      id: sql<string>`${iftaDistances.id}`.as("report_id"),
      key: sql<string>`json_array(${sql.join(
        keys.map((key) => KEYSET_COLUMNS[key]),
        sql`, `,
      )})`.as("group_key"),
      raw: sql<string>`${iftaDistances.raw}`.as("raw_json"),
      rank: sql<number>`row_number() over (partition by ${sql.join(
        keys.map((key) => GROUP_COLUMNS[key]),
        sql`, `,
      )} order by ${iftaDistances.period}, ${iftaDistances.id})`.as("group_rank"),
    })
    .from(reportsTable(keys))
    .where(
      first === "vehicle"
        ? reportsIn(connectionId, filters, firstValues)
        : and(reportsIn(connectionId, filters), inList(KEYSET_COLUMNS[first], firstValues)),
    )
    .as("ranked");
  const rows = await db
    .select({ id: ranked.id, key: ranked.key, raw: ranked.raw })
    .from(ranked)
    .where(lte(ranked.rank, RAW_PER_GROUP))
    .orderBy(asc(ranked.key), asc(ranked.rank));
  const byGroup = new Map<string, RawEntry[]>();
  for (const row of rows) {
    let entry: RawEntry;
    try {
      entry = JSON.parse(row.raw) as RawEntry;
    } catch (error) {
      reportBadRow({ table: "ifta_distances", id: row.id, stage: "decode", column: "raw", error });
      continue;
    }
    const entries = byGroup.get(row.key) ?? [];
    entries.push(entry);
    byGroup.set(row.key, entries);
  }
  return byGroup;
}

const expand = { vehicle: { table: vehicles, ids: (row: IftaGroupRow) => [row.vehicleId] } };

/** How a summary is read and presented: groups keyed, ordered and paged by the grouping's keys. */
export const iftaSummaryReads: Reads<IftaGroupRow, IftaFilters, typeof expand, typeof IftaSummarySchema> = {
  table: "ifta_distances",
  schema: IftaSummarySchema,
  list: async (db, connectionId, filters, page) =>
    (await listIftaGroups(db, connectionId, filters, page)).map((row) => ({ ok: true, row })),
  keyOf: (row, filters) => iftaGroupKey(row, filters.groupBy),
  expand,
  present: presentIftaSummary,
};
