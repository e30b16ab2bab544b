import { z } from "@hono/zod-openapi";
import { DateTimeSchema, idSchema } from "../../http/schemas/common";
import { PaginationQuerySchema } from "../../http/schemas/pagination";
import { ENGINE_STATES } from "../../model/normalized";
import { ExpandedDriverSchema } from "../drivers/expanded";
import { idListQuerySchema, LocationSchema, ProviderSchema, RawQuerySchema, RawSchema } from "../kit/schemas";
import { AddressSchema } from "../vehicle-locations/schema";
import { ExpandedVehicleSchema } from "../vehicles/expanded";

export const LatestVehicleLocationSchema = z
  .object({
    provider: ProviderSchema,
    vehicle: z
      .union([idSchema("vehicle"), ExpandedVehicleSchema])
      .openapi({ description: "The vehicle's id; the vehicle object with `expand=vehicle`." }),
    driver: z
      .union([idSchema("driver"), ExpandedDriverSchema])
      .optional()
      .openapi({ description: "The driver's id; the driver object with `expand=driver`." }),
    locatedAt: DateTimeSchema.openapi({ description: "When the vehicle was there." }),
    location: LocationSchema,
    address: AddressSchema.optional(),
    heading: z.number().optional().openapi({ description: "Degrees clockwise from north.", example: 92 }),
    speed: z.number().optional().openapi({ description: "km/h.", example: 96.5 }),
    odometer: z.number().optional().openapi({ description: "km.", example: 184_302.7 }),
    fuel: z
      .object({
        primaryPercentage: z
          .number()
          .openapi({ description: "Percent of the (main) tank, or of the battery.", example: 62.5 }),
        secondaryPercentage: z.number().optional().openapi({ description: "Percent of a second tank." }),
      })
      .optional()
      .openapi("FuelLevel"),
    engineState: z.enum(ENGINE_STATES).optional().openapi({ example: "on" }),
    engineRuntime: z
      .number()
      .int()
      .optional()
      .openapi({ description: "Total engine run time, ms.", example: 36_000_000 }),
    raw: RawSchema.optional(),
  })
  .openapi("LatestVehicleLocation", { description: "Where a vehicle is now, and the state it is in." });

export const ListLatestLocationsQuerySchema = PaginationQuerySchema.extend({
  vehicleIds: idListQuerySchema("vehicle"),
  driverIds: idListQuerySchema("driver"),
  expand: z
    .enum(["vehicle", "driver", "vehicle,driver", "driver,vehicle"])
    .optional()
    .openapi({ description: "Turns `vehicle` and/or `driver` into objects.", example: "vehicle,driver" }),
  raw: RawQuerySchema,
});
