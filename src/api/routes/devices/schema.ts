import { z } from "@hono/zod-openapi";
import { idSchema } from "../../../http/schemas/common";
import { PaginationQuerySchema } from "../../../http/schemas/pagination";
import {
  DeletedQuerySchema,
  deviceFields,
  ExpandedVehicleSchema,
  ModifiedAfterQuerySchema,
  ModifiedBeforeQuerySchema,
  RawQuerySchema,
  RawSchema,
} from "../../schemas/records";

export const DeviceSchema = z
  .object({
    ...deviceFields,
    vehicle: z
      .union([idSchema("vehicle"), ExpandedVehicleSchema])
      .optional()
      .openapi({ description: "The vehicle's id; the vehicle object with `expand=vehicle`." }),
    raw: RawSchema.optional(),
  })
  .openapi("Device", { description: "A telematics device (tracker or camera) at the provider." });

export const ListDevicesQuerySchema = PaginationQuerySchema.extend({
  expand: z
    .enum(["vehicle"])
    .optional()
    .openapi({ description: "Turns `vehicle` into the vehicle object.", example: "vehicle" }),
  raw: RawQuerySchema,
  modifiedAfter: ModifiedAfterQuerySchema,
  modifiedBefore: ModifiedBeforeQuerySchema,
  deleted: DeletedQuerySchema,
});
