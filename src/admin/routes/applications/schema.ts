import { z } from "@hono/zod-openapi";
import { DateTimeSchema, idSchema } from "../../../http/schemas/common";
import { ApiKeySchema, CreatedApiKeySchema } from "../keys/schema";

export const ApplicationIdParamsSchema = z.object({
  id: idSchema("application").openapi({ param: { name: "id", in: "path" } }),
});

export const MAX_SERIES_DAYS = 36_500;

const TimeSeriesSettingsSchema = z
  .object({
    enabled: z.boolean().openapi({
      description:
        "Whether the connections' syncs read latest locations, trips, breadcrumbs and stat logs (default true). Off: those reads answer what was stored, and GET /vehicles/locations never calls the provider.",
      example: true,
    }),
    hotDays: z.number().int().min(1).max(MAX_SERIES_DAYS).openapi({
      description:
        "Days of breadcrumbs and stat logs kept in the data shards (default 90). Older complete days move to object storage, where reads still find them (one object read per vehicle-day).",
      example: 90,
    }),
    retentionDays: z.number().int().min(1).max(MAX_SERIES_DAYS).nullable().openapi({
      description:
        "Days of breadcrumbs and stat logs kept at all, in both tiers; older points are deleted by an hourly sweep. `null` (the default): all history.",
      example: 730,
    }),
  })
  .openapi("TimeSeriesSettings");

export const ApplicationSchema = z
  .object({
    id: idSchema("application"),
    name: z.string().openapi({ example: "Acme Fleet Software" }),
    createdAt: DateTimeSchema,
    timeSeries: TimeSeriesSettingsSchema,
    keys: z.array(ApiKeySchema),
  })
  .openapi("Application");

export const UpdateApplicationBodySchema = z
  .strictObject({
    name: z.string().min(1).max(200).optional().openapi({ example: "Acme Fleet Software" }),
    timeSeries: TimeSeriesSettingsSchema.partial().strict().optional(),
  })
  .openapi("UpdateApplicationRequest");

export const CreatedApplicationSchema = ApplicationSchema.extend({ keys: z.array(CreatedApiKeySchema) }).openapi(
  "CreatedApplication",
);

export const CreateApplicationBodySchema = z
  .strictObject({
    name: z.string().min(1).max(200).openapi({ example: "Acme Fleet Software" }),
    timeSeries: TimeSeriesSettingsSchema.partial().strict().optional(),
  })
  .openapi("CreateApplicationRequest");
