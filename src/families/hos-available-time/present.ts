import type { z } from "@hono/zod-openapi";
import { type DriverRecord, presentExpandedDriver } from "../drivers/expanded";
import { optional, presentRaw, reference } from "../kit/present";
import type { AvailableTimeRow } from "./rows";
import type { HosAvailableTimeSchema } from "./schema";

/**
 * A driver's clocks (data-families.md "Hours of service"): the provider's, with its payload for
 * `raw=true`, or computed here, with the cycle rule they count (and no payload: there is none).
 */
export function presentAvailableTime(
  row: AvailableTimeRow,
  options: { raw?: boolean; expanded?: { driver?: ReadonlyMap<string, DriverRecord> } } = {},
): z.infer<typeof HosAvailableTimeSchema> {
  const { clocks } = row;
  return {
    provider: row.provider,
    driver: reference(row.id, options.expanded?.driver, presentExpandedDriver),
    ...optional("currentStatus", clocks.currentStatus),
    availableTime: { drive: clocks.drive, shift: clocks.shift, cycle: clocks.cycle, break: clocks.break },
    source: row.source,
    ...(row.source === "computed" ? { cycleRule: row.cycle } : presentRaw(options.raw, row.raw ?? null)),
  };
}
