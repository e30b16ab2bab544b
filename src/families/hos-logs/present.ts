import type { z } from "@hono/zod-openapi";
import { type DriverRecord, presentExpandedDriver } from "../drivers/expanded";
import { optional, optionalReference, presentRaw, reference } from "../kit/present";
import type { RecordOf } from "../kit/read";
import { presentExpandedVehicle, type VehicleRecord } from "../vehicles/expanded";
import type { HosLogSchema } from "./schema";
import type { hosLogs } from "./table";

/** A duty-status log (data-families.md "Hours of service"); loaded expansions turn references into records. */
export function presentHosLog(
  row: RecordOf<typeof hosLogs>,
  options: {
    raw?: boolean;
    expanded?: {
      driver?: ReadonlyMap<string, DriverRecord>;
      vehicle?: ReadonlyMap<string, VehicleRecord>;
      codrivers?: ReadonlyMap<string, DriverRecord>;
    };
  } = {},
): z.infer<typeof HosLogSchema> {
  const codrivers = options.expanded?.codrivers;
  return {
    id: row.id,
    status: row.status,
    sourceId: row.sourceId,
    provider: row.provider,
    driver: reference(row.driverId, options.expanded?.driver, presentExpandedDriver),
    ...optionalReference("vehicle", row.vehicleId, options.expanded?.vehicle, presentExpandedVehicle),
    ...optional(
      "codrivers",
      row.codriverIds?.map((id) => reference(id, codrivers, presentExpandedDriver)),
    ),
    ...optional("location", row.location),
    remarks: row.remarks ?? [],
    startedAt: row.startedAt.toISOString(),
    ...optional("endedAt", row.endedAt?.toISOString()),
    metadata: { addedAt: row.addedAt.toISOString(), modifiedAt: row.modifiedAt.toISOString() },
    ...presentRaw(options.raw, row.raw),
  };
}
