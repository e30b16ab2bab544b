import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { createApplication } from "../../../domain/applications/create";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { presentApplication } from "./present";
import { CreateApplicationBodySchema, CreatedApplicationSchema } from "./schema";

const route = createRoute({
  operationId: "admin.applications.create",
  ...adminScope,
  method: "post",
  path: "/applications",
  summary: "Create an application",
  description:
    "Creates an application with four keys: secret and publishable, for production and sandbox. The keys are shown only in this response; only their hashes are stored.",
  request: { body: { required: true, content: { "application/json": { schema: CreateApplicationBodySchema } } } },
  responses: {
    201: {
      description: "The application and its keys.",
      content: { "application/json": { schema: CreatedApplicationSchema } },
    },
    ...errorResponses(ADMIN_ERRORS),
  },
});

export function registerCreateApplication(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const { application, keys } = await createApplication(c.var.db, body.name, body.timeSeries);
    return c.json(CreatedApplicationSchema.parse(presentApplication({ application, keys })), 201);
  });
}
