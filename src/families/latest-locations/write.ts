import { type SQL, sql } from "drizzle-orm";
import { contentHash } from "../../lib/content-hash";
import { recordId } from "../../lib/record-ids";
import type { NormalizedLatestLocation } from "../../model/normalized";
import { upsertSnapshot } from "../kit/snapshot-write";
import { type Item, rawEntry, round2OrNull, type WriteContext } from "../kit/write";

const COLUMNS = [
  "connection_id",
  "vehicle_id",
  "provider",
  "driver_id",
  "located_at",
  "latitude",
  "longitude",
  "address",
  "heading",
  "speed",
  "odometer",
  "fuel_primary",
  "fuel_secondary",
  "engine_state",
  "engine_runtime_ms",
  "added_at",
  "modified_at",
  "content_hash",
  "raw",
];

/**
 * Writes a page of the provider's live snapshot: one row per vehicle, replaced only by a
 * position at least as recent (a sync's page read before an on-demand refresh does not take
 * the vehicle back in time); `modified_at` moves only when the content changed. Vehicles that
 * are not visible in the connection are left out by the statement itself.
 */
export async function writeLatestLocations(
  context: WriteContext,
  items: Item<NormalizedLatestLocation>[],
): Promise<SQL[]> {
  if (!items.length) return [];
  const { connection, now } = context;
  const rows = await Promise.all(
    items.map(async ({ normalized: latest, payload }) => [
      connection.id,
      await recordId(connection, "vehicle", latest.vehicleSourceId),
      connection.provider,
      latest.driverSourceId ? await recordId(connection, "driver", latest.driverSourceId) : null,
      Date.parse(latest.locatedAt),
      latest.location.latitude,
      latest.location.longitude,
      latest.address ?? null,
      round2OrNull(latest.heading),
      round2OrNull(latest.speed),
      round2OrNull(latest.odometer),
      round2OrNull(latest.fuel?.primaryPercentage),
      round2OrNull(latest.fuel?.secondaryPercentage),
      latest.engineState ?? null,
      latest.engineRuntime === undefined ? null : Math.round(latest.engineRuntime),
      now,
      now,
      contentHash(latest),
      rawEntry(context, payload),
    ]),
  );
  return upsertSnapshot({
    table: "latest_vehicle_locations",
    key: "vehicle_id",
    columns: COLUMNS,
    rows,
    where: (column) =>
      sql`${column("vehicle_id")} IN (SELECT id FROM vehicles WHERE connection_id = ${connection.id} AND visibility = 'visible')`,
  });
}
