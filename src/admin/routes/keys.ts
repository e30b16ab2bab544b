import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { API_KEY_KINDS, ENVIRONMENTS } from "../../db/schema";
import { createApiKey } from "../../domain/applications/create";
import { getApplication, revokeApiKey } from "../../domain/applications/read";
import type { AppEnv } from "../../env";
import { ApiError, errorResponses } from "../../http/errors";
import { idSchema } from "../../http/schemas/common";
import { ApiKeySchema, ApplicationIdParamsSchema, CreatedApiKeySchema, presentApiKey } from "../schema";

const ADMIN_ERRORS = ["bad_request", "unauthorized", "not_found", "internal_server_error"] as const;
const security = [{ adminToken: [] }];

const CreateKeyBodySchema = z
  .strictObject({
    environment: z.enum(ENVIRONMENTS).openapi({ example: "sandbox" }),
    kind: z.enum(API_KEY_KINDS).openapi({ example: "secret" }),
  })
  .openapi("CreateApiKeyRequest");

const createKeyRoute = createRoute({
  operationId: "admin.keys.create",
  tags: ["Admin"],
  security,
  method: "post",
  path: "/applications/{id}/keys",
  summary: "Create a key",
  description:
    "Adds a key to an application, for rotation: create the new key, switch to it, then revoke the old one. Shown only once.",
  request: {
    params: ApplicationIdParamsSchema,
    body: { required: true, content: { "application/json": { schema: CreateKeyBodySchema } } },
  },
  responses: {
    201: { description: "The new key.", content: { "application/json": { schema: CreatedApiKeySchema } } },
    ...errorResponses(ADMIN_ERRORS),
  },
});

const revokeKeyRoute = createRoute({
  operationId: "admin.keys.revoke",
  tags: ["Admin"],
  security,
  method: "delete",
  path: "/applications/{id}/keys/{keyId}",
  summary: "Revoke a key",
  description: "Revokes a key at once: every later request with it is `unauthorized`. Revoking twice is harmless.",
  request: {
    params: ApplicationIdParamsSchema.extend({
      keyId: idSchema("apiKey").openapi({ param: { name: "keyId", in: "path" } }),
    }),
  },
  responses: {
    200: { description: "The revoked key.", content: { "application/json": { schema: ApiKeySchema } } },
    ...errorResponses(ADMIN_ERRORS),
  },
});

export function registerKeyRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(createKeyRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { environment, kind } = c.req.valid("json");
    if (!(await getApplication(c.var.db, id))) throw new ApiError("not_found", "No application with this id.");
    const key = await createApiKey(c.var.db, id, environment, kind);
    return c.json(CreatedApiKeySchema.parse(presentApiKey(key)), 201);
  });

  app.openapi(revokeKeyRoute, async (c) => {
    const { id, keyId } = c.req.valid("param");
    const key = await revokeApiKey(c.var.db, id, keyId);
    if (!key) throw new ApiError("not_found", "No key with this id in this application.");
    return c.json(ApiKeySchema.parse(presentApiKey(key)), 200);
  });
}
