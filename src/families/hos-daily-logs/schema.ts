import { z } from "@hono/zod-openapi";
import { boundQuerySchema, idSchema } from "../../http/schemas/common";
import { PaginationQuerySchema } from "../../http/schemas/pagination";
import { ExpandedDriverSchema } from "../drivers/expanded";
import {
  EntityMetadataSchema,
  expandOneQuerySchema,
  idListQuerySchema,
  ModifiedAfterQuerySchema,
  ModifiedBeforeQuerySchema,
  ProviderSchema,
  RawQuerySchema,
  RawSchema,
} from "../kit/schemas";

const km = (description: string, example: number) =>
  z.number().openapi({ description: `${description}, kilometres.`, example });
const ms = (description: string, example: number) =>
  z
    .number()
    .int()
    .openapi({ description: `${description}, milliseconds.`, example });

export const HosDailyLogSchema = z
  .object({
    id: idSchema("hosDailyLog"),
    sourceId: z.string().openapi({ description: "Id in the source system.", example: "sbx-hday-000042-2026-01-05" }),
    provider: ProviderSchema,
    driver: z
      .union([idSchema("driver"), ExpandedDriverSchema])
      .openapi({ description: "The driver's id; the driver object with `expand=driver`." }),
    date: z.iso.date().openapi({ description: "The driver's log day (`YYYY-MM-DD`).", example: "2026-01-05" }),
    distances: z
      .object({
        total: km("All of the day's distance", 512.4),
        driving: km("Driving", 508.1),
        personalConveyance: km("Personal conveyance", 4.3),
        yardMove: km("Yard moves", 0),
      })
      .optional()
      .openapi({ description: "Distances of the day, where the provider reports them." }),
    statusDurations: z
      .object({
        onDuty: ms("On duty, not driving", 7_920_000),
        offDuty: ms("Off duty", 46_800_000),
        driving: ms("Driving", 30_060_000),
        waiting: ms("Waiting time", 0),
        sleeperBed: ms("In the sleeper berth", 0),
        personalConveyance: ms("Personal conveyance", 0),
        yardMove: ms("Yard moves", 1_620_000),
      })
      .openapi({ description: "Time spent in each duty status over the day; a whole day's add up to 24 hours." }),
    metadata: EntityMetadataSchema,
    raw: RawSchema.optional(),
  })
  .openapi("HosDailyLog", { description: "A driver's day of hours of service." });

const DateQuerySchema = z.iso.date();

export const ListHosDailyLogsQuerySchema = PaginationQuerySchema.extend({
  startDate: boundQuerySchema(DateQuerySchema, "First day, inclusive (`YYYY-MM-DD`).", "2026-01-01"),
  endDate: boundQuerySchema(DateQuerySchema, "Last day, inclusive (`YYYY-MM-DD`).", "2026-01-31"),
  modifiedAfter: ModifiedAfterQuerySchema,
  modifiedBefore: ModifiedBeforeQuerySchema,
  driverIds: idListQuerySchema("driver"),
  expand: expandOneQuerySchema("driver"),
  raw: RawQuerySchema,
}).refine((query) => !query.startDate || !query.endDate || query.startDate <= query.endDate, {
  message: "endDate is before startDate.",
  path: ["endDate"],
});
