import { createRoute, type OpenAPIHono, type z } from "@hono/zod-openapi";
import { updateConnection } from "../../../domain/connections/update";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentConnection } from "../../../presenters/connection";
import { AnyConnectionSchema } from "../../../presenters/connection-schema";
import { CONNECTION_ERRORS, unchangedConnectionScope } from "../scopes";
import { UpdateConnectionBodySchema } from "./schema";

const route = createRoute({
  ...unchangedConnectionScope,
  operationId: "connections.updateCurrent",
  tags: ["Connections"],
  method: "patch",
  path: "/connections/current",
  summary: "Update the current connection",
  description:
    "Changes the status (`connected`, `archived`, `disconnected`), options, company, external id, sync mode, tags or filters of an active connection. `options`, `company` and `tags` are replaced as given; `filters.vehicles` and `filters.drivers` are replaced one by one. A connection pending deletion answers `connection_disconnected`.",
  request: {
    body: { required: true, content: { "application/json": { schema: UpdateConnectionBodySchema } } },
  },
  responses: {
    200: { description: "The updated connection.", content: { "application/json": { schema: AnyConnectionSchema } } },
    ...errorResponses([...CONNECTION_ERRORS, "connection_disconnected"]),
  },
});

export type UpdateCurrentConnectionRequest = z.input<typeof UpdateConnectionBodySchema>;

export function registerUpdateCurrentConnection(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const updated = await updateConnection(
      { db: c.var.db, env: c.env, defer: (work) => c.executionCtx.waitUntil(work) },
      c.var.connection,
      c.req.valid("json"),
    );
    return c.json(AnyConnectionSchema.parse(await presentConnection(c.env, updated)), 200);
  });
}
