import { z } from "@hono/zod-openapi";
import { DUTY_STATUSES } from "../../hos/duty-status";
import { boundQuerySchema, DateTimeSchema, idSchema } from "../../http/schemas/common";
import { PaginationQuerySchema } from "../../http/schemas/pagination";
import { ExpandedDriverSchema } from "../drivers/expanded";
import { expandValues } from "../kit/expand-values";
import {
  EntityMetadataSchema,
  idListQuerySchema,
  LocationSchema,
  ModifiedAfterQuerySchema,
  ModifiedBeforeQuerySchema,
  ProviderSchema,
  RawQuerySchema,
  RawSchema,
} from "../kit/schemas";
import { ExpandedVehicleSchema } from "../vehicles/expanded";

export const HosRemarkSchema = z
  .object({
    sourceId: z
      .string()
      .optional()
      .openapi({ description: "Id of the remark in the source system.", example: "rmk-118" }),
    submittedAt: DateTimeSchema.optional().openapi({ description: "When the remark was written." }),
    notes: z.string().openapi({ description: "The remark's text.", example: "Pre-trip inspection" }),
  })
  .openapi("HosRemark");

const driverReference = (description: string) =>
  z.union([idSchema("driver"), ExpandedDriverSchema]).openapi({ description });

export const HosLogSchema = z
  .object({
    id: idSchema("hosLog"),
    status: z
      .enum(DUTY_STATUSES)
      .openapi({ description: "The duty status the driver changed to.", example: "driving" }),
    sourceId: z.string().openapi({ description: "Id in the source system.", example: "sbx-hos-000042-1767693600" }),
    provider: ProviderSchema,
    driver: driverReference("The driver's id; the driver object with `expand=driver`."),
    vehicle: z
      .union([idSchema("vehicle"), ExpandedVehicleSchema])
      .optional()
      .openapi({
        description: "The vehicle's id, when the status was logged in one; the vehicle object with `expand=vehicle`.",
      }),
    codrivers: z
      .array(driverReference("A co-driver's id; the driver object with `expand=codrivers`."))
      .optional()
      .openapi({ description: "The team drivers logged in with the driver." }),
    location: LocationSchema.optional().openapi({ description: "Where the status began." }),
    remarks: z.array(HosRemarkSchema).openapi({ description: "Notes attached to the status (possibly none)." }),
    startedAt: DateTimeSchema.openapi({ description: "When the status began." }),
    endedAt: DateTimeSchema.optional().openapi({ description: "When it ended; absent while it lasts." }),
    metadata: EntityMetadataSchema,
    raw: RawSchema.optional(),
  })
  .openapi("HosLog", { description: "A driver's duty-status change, as their ELD logged it." });

const HosLogExpandSchema = z
  .enum(expandValues(["driver", "vehicle", "codrivers"]))
  .optional()
  .openapi({
    description:
      "Turns `driver`, `vehicle` and/or `codrivers` into objects: any of them, comma-separated, in any order.",
    example: "driver,vehicle",
  });

const bound = (description: string, example: string) => boundQuerySchema(DateTimeSchema, description, example);

export const ListHosLogsQuerySchema = PaginationQuerySchema.extend({
  startedAfter: bound("Only logs started at or after this time (inclusive).", "2026-01-06T00:00:00.000Z"),
  startedBefore: bound("Only logs started before this time (exclusive).", "2026-01-07T00:00:00.000Z"),
  modifiedAfter: ModifiedAfterQuerySchema,
  modifiedBefore: ModifiedBeforeQuerySchema,
  driverIds: idListQuerySchema("driver"),
  expand: HosLogExpandSchema,
  raw: RawQuerySchema,
});
