import type { NormalizedLatestLocation } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER, Tn360Client, Tn360ForbiddenError } from "../client";
import { BUCKETS } from "../pace";
import { tn360Stats } from "../payloads";
import { coordinates, headingOf, listOf, speedOf, utcOf } from "../values";

export const STATS_PATH = "/v1/vehicles/stats";
/**
 * `last_updated` of a whole snapshot: TN360 answers the vehicles updated since it (its delta poll
 * passes the newest `updatedAt` seen); the epoch asks for every vehicle's last fix.
 */
const EVERY_VEHICLE_SINCE = "1970-01-01T00:00:00.000Z";

/**
 * Latest locations ("vehicle visibility"): `GET /v1/vehicles/stats?embed=vehicles&gps=true&
 * last_updated=…`, each vehicle's last fix with the vehicle embedded, in one answer, paced in
 * its own bucket at the documented fair use (one poll in 5 minutes, pace.ts). A fix the device
 * marked not `valid` has no position to report and is left out.
 */
export const tn360LatestVehicleLocations: ProviderModel<"latestVehicleLocations"> = {
  pace: BUCKETS.stats,
  read: async (request) => {
    const client = Tn360Client.of(request.context, request.credentials);
    const query = { embed: "vehicles", gps: "true", last_updated: EVERY_VEHICLE_SINCE };
    try {
      const items = listOf(await client.get(BUCKETS.stats, STATS_PATH, query), STATS_PATH).filter(
        (item) => (item as { GPS?: { valid?: unknown } } | null)?.GPS?.valid !== false,
      );
      return { items, schema: STATS_PATH };
    } catch (error) {
      if (!(error instanceof Tn360ForbiddenError)) throw error;
      return { items: [], schema: STATS_PATH, issues: [{ code: "missing_permissions", message: error.message }] };
    }
  },
  normalize: mapLatestLocation,
};

/** A vehicle's last fix: position, `Spd` (km/h), `Dir` (degrees), `updatedAt` (local offset) in UTC. */
export function mapLatestLocation(payload: unknown): NormalizedLatestLocation {
  const stats = parsePayload(PROVIDER, tn360Stats, payload, "vehicle stats");
  const location = coordinates(stats.GPS.Lat, stats.GPS.Lng);
  if (!location || stats.GPS.valid === false) {
    throw new ProviderError("malformed", `${PROVIDER}: vehicle ${stats.vehicle.id} has no valid fix.`);
  }
  const heading = headingOf(stats.GPS.Dir);
  const speed = speedOf(stats.GPS.Spd);
  return {
    vehicleSourceId: stats.vehicle.id,
    locatedAt: utcOf(stats.updatedAt),
    location,
    ...(heading !== undefined ? { heading } : {}),
    ...(speed !== undefined ? { speed } : {}),
  };
}
