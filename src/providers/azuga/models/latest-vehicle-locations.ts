import type { EngineState, NormalizedLatestLocation } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { AzugaClient, PROVIDER } from "../client";
import { ENDPOINTS } from "../pace";
import { azugaLatestLocation } from "../payloads";
import { headingOf, isoOfMs, km, rowsOf } from "../values";

const PATH = "/vehicles/latestlocation";

/** Latest locations are `POST /vehicles/latestlocation` with `{}`: every vehicle's last fix, in one answer. */
export const azugaLatestVehicleLocations: ProviderModel<"latestVehicleLocations"> = {
  pace: ENDPOINTS.latestLocation,
  read: async (request) => {
    const data = await AzugaClient.of(request).post(ENDPOINTS.latestLocation, PATH);
    const items = data === null || data === undefined ? [] : rowsOf(data);
    if (!items) throw new ProviderError("malformed", `${PROVIDER}: ${PATH} answered data without a list.`);
    return { items, schema: PATH };
  },
  normalize: mapLatestLocation,
};

/** `tripStateId`: 0 stopped, 1 moving, 2 idling, 3 speeding: the engine runs in all but the first. */
function engineStateOf(tripStateId: number | null | undefined): EngineState | undefined {
  if (tripStateId === 0) return "off";
  return tripStateId === 1 || tripStateId === 2 || tripStateId === 3 ? "on" : undefined;
}

/**
 * A vehicle's last fix: `eventTime` (epoch ms), `speed` (km/h), `odometer` (km), the address (or
 * the last known one), the driver when one is assigned, the engine from `tripStateId`.
 */
export function mapLatestLocation(payload: unknown): NormalizedLatestLocation {
  const fix = parsePayload(PROVIDER, azugaLatestLocation, payload, "latest location");
  const address = nonBlank(fix.address) ?? nonBlank(fix.lastKnownAddress);
  const heading = headingOf(fix.heading);
  const speed = km(fix.speed);
  const odometer = km(fix.odometer);
  const engineState = engineStateOf(fix.tripStateId);
  return {
    vehicleSourceId: fix.trackeeId,
    ...(fix.driverId ? { driverSourceId: fix.driverId } : {}),
    locatedAt: isoOfMs(fix.eventTime),
    location: { latitude: fix.latitude, longitude: fix.longitude },
    ...(address !== undefined ? { address } : {}),
    ...(heading !== undefined ? { heading } : {}),
    ...(speed !== undefined ? { speed } : {}),
    ...(odometer !== undefined ? { odometer } : {}),
    ...(engineState !== undefined ? { engineState } : {}),
  };
}
