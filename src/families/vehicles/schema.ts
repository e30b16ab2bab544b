import { z } from "@hono/zod-openapi";
import { idSchema } from "../../http/schemas/common";
import { ExpandedDeviceSchema } from "../devices/expanded";
import { ExpandedGroupSchema } from "../groups/expanded";
import { filteredListQuerySchema, idParamsSchema, RawQuerySchema, RawSchema } from "../kit/schemas";
import { vehicleFields } from "./expanded";

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

export const VehicleIdParamsSchema = idParamsSchema("vehicle");

export const GetVehicleQuerySchema = z.object({ raw: RawQuerySchema, expand: VehicleExpandSchema });

export const ListVehiclesQuerySchema = filteredListQuerySchema("vehicles", VehicleExpandSchema);
