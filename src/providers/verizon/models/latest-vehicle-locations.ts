import { z } from "@hono/zod-openapi";
import type { EngineState, NormalizedLatestLocation } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { cursorCodec, plainText } from "../../kit/cursor";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { PROVIDER, VerizonClient, VerizonForbiddenError } from "../client";
import { verizonIso } from "../dates";
import { elementsOf, vehicleNumbers } from "../listing";
import { verizonBulkLocation } from "../payloads";
import { addressLine, coordinates, speedKmh } from "../values";

const SCHEMA = "/rad/v1/vehicles/locations";

/** Vehicle numbers one bulk request asks for at most (Verizon documents no limit; kept modest). */
export const BULK_LOCATIONS_MAX = 100;

/**
 * The live snapshot: `POST /rad/v1/vehicles/locations` with a JSON array of vehicle numbers,
 * answered per vehicle (`{VehicleNumber, StatusCode, ContentResource: {Value, StatusCode}}`).
 * The vehicles are listed first (`/cmd/v1/vehicles`); a page asks for up to pageSize of them
 * (BULK_LOCATIONS_MAX at most), its cursor the position of the next one in the sorted list.
 */
export const verizonLatestVehicleLocations: ProviderModel<"latestVehicleLocations"> = {
  pace: "api",
  read: readLatestLocations,
  normalize: mapLatestLocation,
};

const offsetCodec = cursorCodec<number>({
  provider: PROVIDER,
  format: plainText,
  write: String,
  read: z
    .string()
    .regex(/^[1-9]\d{0,6}$/)
    .transform(Number),
});

const located = z.object({
  StatusCode: z.literal(200),
  ContentResource: z.object({ Value: z.object({ IsPrivate: z.boolean().nullish() }) }),
});

/**
 * A vehicle whose own `StatusCode` is not 200 (no device, no fix yet) has no location to store,
 * nor has one whose location is private (`IsPrivate`: the driver's private time, whose
 * coordinates integrators hide [OBS]): they are left out of the page.
 */
async function readLatestLocations(request: ReadRequest): Promise<ProviderPage> {
  const client = VerizonClient.of(request.context, request.credentials);
  const offset = request.cursor === undefined ? 0 : offsetCodec.decode(request.cursor);
  const numbers = await vehicleNumbers(client);
  const batch = numbers.slice(offset, offset + Math.min(BULK_LOCATIONS_MAX, Math.max(1, request.pageSize)));
  if (batch.length === 0) return { items: [], schema: SCHEMA };
  let answer: unknown[];
  try {
    answer = elementsOf(await client.post(SCHEMA, batch), SCHEMA);
  } catch (error) {
    if (!(error instanceof VerizonForbiddenError)) throw error;
    return { items: [], schema: SCHEMA, issues: [{ code: "missing_permissions", message: error.message }] };
  }
  const items = answer.filter((element) => {
    const parsed = located.safeParse(element);
    // An element of another shape is kept: normalize rejects it and the sync reports it.
    return !parsed.success ? !isWrapped(element) : parsed.data.ContentResource.Value.IsPrivate !== true;
  });
  const next = offset + batch.length;
  return { items, schema: SCHEMA, ...(next < numbers.length ? { nextCursor: offsetCodec.encode(next) } : {}) };
}

/** A well-formed element that carries no location (its own status is not 200, or no value). */
function isWrapped(element: unknown): boolean {
  return verizonBulkLocation.safeParse(element).success;
}

/**
 * A vehicle's location: position, time (`UpdateUTC`, UTC without a zone), the driver by number,
 * speed (km/h), heading (`Direction`, degrees), the address as one line and the engine's state.
 */
export function mapLatestLocation(payload: unknown): NormalizedLatestLocation {
  const element = parsePayload(PROVIDER, verizonBulkLocation, payload, "vehicle location");
  const value = element.ContentResource?.Value;
  const location = value ? coordinates(value.Latitude, value.Longitude) : undefined;
  if (!value || !location || value.IsPrivate) {
    throw new ProviderError("malformed", `${PROVIDER}: vehicle ${element.VehicleNumber} has no location to show.`);
  }
  const address = addressLine(value.Address);
  const speed = speedKmh(value.Speed);
  const heading = value.Direction != null && value.Direction >= 0 ? value.Direction % 360 : undefined;
  const driver = value.DriverNumber?.trim();
  const state = value.DisplayState?.trim().toLowerCase();
  const engineState = state && Object.hasOwn(ENGINE_STATES, state) ? ENGINE_STATES[state] : undefined;
  return {
    vehicleSourceId: element.VehicleNumber,
    ...(driver ? { driverSourceId: driver } : {}),
    locatedAt: verizonIso(value.UpdateUTC),
    location,
    ...(address !== undefined ? { address } : {}),
    ...(heading !== undefined ? { heading } : {}),
    ...(speed !== undefined ? { speed } : {}),
    ...(engineState !== undefined ? { engineState } : {}),
  };
}

/**
 * `DisplayState` → the engine's state: `Moving`, `Idle` and `Stop` are the values seen [OBS]
 * (ignition on and moving, on and still, off); others (`Charging`, per one integrator) say
 * nothing of the engine and are not mapped.
 */
const ENGINE_STATES: Readonly<Record<string, EngineState>> = { moving: "on", idle: "idle", stop: "off" };
