import type { z } from "@hono/zod-openapi";
import { type DriverRecord, presentExpandedDriver } from "../drivers/expanded";
import { optional, optionalReference, presentRaw, reference, round2 } from "../kit/present";
import type { ReadRow } from "../kit/read";
import { presentExpandedVehicle, type VehicleRecord } from "../vehicles/expanded";
import type { LatestVehicleLocationSchema } from "./schema";
import type { LatestLocationRow } from "./table";

const rounded = (value: number | null) => (value === null ? undefined : round2(value));

/** A vehicle's latest location and state (data-families.md "Vehicle locations"). */
export function presentLatestLocation(
  row: ReadRow<LatestLocationRow>,
  options: {
    raw?: boolean;
    expanded?: { driver?: ReadonlyMap<string, DriverRecord>; vehicle?: ReadonlyMap<string, VehicleRecord> };
  } = {},
): z.infer<typeof LatestVehicleLocationSchema> {
  return {
    provider: row.provider,
    vehicle: reference(row.vehicleId, options.expanded?.vehicle, presentExpandedVehicle),
    ...optionalReference("driver", row.driverId, options.expanded?.driver, presentExpandedDriver),
    locatedAt: row.locatedAt.toISOString(),
    location: { latitude: row.latitude, longitude: row.longitude },
    ...optional("address", row.address === null ? undefined : { formatted: row.address }),
    ...optional("heading", rounded(row.heading)),
    ...optional("speed", rounded(row.speed)),
    ...optional("odometer", rounded(row.odometer)),
    ...optional(
      "fuel",
      row.fuelPrimary === null
        ? undefined
        : {
            primaryPercentage: round2(row.fuelPrimary),
            ...optional("secondaryPercentage", rounded(row.fuelSecondary)),
          },
    ),
    ...optional("engineState", row.engineState),
    ...optional("engineRuntime", row.engineRuntimeMs),
    ...presentRaw(options.raw, row.raw),
  };
}
