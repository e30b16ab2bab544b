import { z } from "@hono/zod-openapi";
import { idSchema } from "../../http/schemas/common";
import { idParamsSchema, listQuerySchema, RawQuerySchema, RawSchema } from "../kit/schemas";
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

const DeviceExpandSchema = z
  .enum(["vehicle"])
  .optional()
  .openapi({ description: "Turns `vehicle` into the vehicle object.", example: "vehicle" });

export const DeviceIdParamsSchema = idParamsSchema("device");

export const GetDeviceQuerySchema = z.object({ raw: RawQuerySchema, expand: DeviceExpandSchema });

export const ListDevicesQuerySchema = listQuerySchema(DeviceExpandSchema);
