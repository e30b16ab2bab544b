import { recordId } from "../../lib/record-ids";
import type { NormalizedSafetyEvent } from "../../model/normalized";
import { vehicleAndDriverVisible } from "../kit/visibility";
import { type Item, jsonOrNull, toMs, type WriteContext, writeRecords } from "../kit/write";

const COLUMNS = [
  "type",
  "source_type",
  "driver_id",
  "vehicle_id",
  "start_location",
  "end_location",
  "started_at",
  "ended_at",
  "stats",
  "camera_media",
];

/**
 * Writes a page of safety events; events of hidden (or deleted) vehicles or drivers are not
 * ingested, which the write statement checks itself: no read before the write.
 */
export async function writeSafetyEvents(context: WriteContext, items: Item<NormalizedSafetyEvent>[]) {
  if (!items.length) return [];
  const { connection } = context;
  const target = {
    table: "safety_events",
    kind: "safetyEvent",
    columns: COLUMNS,
    storedWhen: vehicleAndDriverVisible(connection.id),
  } as const;
  return writeRecords(context, target, items, async (event) => {
    const vehicleId = event.vehicleSourceId ? await recordId(connection, "vehicle", event.vehicleSourceId) : null;
    const driverId = event.driverSourceId ? await recordId(connection, "driver", event.driverSourceId) : null;
    return [
      event.type,
      event.sourceType ?? null,
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
