import { z } from "@hono/zod-openapi";
import { API_KEY_KINDS, ENVIRONMENTS } from "../../../db/schema";
import { DateTimeSchema, idSchema } from "../../../http/schemas/common";

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

export const CreateApiKeyBodySchema = z
  .strictObject({
    environment: z.enum(ENVIRONMENTS).openapi({ example: "sandbox" }),
    kind: z.enum(API_KEY_KINDS).openapi({ example: "secret" }),
  })
  .openapi("CreateApiKeyRequest");
