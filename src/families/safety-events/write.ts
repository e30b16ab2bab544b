import { sql } from "drizzle-orm";
import { queryBatch } from "../../db/raw";
import { recordId } from "../../lib/record-ids";
import type { NormalizedSafetyEvent } from "../../model/normalized";
import { type Item, jsonOrNull, toMs, type WriteContext, writeRecords } from "../kit/write";

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
export async function writeSafetyEvents(context: WriteContext, items: Item<NormalizedSafetyEvent>[]) {
  if (!items.length) return [];
  const { d1, connection } = context;
  const [hiddenVehicles, hiddenDrivers] = await queryBatch<[{ id: string }, { id: string }]>(d1, [
    sql`SELECT id FROM vehicles WHERE connection_id = ${connection.id} AND visibility != 'visible'`,
    sql`SELECT id FROM drivers WHERE connection_id = ${connection.id} AND visibility != 'visible'`,
  ]);
  const hidden = new Set([...hiddenVehicles, ...hiddenDrivers].map((row) => row.id));
  const target = { table: "safety_events", kind: "safetyEvent", columns: COLUMNS } as const;
  return writeRecords(context, target, items, async (event) => {
    const vehicleId = event.vehicleSourceId ? await recordId(connection, "vehicle", event.vehicleSourceId) : null;
    const driverId = event.driverSourceId ? await recordId(connection, "driver", event.driverSourceId) : null;
    if ((vehicleId && hidden.has(vehicleId)) || (driverId && hidden.has(driverId))) return undefined;
    return [
      event.type,
      driverId,
      vehicleId,
      jsonOrNull(event.startLocation),
      jsonOrNull(event.endLocation),
      toMs(event.startedAt),
      toMs(event.endedAt),
      jsonOrNull(event.stats),
      JSON.stringify(event.cameraMedia),
    ];
  });
}
