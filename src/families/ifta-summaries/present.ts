import type { z } from "@hono/zod-openapi";
import { optional, reference, round2 } from "../kit/present";
import { presentExpandedVehicle, type VehicleRecord } from "../vehicles/expanded";
import type { IftaGroupRow } from "./read";
import type { IftaSummarySchema } from "./schema";

/**
 * One group of a summary (data-families.md "IFTA"): the keys of its grouping, `vehicle` the
 * vehicle object with `expand=vehicle`, the summed km (and litres) to 2 decimals.
 */
export function presentIftaSummary(
  row: IftaGroupRow,
  options: { raw?: boolean; expanded?: { vehicle?: ReadonlyMap<string, VehicleRecord> } } = {},
): z.infer<typeof IftaSummarySchema> {
  const keys = row.groupBy.split(",");
  return {
    provider: row.provider,
    ...optional(
      "vehicle",
      row.vehicleId && reference(row.vehicleId, options.expanded?.vehicle, presentExpandedVehicle),
    ),
    // Null is a value here (an unknown jurisdiction): present whenever the grouping has the key.
    ...(keys.includes("jurisdiction") ? { jurisdiction: row.jurisdiction } : {}),
    ...optional("month", row.month),
    distance: round2(row.distance),
    ...optional("fuel", row.fuel === null ? undefined : round2(row.fuel)),
    ...(options.raw && row.raw ? { raw: row.raw as z.infer<typeof IftaSummarySchema>["raw"] } : {}),
  };
}
