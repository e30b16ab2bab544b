import { z } from "@hono/zod-openapi";
import type { NormalizedLocationBatch } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER, type VerizonClient } from "../client";
import { verizonDate, verizonIso, verizonMs } from "../dates";
import { elementsOf, vehiclePath } from "../listing";
import { verizonHistoryPoint } from "../payloads";
import { addressLine, coordinates, speedKmh } from "../values";
import { type VehicleDay, walkVehicleDays } from "../walk";

export const HISTORY_SCHEMA = "/rad/v1/vehicles/{vehicleNumber}/status/history";
const SCHEMA = HISTORY_SCHEMA;

/**
 * Breadcrumbs: each vehicle's GPS history, `GET /rad/v1/vehicles/{n}/status/history` with
 * `startdatetimeutc` and `enddatetimeutc`, one UTC day of one vehicle per request (walk.ts).
 */
export const verizonVehicleLocations: ProviderModel<"vehicleLocations"> = {
  pace: "api",
  read: walkVehicleDays("vehicleLocations", SCHEMA, (client, day) => readHistoryDay(client, day, shownPoint)),
  normalize: mapHistoryPoint,
};

const point = z.object({ UpdateUtc: z.string(), IsPrivate: z.boolean().nullish() });

/** Whether a point is shown: not private (`IsPrivate`: the driver's private time, whose coordinates integrators hide [OBS]). */
const shownPoint = (item: unknown) => point.safeParse(item).data?.IsPrivate !== true;

/**
 * A vehicle-day's points of [from, to) that `keep` keeps (the bounds are asked for, and the
 * answer filtered again, whichever bound Verizon includes). A point without a readable time is
 * kept: normalize rejects it and the sync reports it.
 */
export async function readHistoryDay(
  client: VerizonClient,
  { vehicleNumber, from, to }: VehicleDay,
  keep: (point: unknown) => boolean,
): Promise<unknown[]> {
  const path = `${vehiclePath(vehicleNumber)}/status/history`;
  const body = await client.get(path, { startdatetimeutc: verizonDate(from), enddatetimeutc: verizonDate(to) });
  return elementsOf(body, path).filter((item) => {
    const parsed = point.safeParse(item);
    if (!parsed.success) return true;
    const at = verizonMs(parsed.data.UpdateUtc);
    return (Number.isNaN(at) || (at >= from && at < to)) && keep(item);
  });
}

/**
 * One point → a batch of one: position, time (`UpdateUtc`, UTC without a zone), speed (km/h),
 * the driver by number and the address. The history has no heading.
 */
export function mapHistoryPoint(payload: unknown): NormalizedLocationBatch {
  const point = parsePayload(PROVIDER, verizonHistoryPoint, payload, "location history point");
  const vehicle = point.VehicleNumber?.trim();
  const location = coordinates(point.Latitude, point.Longitude);
  if (!vehicle || !location || point.IsPrivate) {
    throw new ProviderError("malformed", `${PROVIDER}: a location history point has no vehicle or no position.`);
  }
  const speed = speedKmh(point.Speed);
  const address = addressLine(point.Address);
  const driver = point.DriverNumber?.trim();
  return {
    vehicleSourceId: vehicle,
    points: [
      {
        locatedAt: verizonIso(point.UpdateUtc),
        location,
        ...(speed !== undefined ? { speed } : {}),
        ...(address !== undefined ? { address } : {}),
        ...(driver ? { driverSourceId: driver } : {}),
      },
    ],
  };
}
