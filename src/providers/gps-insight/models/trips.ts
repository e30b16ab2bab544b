import type { Location, NormalizedTrip } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { DAY_MS } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { type GpsInsightClient, PROVIDER } from "../client";
import { dayOf, formatDate, parseWallClock, utcOf } from "../local-time";
import { gpsInsightTripPayload } from "../payloads";
import { kmOfMiles } from "../values";
import { inWindow, readVehicleDays, type VehicleDay } from "../vehicle-days";
import { checkVehicle } from "../vehicle-ids";

/**
 * Trips are the `T` rows of `vehicle/tripdetail?date=M/D/YYYY` (an account-local day), read a
 * vehicle-day at a time (vehicle-days.ts). A row's times are account-local without a zone, so
 * each payload is the row untouched with the UTC offset it was read at.
 */
export const gpsInsightTrips: ProviderModel<"trips"> = {
  pace: "calls",
  read: (request) => readVehicleDays(request, { model: "trips", schema: "vehicle/tripdetail", read: readDay }),
  normalize: mapTrip,
};

/**
 * The day's finished trips that started on it (a day's answer also holds the rows reaching into
 * it from the day before, which that day hands on) and in the window. Idles (`I`), stops (`S`)
 * and the trip still in progress are not trips (yet).
 */
async function readDay(client: GpsInsightClient, day: VehicleDay): Promise<unknown[]> {
  const rows = await client.list("vehicle/tripdetail", {
    vehicle: day.vehicleId,
    date: formatDate(day.day * DAY_MS),
  });
  const seen = new Set<string>();
  const payloads: unknown[] = [];
  for (const row of rows) {
    checkVehicle(row, day.vehicleId);
    const { trip_type: type, trip_start: start, in_progress: inProgress } = (row ?? {}) as Record<string, unknown>;
    if (type !== "T" || Number(inProgress ?? 0) !== 0) continue;
    const local = typeof start === "string" ? parseWallClock(start) : Number.NaN;
    // A row reaching in from the day before is that day's; one without a readable start is refused by normalize.
    if (!Number.isNaN(local) && (dayOf(local) !== day.day || !inWindow(utcOf(local, day.offset), day))) continue;
    const key = JSON.stringify(row);
    if (seen.has(key)) continue; // the same row twice in one answer
    seen.add(key);
    payloads.push({ trip: row, utcOffsetMinutes: day.offset });
  }
  return payloads;
}

/**
 * A trip: from its start point to its end point, `distance` in miles. It has no id of its own,
 * so the vehicle and start instant are its source id; nor a driver.
 */
export function mapTrip(payload: unknown): NormalizedTrip {
  const { trip, utcOffsetMinutes } = parsePayload(PROVIDER, gpsInsightTripPayload, payload, "trip");
  const start = parseWallClock(trip.trip_start);
  const end = trip.trip_end ? parseWallClock(trip.trip_end) : Number.NaN;
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) {
    throw new ProviderError("malformed", `${PROVIDER}: a trip of ${trip.id} has unreadable or reversed times.`);
  }
  const startedAt = new Date(utcOf(start, utcOffsetMinutes)).toISOString();
  const startLocation = locationOf(trip.latitude_start, trip.longitude_start);
  const endLocation = locationOf(trip.latitude_end, trip.longitude_end);
  const distance = kmOfMiles(trip.distance);
  return {
    sourceId: `${trip.id}@${startedAt}`,
    vehicleSourceId: trip.id,
    ...(startLocation ? { startLocation } : {}),
    ...(endLocation ? { endLocation } : {}),
    ...(distance !== undefined ? { distance } : {}),
    startedAt,
    endedAt: new Date(utcOf(end, utcOffsetMinutes)).toISOString(),
  };
}

function locationOf(latitude: number | null | undefined, longitude: number | null | undefined): Location | undefined {
  if (latitude === null || latitude === undefined || longitude === null || longitude === undefined) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) return undefined;
  return { latitude, longitude };
}
