import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { applications } from "../../../db/schema";
import { getApplication } from "../../../domain/applications/read";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { presentApplication } from "./present";
import { ApplicationIdParamsSchema, ApplicationSchema, UpdateApplicationBodySchema } from "./schema";

const route = createRoute({
  operationId: "admin.applications.update",
  ...adminScope,
  method: "patch",
  path: "/applications/{id}",
  summary: "Update an application",
  description:
    "Renames the application, turns its connections' time series on or off (`timeSeries.enabled`: from the next sync), or changes how long they stay in the data shards (`timeSeries.hotDays`) and are kept at all (`timeSeries.retentionDays`). Fields left out keep their value. A shorter retention is enforced by the next hourly sweep, in both tiers.",
  request: {
    params: ApplicationIdParamsSchema,
    body: { required: true, content: { "application/json": { schema: UpdateApplicationBodySchema } } },
  },
  responses: {
    200: { description: "The application.", content: { "application/json": { schema: ApplicationSchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found"]),
  },
});

export function registerUpdateApplication(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const changes = {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.timeSeries?.enabled === undefined ? {} : { seriesEnabled: body.timeSeries.enabled }),
      ...(body.timeSeries?.hotDays === undefined ? {} : { seriesHotDays: body.timeSeries.hotDays }),
      ...(body.timeSeries?.retentionDays === undefined ? {} : { seriesRetentionDays: body.timeSeries.retentionDays }),
    };
    await c.var.db
      .update(applications)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(applications.id, id));
    const found = await getApplication(c.var.db, id);
    if (!found) throw new ApiError("not_found", "No application with this id.");
    return c.json(ApplicationSchema.parse(presentApplication(found)), 200);
  });
}
