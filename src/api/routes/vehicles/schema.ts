import { z } from "@hono/zod-openapi";
import { BooleanQuerySchema, DateTimeSchema, idSchema } from "../../../http/schemas/common";
import { PaginationQuerySchema } from "../../../http/schemas/pagination";
import {
  DeletedQuerySchema,
  ExpandedDeviceSchema,
  ExpandedGroupSchema,
  ExpandedVehicleSchema,
  idListQuerySchema,
  ModifiedAfterQuerySchema,
  ModifiedBeforeQuerySchema,
  RawQuerySchema,
  RawSchema,
  vehicleFields,
} from "../../schemas/records";

export const VehicleSchema = z
  .object({
    ...vehicleFields,
    groups: z
      .array(z.union([idSchema("group"), ExpandedGroupSchema]))
      .openapi({ description: "Group ids; group objects with `expand=groups`." }),
    devices: z
      .array(z.union([idSchema("device"), ExpandedDeviceSchema]))
      .openapi({ description: "Device ids; device objects with `expand=devices`." }),
    raw: RawSchema.optional(),
  })
  .openapi("Vehicle", { description: "A vehicle of the connection's fleet (contract 2.4)." });

const VehicleExpandSchema = z
  .enum(["groups", "devices", "devices,groups", "groups,devices"])
  .optional()
  .openapi({ description: "Turns the `groups` and/or `devices` ids into objects.", example: "groups,devices" });

export const VehicleIdParamsSchema = z.object({
  id: idSchema("vehicle").openapi({ param: { name: "id", in: "path" } }),
});

export const GetVehicleQuerySchema = z.object({ raw: RawQuerySchema, expand: VehicleExpandSchema });

export const ListVehiclesQuerySchema = PaginationQuerySchema.extend({
  modifiedAfter: ModifiedAfterQuerySchema,
  modifiedBefore: ModifiedBeforeQuerySchema,
  raw: RawQuerySchema,
  hidden: BooleanQuerySchema.openapi({
    description: "Also list vehicles hidden by the connection's filters (`metadata.visibility` `hidden_by_…`).",
  }),
  deleted: DeletedQuerySchema,
  expand: VehicleExpandSchema,
});

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
  startDate: DateQuerySchema.optional().openapi({
    description: "First day, inclusive (`YYYY-MM-DD`). Default: the beginning of history.",
    example: "2026-01-01",
  }),
  endDate: DateQuerySchema.optional().openapi({
    description: "Last day, inclusive (`YYYY-MM-DD`). Default: no upper bound (today).",
    example: "2026-01-31",
  }),
  modifiedAfter: ModifiedAfterQuerySchema,
  modifiedBefore: ModifiedBeforeQuerySchema,
  vehicleIds: idListQuerySchema("vehicle"),
  expand: z
    .enum(["vehicle"])
    .optional()
    .openapi({ description: "Turns `vehicle` into the vehicle object.", example: "vehicle" }),
  raw: RawQuerySchema,
}).refine((query) => !query.startDate || !query.endDate || query.startDate <= query.endDate, {
  message: "endDate is before startDate.",
  path: ["endDate"],
});
