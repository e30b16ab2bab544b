import type { NormalizedLocationBatch } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import { KM_PER_MILE, round2 } from "../../kit/units";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { SERIES_PAGE_LIMIT, sandboxListing, windowListing } from "../listing";
import { PROVIDER } from "../payloads";
import { type SandboxBreadcrumbDay, sandboxBreadcrumbDay } from "../series-payloads";
import { breadcrumbsOfDay } from "../simulation/breadcrumbs";
import { DAY_MS, dayString, iso } from "../time";

/** `GET /vehicles/locations/history`: a vehicle-day of breadcrumbs per payload, within the window. */
export const sandboxVehicleLocations: ProviderModel<"vehicleLocations"> = {
  pace: NOT_PACED,
  read: sandboxListing("vehicleLocations", (fleet, window) => {
    const { start, end } = requireWindow(PROVIDER, "vehicleLocations", window);
    return windowListing(
      "sandbox.vehicles.locations.history",
      fleet,
      { start, end },
      (vehicle, day) => {
        const from = Math.max(start.getTime(), day * DAY_MS);
        const to = Math.min(end.getTime(), (day + 1) * DAY_MS);
        const points = breadcrumbsOfDay(fleet, vehicle, day, from, to, fleet.vehicleUntil(vehicle));
        if (points.length === 0) return [];
        const payload: SandboxBreadcrumbDay = {
          vehicleId: vehicle.id,
          day: dayString(day),
          points: points.map((point) => ({
            time: iso(point.t),
            lat: point.lat,
            lng: point.lng,
            headingDegrees: point.heading,
            speedMph: Math.round((point.speedKph / KM_PER_MILE) * 1000) / 1000,
            ...(point.driverId ? { driverId: point.driverId } : {}),
            nearestCity: point.address,
          })),
        };
        return [payload];
      },
      SERIES_PAGE_LIMIT,
    );
  }),
  normalize: mapBreadcrumbDay,
};

/** mph → km/h; each point keeps its own object as its raw payload. */
export function mapBreadcrumbDay(payload: unknown): NormalizedLocationBatch {
  const day = parsePayload(PROVIDER, sandboxBreadcrumbDay, payload, "breadcrumb day");
  return {
    vehicleSourceId: day.vehicleId,
    points: day.points.map((point) => ({
      locatedAt: point.time,
      location: { latitude: point.lat, longitude: point.lng },
      heading: point.headingDegrees,
      speed: round2(point.speedMph * KM_PER_MILE),
      ...(point.driverId ? { driverSourceId: point.driverId } : {}),
      ...(point.nearestCity ? { address: point.nearestCity } : {}),
      raw: point,
    })),
  };
}
