import { z } from "@hono/zod-openapi";
import { boundQuerySchema, DateTimeSchema, idSchema } from "../../http/schemas/common";
import { PaginationQuerySchema } from "../../http/schemas/pagination";
import {
  expandOneQuerySchema,
  idListQuerySchema,
  ModifiedAfterQuerySchema,
  ModifiedBeforeQuerySchema,
  RawQuerySchema,
  RawSchema,
} from "../kit/schemas";
import { ExpandedVehicleSchema } from "../vehicles/expanded";

export const UtilizationSchema = z
  .object({
    provider: z.string().openapi({ description: "Provider code.", example: "sandbox" }),
    vehicle: z
      .union([idSchema("vehicle"), ExpandedVehicleSchema])
      .openapi({ description: "The vehicle id; the vehicle object with `expand=vehicle`." }),
    startAt: DateTimeSchema.openapi({ description: "Start of the day's activity." }),
    endAt: DateTimeSchema.openapi({ description: "End of the day's activity." }),
    distance: z.number().openapi({ description: "Kilometres driven.", example: 312.45 }),
    fuelConsumed: z.number().openapi({ description: "Litres of fuel used.", example: 98.2 }),
    durations: z
      .object({
        driving: z.number().openapi({ description: "Milliseconds driving.", example: 14_400_000 }),
        idling: z.number().openapi({ description: "Milliseconds idling.", example: 1_800_000 }),
      })
      .openapi({ description: "Time spent driving and idling." }),
    raw: RawSchema.optional(),
  })
  .openapi("VehicleUtilization", { description: "One vehicle's utilization over one day (contract 2.6)." });

const DateQuerySchema = z.iso.date();

export const ListUtilizationQuerySchema = PaginationQuerySchema.extend({
  startDate: boundQuerySchema(
    DateQuerySchema,
    "First day, inclusive (`YYYY-MM-DD`). Default: the beginning of history.",
    "2026-01-01",
  ),
  endDate: boundQuerySchema(
    DateQuerySchema,
    "Last day, inclusive (`YYYY-MM-DD`). Default: no upper bound (today).",
    "2026-01-31",
  ),
  modifiedAfter: ModifiedAfterQuerySchema,
  modifiedBefore: ModifiedBeforeQuerySchema,
  vehicleIds: idListQuerySchema("vehicle"),
  expand: expandOneQuerySchema("vehicle"),
  raw: RawQuerySchema,
}).refine((query) => !query.startDate || !query.endDate || query.startDate <= query.endDate, {
  message: "endDate is before startDate.",
  path: ["endDate"],
});
