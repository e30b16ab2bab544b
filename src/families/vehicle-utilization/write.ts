import { type SQL, sql } from "drizzle-orm";
import { upsertJsonRows } from "../../db/json-rows";
import { contentHash } from "../../lib/content-hash";
import { recordIds } from "../../lib/record-ids";
import { round2 } from "../../lib/units";
import type { NormalizedUtilizationDay } from "../../model/normalized";
import { billingMonth } from "../kit/billing";
import { type Item, rawEntry, type WriteContext } from "../kit/write";

/** The columns of a utilization row, in the order writers fill them. */
export const UTILIZATION_COLUMNS = [
  "connection_id",
  "application_id",
  "environment",
  "provider",
  "vehicle_id",
  "vehicle_source_id",
  "date",
  "start_at",
  "end_at",
  "distance",
  "fuel_consumed",
  "driving_ms",
  "idling_ms",
  "added_at",
  "modified_at",
  "content_hash",
  "raw",
];

/**
 * Writes a page of vehicle-days, with no read before the write: days of vehicles that are
 * hidden by the connection's filters, deleted, or not (yet) known are left out by the upsert
 * itself, and new days from before the connection's creation add backfill units to the month's
 * usage through a statement that runs first in the same batch (so it still sees which days are
 * new). One round trip for the page, a transaction, as before.
 */
export async function writeUtilization(context: WriteContext, items: Item<NormalizedUtilizationDay>[]): Promise<SQL[]> {
  if (!items.length) return [];
  const { connection } = context;
  const createdDay = connection.createdAt.toISOString().slice(0, 10);
  const vehicleIds = await recordIds(
    connection,
    "vehicle",
    items.map((item) => item.normalized.vehicleSourceId),
  );
  const rows: unknown[][] = [];
  const history: [string, string][] = [];
  for (const [index, { normalized: day, payload }] of items.entries()) {
    const vehicleId = vehicleIds[index] as string;
    if (day.date < createdDay) history.push([vehicleId, day.date]);
    const content = { ...day, distance: round2(day.distance), fuelConsumed: round2(day.fuelConsumed) };
    rows.push([
      connection.id,
      connection.applicationId,
      connection.environment,
      connection.provider,
      vehicleId,
      day.vehicleSourceId,
      day.date,
      Date.parse(day.startAt),
      Date.parse(day.endAt),
      content.distance,
      content.fuelConsumed,
      Math.round(day.durations.driving),
      Math.round(day.durations.idling),
      context.now,
      context.now,
      contentHash(content),
      rawEntry(context, payload),
    ]);
  }
  return [
    ...billBackfillDays(context, history),
    ...upsertJsonRows({
      ...utilizationUpsert(rows),
      where: (column) => visibleVehicle(connection.id, column("vehicle_id")),
    }),
  ];
}

/** Whether the vehicle id `column` is one of the connection's visible vehicles. */
const visibleVehicle = (connectionId: string, column: SQL) =>
  sql`${column} IN (SELECT id FROM vehicles WHERE connection_id = ${connectionId} AND visibility = 'visible')`;

/**
 * Backfill units for the page's days of history, [vehicle id, date] pairs: one per day of a
 * visible vehicle that is not stored yet, counted in SQL before the upsert stores them (so a
 * day re-synced is never billed twice, and a redelivered page finds its days stored).
 */
function billBackfillDays(context: WriteContext, days: readonly [string, string][]): SQL[] {
  if (days.length === 0) return [];
  const { connection } = context;
  const vehicle = sql.raw("json_extract(value, '$[0]')");
  const date = sql.raw("json_extract(value, '$[1]')");
  return [
    sql`INSERT INTO usage_records (application_id, environment, month, connection_id, vehicle_id, backfill_unit_count)
      SELECT ${connection.applicationId}, ${connection.environment}, ${billingMonth(context.now)}, ${connection.id},
        ${vehicle}, count(DISTINCT ${date})
      FROM json_each(${JSON.stringify(days)})
      WHERE ${visibleVehicle(connection.id, vehicle)}
        AND NOT EXISTS (SELECT 1 FROM vehicle_utilization
          WHERE connection_id = ${connection.id} AND vehicle_id = ${vehicle} AND date = ${date})
      GROUP BY ${vehicle}
      ON CONFLICT (application_id, environment, month, connection_id, vehicle_id)
        DO UPDATE SET backfill_unit_count = usage_records.backfill_unit_count + excluded.backfill_unit_count`,
  ];
}

/**
 * The idempotent upsert of utilization rows (UTILIZATION_COLUMNS order), keyed on (connection,
 * vehicle, date): `modified_at` moves only when the content hash changes. One statement for a
 * usual page, more for large raw payloads (db/json-rows.ts). The sync benchmark's ceiling
 * Worker writes with it too.
 */
export function upsertUtilizationRows(rows: readonly (readonly unknown[])[]): SQL[] {
  return upsertJsonRows(utilizationUpsert(rows));
}

function utilizationUpsert(rows: readonly (readonly unknown[])[]) {
  return {
    table: "vehicle_utilization",
    columns: UTILIZATION_COLUMNS,
    rows,
    conflict: ["connection_id", "vehicle_id", "date"],
    update: sql`start_at = excluded.start_at, end_at = excluded.end_at, distance = excluded.distance,
      fuel_consumed = excluded.fuel_consumed, driving_ms = excluded.driving_ms, idling_ms = excluded.idling_ms,
      raw = excluded.raw,
      modified_at = CASE WHEN vehicle_utilization.content_hash IS NOT excluded.content_hash
        THEN excluded.modified_at ELSE vehicle_utilization.modified_at END,
      content_hash = excluded.content_hash`,
  };
}
