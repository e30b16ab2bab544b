/**
 * The `near { latitude, longitude, radiusKm }` filter of the MCP location tools (issue 23): the
 * REST API has no geographic filter, and the question agents ask most ("which trucks are near
 * Dallas?") needs one, so the MCP layer computes it over one page of the route's answer. Pure:
 * validation, great-circle distance and the filter itself, nothing of the MCP or the routes.
 */
import { badRequest } from "../http/errors";

export type Near = { latitude: number; longitude: number; radiusKm: number };
export type Position = { latitude: number; longitude: number };

/** The mean Earth radius (IUGG), km: the haversine's sphere, within 0.5 % of the ellipsoid everywhere. */
const EARTH_RADIUS_KM = 6371.0088;
/** Half the Earth's circumference is the farthest any two points are; a larger radius keeps everything. */
export const MAX_NEAR_RADIUS_KM = 20_000;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two positions, km (haversine formula). */
export function distanceKm(from: Position, to: Position): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  // min() guards asin against a rounding error a hair above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Throws the contract's bad_request (with its `detail`) for a `near` outside the valid ranges, so
 * the agent gets an error it can correct rather than an empty answer. The tool's input schema
 * only types the fields: range checks there would be rejected by the SDK before the tool runs,
 * in the SDK's own error shape instead of the contract's.
 */
export function checkNear(near: Near, path = "{toolArguments}.near"): void {
  const checks: [keyof Near, boolean, string][] = [
    ["latitude", near.latitude >= -90 && near.latitude <= 90, "latitude must be between -90 and 90 degrees."],
    ["longitude", near.longitude >= -180 && near.longitude <= 180, "longitude must be between -180 and 180 degrees."],
    [
      "radiusKm",
      near.radiusKm > 0 && near.radiusKm <= MAX_NEAR_RADIUS_KM,
      `radiusKm must be more than 0 and at most ${MAX_NEAR_RADIUS_KM} km.`,
    ],
  ];
  for (const [field, valid, message] of checks) {
    if (!valid) {
      throw badRequest(message, `${path}.${field}`, "Give the point in WGS 84 degrees and a radius in km.", {
        [field]: near[field],
      });
    }
  }
}

/**
 * The items within `near.radiusKm` of its point, nearest first (ties keep their order), each with
 * its `distanceKm` rounded to 2 decimals; items without a position are left out.
 */
export function withinRadius<T extends { location?: Position }>(
  items: readonly T[],
  near: Near,
): (T & { distanceKm: number })[] {
  const kept: { item: T; distance: number }[] = [];
  for (const item of items) {
    if (!item.location) continue;
    const distance = distanceKm(near, item.location);
    if (distance <= near.radiusKm) kept.push({ item, distance });
  }
  kept.sort((a, b) => a.distance - b.distance);
  return kept.map(({ item, distance }) => ({ ...item, distanceKm: Math.round(distance * 100) / 100 }));
}
