import { type SQL, sql } from "drizzle-orm";
import { upsertJsonRows } from "../../db/json-rows";
import { queryBatch } from "../../db/raw";
import { contentHash } from "../../lib/content-hash";
import { recordId } from "../../lib/record-ids";
import { round2 } from "../../lib/units";
import type { NormalizedUtilizationDay } from "../../model/normalized";
import { billBackfill } from "../kit/billing";
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
 * Writes a page of vehicle-days. Days of vehicles that are hidden by the connection's
 * filters, deleted, or not (yet) known are not ingested. New days from before the
 * connection's creation add backfill units to the month's usage, in the same batch.
 */
export async function writeUtilization(context: WriteContext, items: Item<NormalizedUtilizationDay>[]): Promise<SQL[]> {
  if (!items.length) return [];
  const { d1, connection } = context;
  const withIds = await Promise.all(
    items.map(async (item) => ({
      ...item,
      vehicleId: await recordId(connection, "vehicle", item.normalized.vehicleSourceId),
    })),
  );
  const vehicleIds = [...new Set(withIds.map((item) => item.vehicleId))];
  const keys = withIds.map((item) => [item.vehicleId, item.normalized.date]);
  const [visible, existing] = await queryBatch<[{ id: string }, { vehicle_id: string; date: string }]>(d1, [
    sql`SELECT id FROM vehicles WHERE connection_id = ${connection.id} AND visibility = 'visible'
      AND id IN (SELECT value FROM json_each(${JSON.stringify(vehicleIds)}))`,
    sql`SELECT vehicle_id, date FROM vehicle_utilization
      WHERE connection_id = ${connection.id}
        AND (vehicle_id, date) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${JSON.stringify(keys)}))`,
  ]);
  const visibleIds = new Set(visible.map((row) => row.id));
  const existingKeys = new Set(existing.map((row) => `${row.vehicle_id}|${row.date}`));
  const createdDay = connection.createdAt.toISOString().slice(0, 10);

  const rows: unknown[][] = [];
  const backfill = new Map<string, number>();
  for (const { normalized: day, payload, vehicleId } of withIds) {
    if (!visibleIds.has(vehicleId)) continue;
    if (day.date < createdDay && !existingKeys.has(`${vehicleId}|${day.date}`)) {
      backfill.set(vehicleId, (backfill.get(vehicleId) ?? 0) + 1);
    }
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
  if (!rows.length) return [];
  return [...upsertUtilizationRows(rows), ...billBackfill(context, backfill)];
}

/**
 * The idempotent upsert of utilization rows (UTILIZATION_COLUMNS order), keyed on (connection,
 * vehicle, date): `modified_at` moves only when the content hash changes. One statement for a
 * usual page, more for large raw payloads (db/json-rows.ts). The sync benchmark's ceiling
 * Worker writes with it too.
 */
export function upsertUtilizationRows(rows: readonly (readonly unknown[])[]): SQL[] {
  return upsertJsonRows({
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
  });
}
