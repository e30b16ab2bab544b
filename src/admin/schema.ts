import { z } from "@hono/zod-openapi";
import { API_KEY_KINDS, ENVIRONMENTS } from "../db/schema";
import { DateTimeSchema, idSchema } from "../http/schemas/common";

export const ApplicationIdParamsSchema = z.object({
  id: idSchema("application").openapi({ param: { name: "id", in: "path" } }),
});

export const ApiKeySchema = z
  .object({
    id: idSchema("apiKey"),
    environment: z.enum(ENVIRONMENTS),
    kind: z
      .enum(API_KEY_KINDS)
      .openapi({ description: "`secret` for server-side calls; `publishable` for the hosted flow." }),
    hint: z
      .string()
      .openapi({ description: "Prefix and last four characters, to recognise the key.", example: "sk_sandbox_…x9Qa" }),
    createdAt: DateTimeSchema,
    revokedAt: DateTimeSchema.optional(),
  })
  .openapi("ApiKey");

export const CreatedApiKeySchema = ApiKeySchema.extend({
  key: z.string().openapi({
    description: "The key itself. Shown only in this response: only its hash is stored.",
    example: "sk_sandbox_3fQ9xZr1LmN8pT2vW6yB4cD7eH5jK0aS1uV3wX9Qa",
  }),
}).openapi("CreatedApiKey");

export const ApplicationSchema = z
  .object({
    id: idSchema("application"),
    name: z.string().openapi({ example: "Acme Fleet Software" }),
    createdAt: DateTimeSchema,
    keys: z.array(ApiKeySchema),
  })
  .openapi("Application");

export const CreatedApplicationSchema = ApplicationSchema.extend({ keys: z.array(CreatedApiKeySchema) }).openapi(
  "CreatedApplication",
);

type KeyLike = {
  id: string;
  environment: string;
  kind: string;
  hint: string;
  createdAt: Date;
  revokedAt?: Date | null;
  key?: string;
};

export function presentApiKey(key: KeyLike) {
  return {
    id: key.id,
    environment: key.environment,
    kind: key.kind,
    hint: key.hint,
    createdAt: key.createdAt.toISOString(),
    ...(key.revokedAt ? { revokedAt: key.revokedAt.toISOString() } : {}),
    ...(key.key ? { key: key.key } : {}),
  };
}
