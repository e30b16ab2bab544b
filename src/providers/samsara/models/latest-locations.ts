import type { NormalizedLatestLocation } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import { round2, round2OrUndefined } from "../../kit/units";
import type { ProviderModel } from "../../types";
import { nextAfter, PROVIDER, type SamsaraClient } from "../client";
import { next, samsaraPages } from "../listing";
import { samsaraListEnvelope } from "../payloads";
import { samsaraVehicleSnapshot } from "../series-payloads";
import {
  ENGINE_STATES,
  metresToKm,
  SNAPSHOT_EXTRA_KEYS,
  SNAPSHOT_EXTRA_TYPES,
  SNAPSHOT_TYPES,
  secondsToMs,
} from "../stat-types";
import { optional, readTime } from "../values";
import { mphToKmh } from "./vehicle-locations";

/** Vehicle ids named in one request of the second snapshot read (they travel in the URL). */
const IDS_PER_REQUEST = 100;
/** Pages of the second read walked for one page of the first (it names that page's vehicles only). */
const MAX_EXTRA_PAGES = 20;

/**
 * The live snapshot: `GET /fleet/vehicles/stats` (providers-families.md 1.1, 1.5), which takes at
 * most three `types` a request. Each page of the first request (position, engine state, ECU
 * odometer) is completed by a second one for the same vehicles (fuel level, engine seconds, GPS
 * odometer), and each vehicle's two objects are merged into one payload, as Samsara would answer
 * one request with all six types. Vehicles without a position are left out. Paced per token,
 * like every stats endpoint (providers.md 1.3).
 */
export const samsaraLatestVehicleLocations: ProviderModel<"latestVehicleLocations"> = {
  pace: "token",
  read: samsaraPages("latestVehicleLocations", "samsara.fleet.vehicles.stats", async (client, input) => {
    const body = await client.get(
      "/fleet/vehicles/stats",
      { types: SNAPSHOT_TYPES.join(","), after: input.cursor?.after },
      samsaraListEnvelope,
    );
    const located = body.data.filter(hasPosition);
    const extras = await readExtras(
      client,
      located.map(idOf).filter((id): id is string => id !== undefined),
    );
    const items = located.map((vehicle) => {
      const extra = extras.get(idOf(vehicle) ?? "");
      return extra ? { ...pickExtras(extra), ...(vehicle as object) } : vehicle;
    });
    const after = nextAfter(body.pagination);
    return { items, ...next(after && { model: "latestVehicleLocations", after }) };
  }),
  normalize: mapVehicleSnapshot,
};

const idOf = (vehicle: unknown) => {
  const id = (vehicle as { id?: unknown } | null)?.id;
  return typeof id === "string" && id ? id : undefined;
};

/** False only for a vehicle object without a `gps` reading (anything unreadable is kept, to be refused). */
function hasPosition(vehicle: unknown): boolean {
  if (typeof vehicle !== "object" || vehicle === null) return true;
  const gps = (vehicle as { gps?: unknown }).gps;
  return gps !== undefined && gps !== null;
}

/** The second read's objects of these vehicles, by id. */
async function readExtras(client: SamsaraClient, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
  const extras = new Map<string, Record<string, unknown>>();
  for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) {
    const vehicleIds = ids.slice(start, start + IDS_PER_REQUEST).join(",");
    let after: string | undefined;
    let pages = 0;
    do {
      const body = await client.get(
        "/fleet/vehicles/stats",
        { types: SNAPSHOT_EXTRA_TYPES.join(","), vehicleIds, after },
        samsaraListEnvelope,
      );
      for (const vehicle of body.data) {
        const id = idOf(vehicle);
        if (id) extras.set(id, vehicle as Record<string, unknown>);
      }
      after = nextAfter(body.pagination);
    } while (after && ++pages < MAX_EXTRA_PAGES);
  }
  return extras;
}

function pickExtras(extra: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(SNAPSHOT_EXTRA_KEYS.filter((key) => key in extra).map((key) => [key, extra[key]]));
}

/**
 * A vehicle's snapshot: the position at its `gps` time (mph → km/h), the ECU odometer or else the
 * GPS one (metres → km), fuel level, engine state, ECU engine seconds (→ ms). Samsara's stats
 * name no driver.
 */
export function mapVehicleSnapshot(payload: unknown): NormalizedLatestLocation {
  const vehicle = parsePayload(PROVIDER, samsaraVehicleSnapshot, payload, "vehicle stats");
  const { gps } = vehicle;
  const odometer = vehicle.obdOdometerMeters ?? vehicle.gpsOdometerMeters;
  return {
    vehicleSourceId: vehicle.id,
    locatedAt: readTime(gps.time),
    location: { latitude: gps.latitude, longitude: gps.longitude },
    ...optional("address", nonBlank(gps.reverseGeo?.formattedLocation)),
    ...optional("heading", round2OrUndefined(gps.headingDegrees)),
    ...optional("speed", mphToKmh(gps.speedMilesPerHour)),
    ...(odometer ? { odometer: metresToKm(odometer.value) } : {}),
    ...(vehicle.fuelPercent ? { fuel: { primaryPercentage: round2(vehicle.fuelPercent.value) } } : {}),
    ...(vehicle.engineState ? { engineState: ENGINE_STATES[vehicle.engineState.value] } : {}),
    ...(vehicle.obdEngineSeconds ? { engineRuntime: secondsToMs(vehicle.obdEngineSeconds.value) } : {}),
  };
}
