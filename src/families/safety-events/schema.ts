import { z } from "@hono/zod-openapi";
import { boundQuerySchema, DateTimeSchema, idSchema } from "../../http/schemas/common";
import { PaginationQuerySchema } from "../../http/schemas/pagination";
import { SAFETY_EVENT_TYPES } from "../../model/normalized";
import { ExpandedDriverSchema } from "../drivers/expanded";
import {
  idListQuerySchema,
  idParamsSchema,
  LocationSchema,
  ModifiedAfterQuerySchema,
  ModifiedBeforeQuerySchema,
  RawQuerySchema,
  RawSchema,
  RecordMetadataSchema,
} from "../kit/schemas";
import { ExpandedVehicleSchema } from "../vehicles/expanded";

const CameraReferenceSchema = z
  .object({
    sourceId: z
      .string()
      .openapi({ description: "Id of the camera's media in the source system.", example: "media-7781" }),
    available: z.boolean().openapi({
      description:
        "Whether the provider has this camera's media now; `false` while it is still being uploaded or processed, or when the camera recorded none.",
      example: true,
    }),
  })
  .openapi("CameraReference", { description: "A camera that recorded the event, and whether its media is ready." });

const speed = (description: string, example: number) =>
  z
    .number()
    .optional()
    .openapi({ description: `${description}, km/h.`, example });

export const SafetyEventSchema = z
  .object({
    id: idSchema("safetyEvent"),
    sourceId: z.string().openapi({ description: "Id in the source system.", example: "evt-93311" }),
    provider: z.string().openapi({ description: "Provider code.", example: "sandbox" }),
    type: z.enum(SAFETY_EVENT_TYPES).openapi({ example: "harsh_brake" }),
    sourceType: z.string().optional().openapi({
      description:
        "The provider's own name of the event's type, as it wrote it (Samsara's behavior label, Motive's event type, Geotab's exception rule id, …), for types finer than `type`; absent when the provider gives none.",
      example: "hard_brake",
    }),
    driver: z
      .union([idSchema("driver"), ExpandedDriverSchema])
      .optional()
      .openapi({ description: "The driver's id; the driver object with `expand=driver`." }),
    vehicle: z
      .union([idSchema("vehicle"), ExpandedVehicleSchema])
      .optional()
      .openapi({ description: "The vehicle's id; the vehicle object with `expand=vehicle`." }),
    startLocation: LocationSchema.optional(),
    endLocation: LocationSchema.optional(),
    startedAt: DateTimeSchema.openapi({ description: "When the event started." }),
    endedAt: DateTimeSchema.optional().openapi({ description: "When the event ended." }),
    stats: z
      .object({
        maximumSpeed: speed("Highest speed during the event", 92.5),
        averageSpeed: speed("Average speed during the event", 81.3),
        roadSpeedLimit: speed("Speed limit of the road", 88),
        gForceForwardBackward: z.number().optional().openapi({ description: "Longitudinal g-force.", example: -0.42 }),
        gForceSideToSide: z.number().optional().openapi({ description: "Lateral g-force.", example: 0.05 }),
        heading: z.number().optional().openapi({ description: "Heading in degrees from north.", example: 271.5 }),
      })
      .optional()
      .openapi({ description: "Measurements of the event." }),
    cameraMedia: z
      .object({ frontFacing: CameraReferenceSchema.optional(), rearFacing: CameraReferenceSchema.optional() })
      .openapi({
        description:
          "Which cameras recorded the event: `frontFacing` the road-facing one, `rearFacing` the driver-facing (inward) one, each with whether its media is ready (`available`); `{}` when the event had no camera. GET /safety/events/{id}/camera-media gives the URLs.",
        example: { frontFacing: { sourceId: "media-7781", available: true } },
      }),
    metadata: RecordMetadataSchema,
    raw: RawSchema.optional(),
  })
  .openapi("SafetyEvent", { description: "A safety event recorded by the provider (harsh braking, speeding, …)." });

const SafetyEventExpandSchema = z
  .enum(["vehicle", "driver", "vehicle,driver", "driver,vehicle"])
  .optional()
  .openapi({ description: "Turns `vehicle` and/or `driver` into objects.", example: "vehicle,driver" });

export const SafetyEventIdParamsSchema = idParamsSchema("safetyEvent");

export const GetSafetyEventQuerySchema = z.object({ raw: RawQuerySchema, expand: SafetyEventExpandSchema });

export const ListSafetyEventsQuerySchema = PaginationQuerySchema.extend({
  startedAfter: boundQuerySchema(
    DateTimeSchema,
    "Only events started at or after this time (inclusive).",
    "2026-01-06T00:00:00.000Z",
  ),
  startedBefore: boundQuerySchema(
    DateTimeSchema,
    "Only events started before this time (exclusive).",
    "2026-01-07T00:00:00.000Z",
  ),
  modifiedAfter: ModifiedAfterQuerySchema,
  modifiedBefore: ModifiedBeforeQuerySchema,
  driverIds: idListQuerySchema("driver"),
  vehicleIds: idListQuerySchema("vehicle"),
  expand: SafetyEventExpandSchema,
  raw: RawQuerySchema,
});
