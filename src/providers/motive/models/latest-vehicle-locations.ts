import { z } from "@hono/zod-openapi";
import type { NormalizedLatestLocation } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { MOTIVE_METRIC_UNITS, MotiveClient, MotiveForbiddenError, PROVIDER } from "../client";
import { decodeMotiveCursor, encodeMotiveCursor } from "../cursor";
import { missingPermissions, perPage } from "../listing";
import { engineRuntimeMs, engineStateAt, headingOf, odometerKm, speedKmh } from "../point-readings";
import { motiveCurrentLocation } from "../series-payloads";
import { iso, round2 } from "../values";

/**
 * The live snapshot, `GET /v3/vehicle_locations` (providers-families.md 2.1), at the adapter's
 * one conservative pace. v3 rather than v1: its speeds are documented in kph (v1's unit is an
 * open question) and it is Motive's realtime cache of the Vehicle Gateways' telemetry (odometer,
 * engine hours, fuel level). It lists only vehicles with a Vehicle Gateway, the ones Motive
 * locates itself.
 */
export const motiveLatestVehicleLocations: ProviderModel<"latestVehicleLocations"> = {
  pace: "api",
  read: readLatestLocations,
  normalize: mapLatestLocation,
};

const SCHEMA = "/v3/vehicle_locations";
const VEHICLES = { list: "vehicles", item: "vehicle" };

/** A vehicle Motive has never located has `current_location: null`: it has no latest location to store. */
const located = z.object({ current_location: z.record(z.string(), z.unknown()) });

/**
 * A page of the snapshot: each located vehicle, untouched, beside the unit system asked for.
 * A 403 (the key may not read locations) is an issue, and the sync goes on without them.
 */
async function readLatestLocations(request: ReadRequest): Promise<ProviderPage> {
  const client = MotiveClient.of(request.context, request.credentials);
  const { page } = request.cursor === undefined ? { page: 1 } : decodeMotiveCursor(request.cursor, false);
  let answer: Awaited<ReturnType<MotiveClient["list"]>>;
  try {
    answer = await client.list(SCHEMA, VEHICLES, {}, { no: page, perPage: perPage(request.pageSize) });
  } catch (error) {
    if (!(error instanceof MotiveForbiddenError)) throw error;
    return {
      items: [],
      schema: SCHEMA,
      issues: [missingPermissions(`${error.message} Vehicle locations were not read.`)],
    };
  }
  return {
    items: answer.items
      .filter((vehicle) => located.safeParse(vehicle).success)
      .map((vehicle) => ({ metric_units: MOTIVE_METRIC_UNITS, vehicle })),
    schema: SCHEMA,
    ...(answer.hasMore ? { nextCursor: encodeMotiveCursor({ page: page + 1 }) } : {}),
  };
}

/** A vehicle's current location: position, driver, speed (km/h), odometer (km), fuel level, engine. */
export function mapLatestLocation(payload: unknown): NormalizedLatestLocation {
  const { metric_units: metric, vehicle } = parsePayload(PROVIDER, motiveCurrentLocation, payload, "vehicle location");
  const point = vehicle.current_location;
  if (point.lat == null || point.lon == null) {
    throw new ProviderError("malformed", `${PROVIDER}: vehicle ${vehicle.id}'s current location has no coordinates.`);
  }
  const address = nonBlank(point.description);
  const heading = headingOf(point);
  const speed = speedKmh(point);
  const odometer = odometerKm(point, metric);
  const engineState = engineStateAt(point);
  const engineRuntime = engineRuntimeMs(point);
  const primary = point.fuel_primary_remaining_percentage;
  const secondary = point.fuel_secondary_remaining_percentage;
  const driver = vehicle.current_driver ?? point.driver;
  return {
    vehicleSourceId: String(vehicle.id),
    ...(driver ? { driverSourceId: String(driver.id) } : {}),
    locatedAt: iso(point.located_at),
    location: { latitude: point.lat, longitude: point.lon },
    ...(address !== undefined ? { address } : {}),
    ...(heading !== undefined ? { heading } : {}),
    ...(speed !== undefined ? { speed } : {}),
    ...(odometer !== undefined ? { odometer } : {}),
    ...(primary != null
      ? {
          fuel: {
            primaryPercentage: round2(primary),
            ...(secondary != null ? { secondaryPercentage: round2(secondary) } : {}),
          },
        }
      : {}),
    ...(engineState !== undefined ? { engineState } : {}),
    ...(engineRuntime !== undefined ? { engineRuntime } : {}),
  };
}
