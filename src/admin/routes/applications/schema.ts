import { z } from "@hono/zod-openapi";
import { DateTimeSchema, idSchema } from "../../../http/schemas/common";
import { ApiKeySchema, CreatedApiKeySchema } from "../keys/schema";

export const ApplicationIdParamsSchema = z.object({
  id: idSchema("application").openapi({ param: { name: "id", in: "path" } }),
});

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

export const CreateApplicationBodySchema = z
  .strictObject({ name: z.string().min(1).max(200).openapi({ example: "Acme Fleet Software" }) })
  .openapi("CreateApplicationRequest");
