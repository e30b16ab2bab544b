import type { z } from "@hono/zod-openapi";
import { type DriverRecord, presentExpandedDriver } from "../drivers/expanded";
import { optional, presentRaw, reference } from "../kit/present";
import type { RecordOf } from "../kit/read";
import type { HosDailyLogSchema } from "./schema";
import type { hosDailyLogs } from "./table";

/** A driver's day (data-families.md "Hours of service"); `expand=driver` turns the driver into its record. */
export function presentHosDailyLog(
  row: RecordOf<typeof hosDailyLogs>,
  options: { raw?: boolean; expanded?: { driver?: ReadonlyMap<string, DriverRecord> } } = {},
): z.infer<typeof HosDailyLogSchema> {
  return {
    id: row.id,
    sourceId: row.sourceId,
    provider: row.provider,
    driver: reference(row.driverId, options.expanded?.driver, presentExpandedDriver),
    date: row.date,
    ...optional("distances", row.distances),
    statusDurations: row.statusDurations,
    metadata: { addedAt: row.addedAt.toISOString(), modifiedAt: row.modifiedAt.toISOString() },
    ...presentRaw(options.raw, row.raw),
  };
}
