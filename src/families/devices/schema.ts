import { z } from "@hono/zod-openapi";
import { idSchema } from "../../http/schemas/common";
import { listQuerySchema, RawSchema } from "../kit/schemas";
import { ExpandedVehicleSchema } from "../vehicles/expanded";
import { deviceFields } from "./expanded";

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

export const ListDevicesQuerySchema = listQuerySchema(
  z
    .enum(["vehicle"])
    .optional()
    .openapi({ description: "Turns `vehicle` into the vehicle object.", example: "vehicle" }),
);
