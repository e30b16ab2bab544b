import { z } from "@hono/zod-openapi";
import { boundQuerySchema, DateTimeSchema, idSchema } from "../../http/schemas/common";
import { PaginationQuerySchema } from "../../http/schemas/pagination";
import { ExpandedDriverSchema } from "../drivers/expanded";
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

export const TripSchema = z
  .object({
    id: idSchema("trip"),
    sourceId: z.string().openapi({ description: "Id in the source system.", example: "sbx-trp-000042-20260106-0" }),
    provider: ProviderSchema,
    vehicle: z
      .union([idSchema("vehicle"), ExpandedVehicleSchema])
      .openapi({ description: "The vehicle's id; the vehicle object with `expand=vehicle`." }),
    driver: z
      .union([idSchema("driver"), ExpandedDriverSchema])
      .optional()
      .openapi({ description: "The driver's id; the driver object with `expand=driver`." }),
    startLocation: LocationSchema.optional().openapi({ description: "Where the trip started (its first breadcrumb)." }),
    endLocation: LocationSchema.optional().openapi({ description: "Where the trip ended (its last breadcrumb)." }),
    distance: z.number().optional().openapi({ description: "Kilometres driven.", example: 42.17 }),
    duration: z.number().int().openapi({ description: "Milliseconds from start to end.", example: 3_120_000 }),
    startedAt: DateTimeSchema.openapi({ description: "When the vehicle set off." }),
    endedAt: DateTimeSchema.openapi({ description: "When the vehicle stopped." }),
    metadata: EntityMetadataSchema,
    raw: RawSchema.optional(),
  })
  .openapi("Trip", { description: "A vehicle's movement from a start to a stop." });

const TripExpandSchema = z
  .enum(["vehicle", "driver", "vehicle,driver", "driver,vehicle"])
  .optional()
  .openapi({ description: "Turns `vehicle` and/or `driver` into objects.", example: "vehicle,driver" });

const bound = (description: string, example: string) => boundQuerySchema(DateTimeSchema, description, example);

export const ListTripsQuerySchema = PaginationQuerySchema.extend({
  startedAfter: bound("Only trips started at or after this time (inclusive).", "2026-01-06T00:00:00.000Z"),
  startedBefore: bound("Only trips started before this time (exclusive).", "2026-01-07T00:00:00.000Z"),
  endedAfter: bound("Only trips ended at or after this time (inclusive).", "2026-01-06T00:00:00.000Z"),
  endedBefore: bound("Only trips ended before this time (exclusive).", "2026-01-07T00:00:00.000Z"),
  modifiedAfter: ModifiedAfterQuerySchema,
  modifiedBefore: ModifiedBeforeQuerySchema,
  vehicleIds: idListQuerySchema("vehicle"),
  driverIds: idListQuerySchema("driver"),
  expand: TripExpandSchema,
  raw: RawQuerySchema,
});
