import type { SQL } from "drizzle-orm";
import { recordId } from "../../lib/record-ids";
import { round2 } from "../../lib/units";
import type { NormalizedTrip } from "../../model/normalized";
import { vehicleAndDriverVisible } from "../kit/visibility";
import { type Item, jsonOrNull, toMs, type WriteContext, writeRecords } from "../kit/write";

const COLUMNS = ["vehicle_id", "driver_id", "start_location", "end_location", "distance", "started_at", "ended_at"];

/**
 * Writes a page of trips. Their ids take the trip's start as their time part, so the id order
 * (the list's keyset) is the start order. Trips of hidden (or deleted) vehicles or drivers are
 * not ingested, which the write statement checks itself.
 */
export async function writeTrips(context: WriteContext, items: Item<NormalizedTrip>[]): Promise<SQL[]> {
  if (!items.length) return [];
  const { connection } = context;
  const target = {
    table: "trips",
    kind: "trip",
    columns: COLUMNS,
    idTime: (trip: NormalizedTrip) => Date.parse(trip.startedAt),
    storedWhen: vehicleAndDriverVisible(connection.id),
  } as const;
  return writeRecords(context, target, items, async (trip) => [
    await recordId(connection, "vehicle", trip.vehicleSourceId),
    trip.driverSourceId ? await recordId(connection, "driver", trip.driverSourceId) : null,
    jsonOrNull(trip.startLocation),
    jsonOrNull(trip.endLocation),
    trip.distance === undefined ? null : round2(trip.distance),
    toMs(trip.startedAt),
    toMs(trip.endedAt),
  ]);
}
