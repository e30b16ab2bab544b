import type { z } from "@hono/zod-openapi";
import { optional, presentRaw, presentSynced, reference } from "../kit/present";
import type { RecordOf } from "../kit/read";
import { presentExpandedVehicle, type VehicleRecord } from "../vehicles/expanded";
import type { FaultCodeEventSchema } from "./schema";
import type { faultCodeEvents } from "./table";

export type FaultCodeEventRecord = RecordOf<typeof faultCodeEvents>;

/** A fault code event (data-families.md "Fault codes"), with the block of its protocol. */
export function presentFaultCodeEvent(
  row: FaultCodeEventRecord,
  options: { raw?: boolean; expanded?: { vehicle?: ReadonlyMap<string, VehicleRecord> } } = {},
): z.infer<typeof FaultCodeEventSchema> {
  return {
    ...presentSynced(row),
    status: row.status,
    vehicle: reference(row.vehicleId, options.expanded?.vehicle, presentExpandedVehicle),
    protocol: row.protocol,
    code: row.code,
    ...optional("description", row.description),
    observedAt: row.observedAt.toISOString(),
    firstObservedAt: row.firstObservedAt.toISOString(),
    ...optional("milStatus", row.milStatus),
    ...(row.protocol === "obdii"
      ? { obdii: { code: row.code, ...optional("description", row.description) } }
      : optional("j1939", row.j1939 ?? { spn: Number(row.code) })),
    ...presentRaw(options.raw, row.raw),
  };
}
