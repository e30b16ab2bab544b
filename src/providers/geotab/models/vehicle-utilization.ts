import type { NormalizedUtilizationDay } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import { DAY_MS, isoDay, utcDayStart } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { type GeotabClient, PROVIDER } from "../client";
import { decodeCursor, encodeCursor } from "../cursor";
import { geotabClient } from "../login";
import { compare, deviceIds, limitOf, listOf, MAX_RESULTS, unreadableIssue, windowOf } from "../paging";
import { geotabStatusData, geotabTrip, geotabUtilizationDay } from "../payloads";
import { parseTimeSpan } from "../timespan";

/**
 * Utilization: the daily sum of Trips plus the fuel counter's StatusData, in MyGeotab's one pace
 * for calls (providers.md 3.3).
 */
export const geotabVehicleUtilization: ProviderModel<"vehicleUtilization"> = {
  pace: "calls",
  read: (request) => readUtilization(geotabClient(request), request),
  normalize: mapUtilizationDay,
};

/** The diagnostic whose StatusData is the cumulative fuel used, in litres. */
export const TOTAL_FUEL_DIAGNOSTIC = "DiagnosticDeviceTotalFuelId";

/** Devices per utilization page are bounded so one ExecuteMultiCall stays small. */
const MAX_DEVICES_PER_PAGE = 50;

/**
 * Utilization of the window, a few devices a page: the devices in id order (the cursor holds the
 * last one done), as many per page as keep about `pageSize` vehicle-days, and each one's Trips and
 * total-fuel StatusData of the window in one ExecuteMultiCall. Each payload is one device's UTC
 * day: its Trips that started that day and its fuel readings of that day, as Geotab sent them.
 */
async function readUtilization(client: GeotabClient, request: ReadRequest): Promise<ProviderPage> {
  const window = windowOf("vehicleUtilization", request);
  const after = decodeCursor(request.cursor, "vehicleUtilization", "after")?.id;
  const ids = (await deviceIds(client)).filter((id) => after === undefined || compare(id, after) > 0);
  const days = Math.max(1, Math.ceil((window.end - window.start) / DAY_MS));
  const perPage = Math.max(1, Math.min(MAX_DEVICES_PER_PAGE, Math.floor(limitOf(request.pageSize) / days)));
  const chunk = ids.slice(0, perPage);
  const fromDate = new Date(window.start).toISOString();
  const toDate = new Date(window.end).toISOString();
  const results = await client.multiCall(
    chunk.flatMap((id) => [
      {
        method: "Get",
        params: {
          typeName: "Trip",
          search: { deviceSearch: { id }, fromDate, toDate, includeOverlappedTrips: true },
          resultsLimit: MAX_RESULTS,
        },
      },
      {
        method: "Get",
        params: {
          typeName: "StatusData",
          search: { deviceSearch: { id }, diagnosticSearch: { id: TOTAL_FUEL_DIAGNOSTIC }, fromDate, toDate },
          resultsLimit: MAX_RESULTS,
        },
      },
    ]),
  );
  const items: unknown[] = [];
  let unreadable = 0;
  chunk.forEach((id, index) => {
    const trips = listOf(results[index * 2], "Trip");
    const readings = listOf(results[index * 2 + 1], "StatusData");
    const byDay = new Map<string, { trips: unknown[]; statusData: unknown[] }>();
    const dayOf = (date: string) => {
      const entry = byDay.get(date) ?? { trips: [], statusData: [] };
      byDay.set(date, entry);
      return entry;
    };
    for (const trip of trips) {
      const parsed = geotabTrip.safeParse(trip);
      if (!parsed.success || parsed.data.device.id !== id) {
        unreadable++;
        continue;
      }
      const start = Date.parse(parsed.data.start);
      // Trips overlapping the window's start belong to the day before it; each trip counts on the day it started.
      if (start >= window.start && start < window.end) dayOf(isoDay(start)).trips.push(trip);
    }
    for (const reading of readings) {
      const parsed = geotabStatusData.safeParse(reading);
      if (!parsed.success || parsed.data.device.id !== id) {
        unreadable++;
        continue;
      }
      // Geotab adds readings interpolated at fromDate and toDate (no id): not the counter's own.
      if (parsed.data.id === undefined) continue;
      const time = Date.parse(parsed.data.dateTime);
      if (time >= window.start && time < window.end) dayOf(isoDay(time)).statusData.push(reading);
    }
    for (const [date, day] of [...byDay].sort(([a], [b]) => compare(a, b))) {
      // A day with neither a trip nor a rising fuel counter is not a day of use.
      if (day.trips.length === 0 && day.statusData.length < 2) continue;
      items.push({ device: { id }, date, trips: day.trips, statusData: day.statusData });
    }
  });
  const last = chunk.at(-1);
  return {
    items,
    schema: "geotab.Trip+StatusData",
    ...(ids.length > chunk.length && last !== undefined
      ? { nextCursor: encodeCursor("vehicleUtilization", { k: "after", id: last }) }
      : {}),
    ...(unreadable > 0 ? { issues: [unreadableIssue(unreadable, "Trip or StatusData")] } : {}),
  };
}

/**
 * A vehicle-day from its Trips (distance km, driving and idling TimeSpans, summed) and its
 * cumulative-fuel StatusData (the day's fuel is the rise of the counter across its readings;
 * a drop, when the counter was reset, counts nothing). The day runs from its first trip's start
 * to its last trip's stop; without trips, across its fuel readings.
 */
export function mapUtilizationDay(payload: unknown): NormalizedUtilizationDay {
  const day = parsePayload(PROVIDER, geotabUtilizationDay, payload, "Trip/StatusData day");
  const deviceId = day.device.id;
  const dayStart = utcDayStart(day.date);
  const trips = [...day.trips].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const readings = day.statusData
    .filter((reading) => reading.diagnostic.id === TOTAL_FUEL_DIAGNOSTIC)
    .sort((a, b) => Date.parse(a.dateTime) - Date.parse(b.dateTime));
  for (const record of [...trips, ...readings]) {
    if (record.device.id !== deviceId) throw new ProviderError("malformed", "Geotab: a day mixes two devices.");
  }
  for (const trip of trips) {
    const start = Date.parse(trip.start);
    if (start < dayStart || start >= dayStart + DAY_MS) {
      throw new ProviderError("malformed", `Geotab: a trip of another day is in ${day.date}.`);
    }
  }
  let distance = 0;
  let driving = 0;
  let idling = 0;
  for (const trip of trips) {
    distance += trip.distance;
    driving += parseTimeSpan(trip.drivingDuration) ?? 0;
    idling += trip.idlingDuration === undefined ? 0 : (parseTimeSpan(trip.idlingDuration) ?? 0);
  }
  let fuel = 0;
  for (let index = 1; index < readings.length; index++) {
    fuel += Math.max(0, readings[index]!.data - readings[index - 1]!.data);
  }
  const times = trips.length
    ? {
        start: Math.min(...trips.map((trip) => Date.parse(trip.start))),
        end: Math.max(...trips.map((trip) => Date.parse(trip.stop))),
      }
    : readings.length
      ? { start: Date.parse(readings[0]!.dateTime), end: Date.parse(readings.at(-1)!.dateTime) }
      : { start: dayStart, end: dayStart + DAY_MS };
  return {
    vehicleSourceId: deviceId,
    date: day.date,
    startAt: new Date(times.start).toISOString(),
    endAt: new Date(Math.max(times.start, times.end)).toISOString(),
    distance: round2(distance),
    fuelConsumed: round2(fuel),
    durations: { driving: Math.round(driving), idling: Math.round(idling) },
  };
}
