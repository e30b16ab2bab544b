import type { NormalizedLatestLocation } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { GpsInsightClient, PROVIDER } from "../client";
import { gpsInsightPoint } from "../payloads";
import { driverIdOf, engineStateOf, headingOf, kmhOfMph, kmOfMiles } from "../values";
import { vehiclePage } from "../vehicle-groups";
import { checkVehicle, latestPoint, vehicleIds } from "../vehicle-ids";

/** Latest locations are `vehicle/location`, asked vehicle by vehicle in id order, a few vehicles a page. */
export const gpsInsightLatestVehicleLocations: ProviderModel<"latestVehicleLocations"> = {
  pace: "calls",
  read: readLatest,
  normalize: mapLatestLocation,
};

async function readLatest(request: ReadRequest): Promise<ProviderPage> {
  const client = GpsInsightClient.of(request);
  const ids = (await vehicleIds(client, request.connection.id)).map((id) => ({ id }));
  const { page, nextCursor } = vehiclePage(request, "latestVehicleLocations", ids);
  const items: unknown[] = [];
  for (const { id } of page) {
    const point = await latestPoint(client, id);
    if (point === undefined) continue; // a vehicle that never reported has no location
    checkVehicle(point, id);
    items.push(point);
  }
  return { items, schema: "vehicle/location", ...(nextCursor ? { nextCursor } : {}) };
}

/**
 * A vehicle's latest point: its `fix_time_gmt` (not the account-local `fix_time`), the speed at
 * the fix (`inst_speed`, mph), the odometer (miles), the ignition as the engine state.
 */
export function mapLatestLocation(payload: unknown): NormalizedLatestLocation {
  const point = parsePayload(PROVIDER, gpsInsightPoint, payload, "location");
  const driver = driverIdOf(point.driver_id);
  const address = nonBlank(point.address);
  const heading = headingOf(point.heading);
  const speed = kmhOfMph(point.inst_speed);
  const odometer = kmOfMiles(point.odometer);
  const engineState = engineStateOf(point.ignition);
  return {
    vehicleSourceId: point.id,
    ...(driver !== undefined ? { driverSourceId: driver } : {}),
    locatedAt: new Date(point.fix_time_gmt).toISOString(),
    location: { latitude: point.latitude, longitude: point.longitude },
    ...(address !== undefined ? { address } : {}),
    ...(heading !== undefined ? { heading } : {}),
    ...(speed !== undefined ? { speed } : {}),
    ...(odometer !== undefined ? { odometer } : {}),
    ...(engineState !== undefined ? { engineState } : {}),
  };
}
