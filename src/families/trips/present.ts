import type { z } from "@hono/zod-openapi";
import { type DriverRecord, presentExpandedDriver } from "../drivers/expanded";
import { optional, optionalReference, presentRaw, reference, round2 } from "../kit/present";
import type { RecordOf } from "../kit/read";
import { presentExpandedVehicle, type VehicleRecord } from "../vehicles/expanded";
import type { TripSchema } from "./schema";
import type { trips } from "./table";

/** A trip (data-families.md "Trips"); `driver`/`vehicle` loaded expand those references. */
export function presentTrip(
  row: RecordOf<typeof trips>,
  options: {
    raw?: boolean;
    expanded?: { driver?: ReadonlyMap<string, DriverRecord>; vehicle?: ReadonlyMap<string, VehicleRecord> };
  } = {},
): z.infer<typeof TripSchema> {
  return {
    id: row.id,
    sourceId: row.sourceId,
    provider: row.provider,
    vehicle: reference(row.vehicleId, options.expanded?.vehicle, presentExpandedVehicle),
    ...optionalReference("driver", row.driverId, options.expanded?.driver, presentExpandedDriver),
    ...optional("startLocation", row.startLocation),
    ...optional("endLocation", row.endLocation),
    ...optional("distance", row.distance === null ? undefined : round2(row.distance)),
    duration: row.endedAt.getTime() - row.startedAt.getTime(),
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt.toISOString(),
    metadata: { addedAt: row.addedAt.toISOString(), modifiedAt: row.modifiedAt.toISOString() },
    ...presentRaw(options.raw, row.raw),
  };
}
