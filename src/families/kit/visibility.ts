import { type SQL, sql } from "drizzle-orm";
import type { RecordFilter } from "../../db/schema";

/**
 * The visibility of a vehicle or driver under the connection's filters (contract 2.1):
 * deleted at the provider → `deleted`; with `includeIds`, only those are visible (they take
 * priority over the other filters); ids in `excludeIds` are hidden; with `status`, records
 * of the other status are hidden. As SQL over the row's own columns.
 */
function visibilityCase(filter: RecordFilter | undefined): SQL {
  const include = filter?.includeIds ?? [];
  const exclude = filter?.excludeIds ?? [];
  const includeClause = include.length
    ? sql`WHEN id IN (SELECT value FROM json_each(${JSON.stringify(include)})) THEN 'visible' ELSE 'hidden_by_include_list' END`
    : sql`WHEN id IN (SELECT value FROM json_each(${JSON.stringify(exclude)})) THEN 'hidden_by_exclude_list'
          WHEN ${filter?.status ?? null} IS NOT NULL AND status != ${filter?.status ?? null} THEN 'hidden_by_status'
          ELSE 'visible' END`;
  return sql`(CASE WHEN deleted_at IS NOT NULL THEN 'deleted' ${includeClause})`;
}

/**
 * Recomputes the visibility of a connection's vehicles or drivers (all of them, or those with
 * the given source ids). A record whose visibility changes gets a new `modifiedAt`, so that
 * clients reading with `modifiedAfter` see it appear or disappear.
 */
export function refreshVisibility(options: {
  table: "vehicles" | "drivers";
  connectionId: string;
  filter: RecordFilter | undefined;
  now: number;
  sourceIds?: readonly string[];
  /** Only when this holds (in the batch of a change that may not apply). */
  when?: SQL;
}): SQL {
  const next = visibilityCase(options.filter);
  const scope = options.sourceIds
    ? sql` AND source_id IN (SELECT value FROM json_each(${JSON.stringify(options.sourceIds)}))`
    : sql``;
  return sql`UPDATE ${sql.raw(options.table)}
    SET modified_at = CASE WHEN visibility != ${next} THEN ${options.now} ELSE modified_at END,
        visibility = ${next}
    WHERE connection_id = ${options.connectionId}${scope}${options.when ? sql` AND ${options.when}` : sql``}`;
}

/** Whether a record's vehicle or driver (an id column of the incoming row) is absent, not synced yet, or visible. */
function notHiddenIn(connectionId: string, table: "vehicles" | "drivers", id: SQL): SQL {
  return sql`(${id} IS NULL OR ${id} NOT IN (SELECT id FROM ${sql.raw(table)}
    WHERE connection_id = ${connectionId} AND visibility != 'visible'))`;
}

/**
 * A write target's `storedWhen` (kit/write.ts) for records that name a vehicle and a driver:
 * stored only when neither is hidden or deleted in the connection (a record naming none, or one
 * not synced yet, is stored). Checked by the write statement itself: no read before the write.
 */
export function vehicleAndDriverVisible(connectionId: string): (column: (name: string) => SQL) => SQL {
  return (column) =>
    sql`${notHiddenIn(connectionId, "vehicles", column("vehicle_id"))} AND ${notHiddenIn(connectionId, "drivers", column("driver_id"))}`;
}

/** The same for records that name a vehicle only (a vehicle's distances per jurisdiction). */
export function vehicleVisible(connectionId: string): (column: (name: string) => SQL) => SQL {
  return (column) => notHiddenIn(connectionId, "vehicles", column("vehicle_id"));
}

/** The same for records that name a driver only (a driver's day). */
export function driverVisible(connectionId: string): (column: (name: string) => SQL) => SQL {
  return (column) => notHiddenIn(connectionId, "drivers", column("driver_id"));
}
