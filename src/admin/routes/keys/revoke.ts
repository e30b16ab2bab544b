import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { revokeApiKey } from "../../../domain/applications/read";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { idSchema } from "../../../http/schemas/common";
import { ApplicationIdParamsSchema } from "../applications/schema";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { presentApiKey } from "./present";
import { ApiKeySchema } from "./schema";

const ParamsSchema = ApplicationIdParamsSchema.extend({
  keyId: idSchema("apiKey").openapi({ param: { name: "keyId", in: "path" } }),
});

const route = createRoute({
  operationId: "admin.keys.revoke",
  ...adminScope,
  method: "delete",
  path: "/applications/{id}/keys/{keyId}",
  summary: "Revoke a key",
  description: "Revokes a key at once: every later request with it is `unauthorized`. Revoking twice is harmless.",
  request: { params: ParamsSchema },
  responses: {
    200: { description: "The revoked key.", content: { "application/json": { schema: ApiKeySchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found"]),
  },
});

export function registerRevokeApiKey(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id, keyId } = c.req.valid("param");
    const key = await revokeApiKey(c.var.db, id, keyId);
    if (!key) throw new ApiError("not_found", "No key with this id in this application.");
    return c.json(ApiKeySchema.parse(presentApiKey(key)), 200);
  });
}
