import type { NormalizedLocationBatch } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import { DAY_MS } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { type GpsInsightClient, PROVIDER } from "../client";
import { formatDateTime } from "../local-time";
import { gpsInsightPoint } from "../payloads";
import { driverIdOf, headingOf, kmhOfMph } from "../values";
import { inWindow, readVehicleDays, type VehicleDay } from "../vehicle-days";
import { checkVehicle } from "../vehicle-ids";

/**
 * Breadcrumbs are `vehicle/history` with a `start`/`end` (account-local, `M/D/YYYY HH:MM:SS`),
 * read a vehicle-day at a time (vehicle-days.ts). Each payload is one point.
 */
export const gpsInsightVehicleLocations: ProviderModel<"vehicleLocations"> = {
  pace: "calls",
  read: (request) => readVehicleDays(request, { model: "vehicleLocations", schema: "vehicle/history", read: readDay }),
  normalize: mapBreadcrumb,
};

/**
 * The day's points in the window, by their `fix_time_gmt`. The whole local day is asked
 * (`end` is inclusive, to the second): GPS Insight answers each point for its own local day
 * only, so no point comes on two pages.
 */
async function readDay(client: GpsInsightClient, day: VehicleDay): Promise<unknown[]> {
  const start = day.day * DAY_MS;
  const points = await client.list("vehicle/history", {
    vehicle: day.vehicleId,
    start: formatDateTime(start),
    end: formatDateTime(start + DAY_MS - 1000),
  });
  const seen = new Set<string>();
  return points.filter((point) => {
    checkVehicle(point, day.vehicleId);
    const at = Date.parse(String((point as { fix_time_gmt?: unknown } | null)?.fix_time_gmt));
    if (Number.isNaN(at)) return true; // normalize refuses it as malformed
    // The same point twice in one answer is handed on once.
    const key = JSON.stringify(point);
    if (!inWindow(at, day) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One history point as a batch of one: position, heading, speed (`inst_speed`, mph), address, driver. */
export function mapBreadcrumb(payload: unknown): NormalizedLocationBatch {
  const point = parsePayload(PROVIDER, gpsInsightPoint, payload, "history point");
  const heading = headingOf(point.heading);
  const speed = kmhOfMph(point.inst_speed);
  const address = nonBlank(point.address);
  const driver = driverIdOf(point.driver_id);
  return {
    vehicleSourceId: point.id,
    points: [
      {
        locatedAt: new Date(point.fix_time_gmt).toISOString(),
        location: { latitude: point.latitude, longitude: point.longitude },
        ...(heading !== undefined ? { heading } : {}),
        ...(speed !== undefined ? { speed } : {}),
        ...(address !== undefined ? { address } : {}),
        ...(driver !== undefined ? { driverSourceId: driver } : {}),
      },
    ],
  };
}
