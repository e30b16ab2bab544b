import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { getApplication } from "../../../domain/applications/read";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { presentApplication } from "./present";
import { ApplicationIdParamsSchema, ApplicationSchema } from "./schema";

const route = createRoute({
  operationId: "admin.applications.get",
  ...adminScope,
  method: "get",
  path: "/applications/{id}",
  summary: "Get an application",
  description: "The application with its keys (hints only, never the keys themselves).",
  request: { params: ApplicationIdParamsSchema },
  responses: {
    200: { description: "The application.", content: { "application/json": { schema: ApplicationSchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found"]),
  },
});

export function registerGetApplication(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const found = await getApplication(c.var.db, c.req.valid("param").id);
    if (!found) throw new ApiError("not_found", "No application with this id.");
    return c.json(ApplicationSchema.parse(presentApplication(found)), 200);
  });
}
