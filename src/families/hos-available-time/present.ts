import type { z } from "@hono/zod-openapi";
import { type DriverRecord, presentExpandedDriver } from "../drivers/expanded";
import { optional, reference } from "../kit/present";
import type { AvailableTimeRow } from "./read";
import type { HosAvailableTimeSchema } from "./schema";

/**
 * A driver's clocks (data-families.md "Hours of service"), computed here: there is no provider
 * payload to answer with `raw=true`.
 */
export function presentAvailableTime(
  row: AvailableTimeRow,
  options: { expanded?: { driver?: ReadonlyMap<string, DriverRecord> } } = {},
): z.infer<typeof HosAvailableTimeSchema> {
  const { clocks } = row;
  return {
    provider: row.provider,
    driver: reference(row.id, options.expanded?.driver, presentExpandedDriver),
    ...optional("currentStatus", clocks.currentStatus),
    availableTime: { drive: clocks.drive, shift: clocks.shift, cycle: clocks.cycle, break: clocks.break },
    source: "computed",
    cycleRule: row.cycle,
  };
}
