import { z } from "@hono/zod-openapi";
import { DELIVERY_SCHEDULES, DESTINATION_TYPES, type DestinationRow } from "../../../db/schema";
import { DELIVERABLE_MODELS } from "../../../domain/destinations/models";

export const DestinationIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^dst_[0-9A-HJKMNP-TV-Z]{26}$/)
    .openapi({ param: { name: "id", in: "path" }, example: "dst_01HZX5G1Q4V2M8T6W9K3R7N0PB" }),
});

const ModelSchema = z
  .enum(DELIVERABLE_MODELS as [string, ...string[]])
  .openapi("DeliverableModel", { description: "A synced family, by the name `supportedModels` gives it." });

const ConnectionIdSchema = z.string().regex(/^conn_[0-9A-HJKMNP-TV-Z]{26}$/);

/** A key prefix: path segments of safe characters, no leading or trailing slash, no `.` or `..` segment. */
const PrefixSchema = z
  .string()
  .max(256)
  .regex(/^(?!\/)(?!.*\/$)(?!.*(^|\/)\.{1,2}(\/|$))[A-Za-z0-9!_.*'()=\-/]*$/, {
    message: "A prefix is path segments of letters, digits and !_.*'()=- separated by single slashes.",
  })
  .refine((prefix) => !prefix.includes("//"), { message: "A prefix has no empty segment (`//`)." })
  .openapi({ example: "telematics/prod" });

const EndpointSchema = z.string().max(2048).openapi({
  description:
    "The service's https address; by default AWS's for the region (`https://s3.<region>.amazonaws.com`, `https://kinesis.<region>.amazonaws.com`).",
  example: "https://s3.us-east-1.amazonaws.com",
});
const RegionSchema = z
  .string()
  .regex(/^[a-z0-9-]{2,32}$/)
  .openapi({ example: "us-east-1" });
const AccessKeyIdSchema = z.string().min(1).max(256).openapi({ description: "Write-only: never returned." });
const SecretAccessKeySchema = z.string().min(1).max(512).openapi({ description: "Write-only: never returned." });
const BucketSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
    message: "A bucket name is 3–63 lowercase letters, digits, `.` and `-`.",
  })
  .openapi({ example: "fleet-data" });
const StreamNameSchema = z
  .string()
  .regex(/^[a-zA-Z0-9_.-]{1,128}$/, { message: "A stream name is 1–128 letters, digits, `_`, `.` and `-`." })
  .openapi({ example: "fleet-records" });

export const R2ConfigSchema = z.strictObject({ prefix: PrefixSchema.optional() }).openapi("R2DestinationConfig");
export const S3ConfigSchema = z
  .strictObject({
    endpoint: EndpointSchema.optional(),
    region: RegionSchema,
    bucket: BucketSchema,
    prefix: PrefixSchema.optional(),
    accessKeyId: AccessKeyIdSchema,
    secretAccessKey: SecretAccessKeySchema,
  })
  .openapi("S3DestinationConfig");
export const KinesisConfigSchema = z
  .strictObject({
    endpoint: EndpointSchema.optional(),
    region: RegionSchema,
    streamName: StreamNameSchema,
    accessKeyId: AccessKeyIdSchema,
    secretAccessKey: SecretAccessKeySchema,
  })
  .openapi("KinesisDestinationConfig");

const common = {
  name: z.string().trim().min(1).max(200).openapi({ example: "Warehouse landing bucket" }),
  models: z
    .array(ModelSchema)
    .min(1)
    .max(DELIVERABLE_MODELS.length)
    .openapi({ example: ["Vehicle", "Driver", "Trip"] }),
  connectionIds: z.array(ConnectionIdSchema).min(1).max(1000).nullable().optional().openapi({
    description: "The connections it covers; absent or null: every connection of the application in this environment.",
  }),
  schedule: z.enum(DELIVERY_SCHEDULES).optional().openapi({
    description: "When deliveries run: after each completed sync (default), hourly or daily.",
  }),
  includeRaw: z
    .boolean()
    .optional()
    .openapi({ description: "Each record with its provider payload, as `raw=true` answers it (default false)." }),
};

export const CreateDestinationBodySchema = z
  .discriminatedUnion("type", [
    z.strictObject({ type: z.literal("r2"), ...common, config: R2ConfigSchema.optional() }),
    z.strictObject({ type: z.literal("s3"), ...common, config: S3ConfigSchema }),
    z.strictObject({ type: z.literal("kinesis"), ...common, config: KinesisConfigSchema }),
  ])
  .openapi("CreateDestinationRequest");
export type CreateDestinationBody = z.infer<typeof CreateDestinationBodySchema>;

export const UpdateDestinationBodySchema = z
  .strictObject({
    name: common.name.optional(),
    models: common.models.optional(),
    connectionIds: common.connectionIds,
    schedule: common.schedule,
    includeRaw: common.includeRaw,
    config: z
      .strictObject({
        prefix: PrefixSchema.optional(),
        endpoint: EndpointSchema.optional(),
        region: RegionSchema.optional(),
        bucket: BucketSchema.optional(),
        streamName: StreamNameSchema.optional(),
        accessKeyId: AccessKeyIdSchema.optional(),
        secretAccessKey: SecretAccessKeySchema.optional(),
      })
      .optional()
      .openapi({
        description:
          "The fields of the destination's type to change; new credentials are given whole (`accessKeyId` with `secretAccessKey`).",
      }),
  })
  .openapi("UpdateDestinationRequest");
export type UpdateDestinationBody = z.infer<typeof UpdateDestinationBodySchema>;

export const DestinationSchema = z
  .object({
    id: z.string().openapi({ example: "dst_01HZX5G1Q4V2M8T6W9K3R7N0PB" }),
    type: z.enum(DESTINATION_TYPES),
    name: z.string(),
    models: z.array(z.string()),
    connectionIds: z.array(z.string()).nullable(),
    schedule: z.enum(DELIVERY_SCHEDULES),
    includeRaw: z.boolean(),
    config: z
      .object({
        prefix: z.string().optional(),
        endpoint: z.string().optional(),
        region: z.string().optional(),
        bucket: z.string().optional(),
        streamName: z.string().optional(),
      })
      .openapi({ description: "Where it writes; its credentials are never returned." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Destination");

export function presentDestination(row: DestinationRow): z.infer<typeof DestinationSchema> {
  const { type: _type, ...config } = row.config;
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    models: row.models,
    connectionIds: row.connectionIds,
    schedule: row.schedule,
    includeRaw: row.includeRaw,
    config,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
