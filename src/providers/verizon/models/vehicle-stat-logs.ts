import { z } from "@hono/zod-openapi";
import type { NormalizedStatBatch } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { verizonIso } from "../dates";
import { verizonHistoryPoint } from "../payloads";
import { round2 } from "../values";
import { walkVehicleDays } from "../walk";
import { HISTORY_SCHEMA, readHistoryDay } from "./vehicle-locations";

/**
 * Stat logs: the odometer each GPS history point carries (`OdometerInKM`), the one reading of the
 * history with a documented unit; the same requests as the breadcrumbs (vehicle-locations.ts).
 * A private point's odometer is kept: privacy hides where the vehicle was, not how far it went.
 */
export const verizonVehicleStatLogs: ProviderModel<"vehicleStatLogs"> = {
  pace: "api",
  read: walkVehicleDays("vehicleStatLogs", HISTORY_SCHEMA, (client, day) => readHistoryDay(client, day, hasOdometer)),
  normalize: mapOdometerReading,
};

const odometer = z.object({ OdometerInKM: z.number() });
const hasOdometer = (item: unknown) => odometer.safeParse(item).success;

/** One point → a batch of one odometer reading (km), at the point's `UpdateUtc`. */
export function mapOdometerReading(payload: unknown): NormalizedStatBatch {
  const point = parsePayload(PROVIDER, verizonHistoryPoint, payload, "location history point");
  const vehicle = point.VehicleNumber?.trim();
  if (!vehicle || point.OdometerInKM == null || point.OdometerInKM < 0) {
    throw new ProviderError("malformed", `${PROVIDER}: a location history point has no vehicle or no odometer.`);
  }
  return {
    vehicleSourceId: vehicle,
    points: [{ type: "odometer", timestamp: verizonIso(point.UpdateUtc), value: round2(point.OdometerInKM) }],
  };
}
