import type { z } from "@hono/zod-openapi";
import type { CameraReference } from "../../model/normalized";
import { type DriverRecord, presentExpandedDriver } from "../drivers/expanded";
import { isoOrUndefined, optional, optionalReference, presentRaw, presentSynced, round2 } from "../kit/present";
import type { RecordOf } from "../kit/read";
import { presentExpandedVehicle, type VehicleRecord } from "../vehicles/expanded";
import type { SafetyEventSchema } from "./schema";
import type { safetyEvents } from "./table";

type SafetyEventRecord = RecordOf<typeof safetyEvents>;
type Stats = NonNullable<SafetyEventRecord["stats"]>;

/** Measurements rounded to 2 decimals; coordinates are kept as synced (2 decimals of a degree would be a kilometre off). */
function presentStats(stats: Stats): Stats {
  return Object.fromEntries(
    Object.entries(stats)
      .filter(([, value]) => typeof value === "number")
      .map(([key, value]) => [key, round2(value as number)]),
  );
}

function presentCamera(reference: CameraReference | undefined) {
  return reference === undefined ? undefined : { sourceId: reference.sourceId, available: reference.available };
}

/** A safety event (wire-compat.md "Other resource shapes"); `driver`/`vehicle` loaded expand those references. */
export function presentSafetyEvent(
  row: SafetyEventRecord,
  options: {
    raw?: boolean;
    expanded?: { driver?: ReadonlyMap<string, DriverRecord>; vehicle?: ReadonlyMap<string, VehicleRecord> };
  } = {},
): z.infer<typeof SafetyEventSchema> {
  return {
    ...presentSynced(row),
    type: row.type,
    ...optional("sourceType", row.sourceType ?? undefined),
    ...optionalReference("driver", row.driverId, options.expanded?.driver, presentExpandedDriver),
    ...optionalReference("vehicle", row.vehicleId, options.expanded?.vehicle, presentExpandedVehicle),
    ...optional("startLocation", row.startLocation),
    ...optional("endLocation", row.endLocation),
    startedAt: row.startedAt.toISOString(),
    ...optional("endedAt", isoOrUndefined(row.endedAt)),
    ...optional("stats", row.stats === null ? undefined : presentStats(row.stats)),
    cameraMedia: {
      ...optional("frontFacing", presentCamera(row.cameraMedia.frontFacing)),
      ...optional("rearFacing", presentCamera(row.cameraMedia.rearFacing)),
    },
    ...presentRaw(options.raw, row.raw),
  };
}
