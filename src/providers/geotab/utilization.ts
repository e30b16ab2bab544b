import type { ProviderPage, ReadRequest } from "../types";
import type { GeotabClient } from "./client";
import { decodeCursor, encodeCursor } from "./cursor";
import { TOTAL_FUEL_DIAGNOSTIC } from "./mapping";
import { compare, DAY_MS, idOf, limitOf, listOf, MAX_RESULTS, SCHEMAS, unreadableIssue, windowOf } from "./paging";
import { geotabStatusData, geotabTrip } from "./payloads";

/** Devices per utilization page are bounded so one ExecuteMultiCall stays small. */
const MAX_DEVICES_PER_PAGE = 50;

/**
 * Utilization of the window, a few devices a page: the devices in id order (the cursor holds the
 * last one done), as many per page as keep about `pageSize` vehicle-days, and each one's Trips and
 * total-fuel StatusData of the window in one ExecuteMultiCall. Each payload is one device's UTC
 * day: its Trips that started that day and its fuel readings of that day, as Geotab sent them.
 */
export async function readUtilization(client: GeotabClient, request: ReadRequest): Promise<ProviderPage> {
  const window = windowOf(request);
  const after = decodeCursor(request.cursor, "vehicleUtilization", "after")?.id;
  const devices = await client.get("Device", {
    propertySelector: { fields: ["id"], isIncluded: true },
    resultsLimit: MAX_RESULTS,
  });
  const ids = [...new Set(devices.map(idOf))]
    .filter((id) => id !== "")
    .sort(compare)
    .filter((id) => after === undefined || compare(id, after) > 0);
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
      if (start >= window.start && start < window.end)
        dayOf(new Date(start).toISOString().slice(0, 10)).trips.push(trip);
    }
    for (const reading of readings) {
      const parsed = geotabStatusData.safeParse(reading);
      if (!parsed.success || parsed.data.device.id !== id) {
        unreadable++;
        continue;
      }
      const time = Date.parse(parsed.data.dateTime);
      if (time >= window.start && time < window.end)
        dayOf(new Date(time).toISOString().slice(0, 10)).statusData.push(reading);
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
    schema: SCHEMAS.vehicleUtilization,
    ...(ids.length > chunk.length && last !== undefined
      ? { nextCursor: encodeCursor("vehicleUtilization", { k: "after", id: last }) }
      : {}),
    ...(unreadable > 0 ? { issues: [unreadableIssue(unreadable, "Trip or StatusData")] } : {}),
  };
}
