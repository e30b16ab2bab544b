import { z } from "@hono/zod-openapi";
import { DUTY_STATUSES } from "../../hos/duty-status";
import { CYCLE_RULES } from "../../hos/limits";
import { idSchema } from "../../http/schemas/common";
import { PaginationQuerySchema } from "../../http/schemas/pagination";
import { ExpandedDriverSchema } from "../drivers/expanded";
import { expandOneQuerySchema, idListQuerySchema, ProviderSchema, RawQuerySchema, RawSchema } from "../kit/schemas";

const left = (description: string, example: number) =>
  z
    .number()
    .int()
    .min(0)
    .openapi({ description: `${description}, milliseconds.`, example });

export const HosAvailableTimeSchema = z
  .object({
    provider: ProviderSchema,
    driver: z
      .union([idSchema("driver"), ExpandedDriverSchema])
      .openapi({ description: "The driver's id; the driver object with `expand=driver`." }),
    currentStatus: z
      .enum(DUTY_STATUSES)
      .optional()
      .openapi({ description: "The driver's duty status now.", example: "driving" }),
    availableTime: z
      .object({
        drive: left(
          "Driving left before the 11-hour limit, the 14-hour window or the cycle stops the driver",
          12_600_000,
        ),
        shift: left("Time left in the 14-hour window", 21_600_000),
        cycle: left("On-duty time left in the 60- or 70-hour cycle", 143_280_000),
        break: left("Driving left before a 30-minute break is due", 5_400_000),
      })
      .openapi({ description: "What the driver has left." }),
    source: z.enum(["provider", "computed"]).openapi({
      description:
        "`provider`: the provider's own clocks; `computed`: computed here from the driver's duty-status logs under the US property-carrying rules (see the API guide for what they cover).",
      example: "computed",
    }),
    cycleRule: z.enum(CYCLE_RULES).optional().openapi({
      description: "The cycle the computed clocks count (the connection's `options.hos.cycle`, `70_8` by default).",
      example: "70_8",
    }),
    raw: RawSchema.optional(),
  })
  .openapi("HosAvailableTime", { description: "A driver's hours-of-service clocks now." });

export const ListHosAvailableTimeQuerySchema = PaginationQuerySchema.extend({
  driverIds: idListQuerySchema("driver"),
  expand: expandOneQuerySchema("driver"),
  raw: RawQuerySchema,
});
