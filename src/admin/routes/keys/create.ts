import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { createApiKey } from "../../../domain/applications/create";
import { getApplication } from "../../../domain/applications/read";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { ApplicationIdParamsSchema } from "../applications/schema";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { presentApiKey } from "./present";
import { CreateApiKeyBodySchema, CreatedApiKeySchema } from "./schema";

const route = createRoute({
  operationId: "admin.keys.create",
  ...adminScope,
  method: "post",
  path: "/applications/{id}/keys",
  summary: "Create a key",
  description:
    "Adds a key to an application, for rotation: create the new key, switch to it, then revoke the old one. Shown only once.",
  request: {
    params: ApplicationIdParamsSchema,
    body: { required: true, content: { "application/json": { schema: CreateApiKeyBodySchema } } },
  },
  responses: {
    201: { description: "The new key.", content: { "application/json": { schema: CreatedApiKeySchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found"]),
  },
});

export function registerCreateApiKey(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const { environment, kind } = c.req.valid("json");
    if (!(await getApplication(c.var.db, id))) throw new ApiError("not_found", "No application with this id.");
    const key = await createApiKey(c.var.db, id, environment, kind);
    return c.json(CreatedApiKeySchema.parse(presentApiKey(key)), 201);
  });
}
