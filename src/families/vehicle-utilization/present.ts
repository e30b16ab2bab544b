import type { z } from "@hono/zod-openapi";
import { presentRaw, reference, round2 } from "../kit/present";
import type { ReadRow } from "../kit/read";
import { presentExpandedVehicle, type VehicleRecord } from "../vehicles/expanded";
import type { UtilizationSchema } from "./schema";
import type { UtilizationRow } from "./table";

/** One vehicle-day of utilization (contract 2.6): kilometres, litres, milliseconds. */
export function presentUtilization(
  row: ReadRow<UtilizationRow>,
  options: { raw?: boolean; expanded?: { vehicle?: ReadonlyMap<string, VehicleRecord> } } = {},
): z.infer<typeof UtilizationSchema> {
  return {
    provider: row.provider,
    vehicle: reference(row.vehicleId, options.expanded?.vehicle, presentExpandedVehicle),
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    distance: round2(row.distance),
    fuelConsumed: round2(row.fuelConsumed),
    durations: { driving: Math.round(row.drivingMs), idling: Math.round(row.idlingMs) },
    ...presentRaw(options.raw, row.raw),
  };
}
