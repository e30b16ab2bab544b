import { type SQL, sql } from "drizzle-orm";
import { queryBatch } from "../../db/raw";
import { contentHash } from "../../lib/content-hash";
import { recordId } from "../../lib/record-ids";
import type { NormalizedSafetyEvent } from "../../model/normalized";
import { jsonOrNull, syncedValues, toMs, type WriteContext } from "./context";
import { upsertSynced } from "./upsert-synced";

const COLUMNS = [
  "type",
  "driver_id",
  "vehicle_id",
  "start_location",
  "end_location",
  "started_at",
  "ended_at",
  "stats",
  "camera_media",
];

/** Writes a page of safety events; events of hidden vehicles or drivers are not ingested. */
export async function writeSafetyEvents(
  context: WriteContext,
  items: { normalized: NormalizedSafetyEvent; payload: unknown }[],
): Promise<SQL[]> {
  if (!items.length) return [];
  const { d1, connection } = context;
  const [hiddenVehicles, hiddenDrivers] = await queryBatch<[{ id: string }, { id: string }]>(d1, [
    sql`SELECT id FROM vehicles WHERE connection_id = ${connection.id} AND visibility != 'visible'`,
    sql`SELECT id FROM drivers WHERE connection_id = ${connection.id} AND visibility != 'visible'`,
  ]);
  const hidden = new Set([...hiddenVehicles, ...hiddenDrivers].map((row) => row.id));
  const rows: unknown[][] = [];
  for (const { normalized: event, payload } of items) {
    const vehicleId = event.vehicleSourceId ? await recordId(connection, "vehicle", event.vehicleSourceId) : null;
    const driverId = event.driverSourceId ? await recordId(connection, "driver", event.driverSourceId) : null;
    if ((vehicleId && hidden.has(vehicleId)) || (driverId && hidden.has(driverId))) continue;
    rows.push([
      ...syncedValues(context, {
        id: await recordId(connection, "safetyEvent", event.sourceId),
        sourceId: event.sourceId,
        hash: contentHash(event),
        payload,
      }),
      event.type,
      driverId,
      vehicleId,
      jsonOrNull(event.startLocation),
      jsonOrNull(event.endLocation),
      toMs(event.startedAt),
      toMs(event.endedAt),
      jsonOrNull(event.stats),
      JSON.stringify(event.cameraMedia),
    ]);
  }
  return rows.length ? upsertSynced("safety_events", COLUMNS, rows) : [];
}
