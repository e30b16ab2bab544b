import { z } from "@hono/zod-openapi";
import { DateTimeSchema, idSchema } from "../../http/schemas/common";
import { LocationSchema, ProviderSchema, RawQuerySchema, RawSchema, TimeSeriesMetadataSchema } from "../kit/schemas";
import { checkSeriesWindow, seriesWindowQuery } from "../kit/series-window";

export const AddressSchema = z
  .object({ formatted: z.string().openapi({ example: "Denver, CO" }) })
  .openapi("Address", { description: "The provider's reverse-geocoded address of the position." });

export const VehicleLocationSchema = z
  .object({
    id: idSchema("vehicleLocation"),
    sourceId: z.string().optional().openapi({ description: "The provider's id of the point, when it has one." }),
    provider: ProviderSchema,
    vehicle: idSchema("vehicle"),
    driver: idSchema("driver").optional().openapi({ description: "The driver at the wheel, when known." }),
    locatedAt: DateTimeSchema.openapi({ description: "When the vehicle was there." }),
    location: LocationSchema,
    address: AddressSchema.optional(),
    heading: z.number().optional().openapi({ description: "Degrees clockwise from north.", example: 271.5 }),
    speed: z.number().optional().openapi({ description: "km/h.", example: 88.51 }),
    metadata: TimeSeriesMetadataSchema,
    raw: RawSchema.optional(),
  })
  .openapi("VehicleLocation", { description: "One breadcrumb of a vehicle's route." });

export const ListVehicleLocationsQuerySchema = z
  .object({ ...seriesWindowQuery, raw: RawQuerySchema })
  .superRefine(checkSeriesWindow);
