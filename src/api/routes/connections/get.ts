import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { connectionDatabase } from "../../../db/databases";
import { getConnectionById } from "../../../domain/connections/get-by-id";
import { getConnectionDetails } from "../../../domain/connections/get-details";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { presentRecord } from "../../../http/present-rows";
import { idSchema } from "../../../http/schemas/common";
import { presentConnection } from "../../../presenters/connection";
import { AnyConnectionSchema } from "../../../presenters/connection-schema";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";

const ParamsSchema = z.object({
  id: idSchema("connection").openapi({ param: { name: "id", in: "path" } }),
});

const route = createRoute({
  ...applicationScope,
  operationId: "connections.get",
  tags: ["Connections"],
  method: "get",
  path: "/connections/{id}",
  summary: "Get a connection",
  description:
    "One connection of the application in this environment, by id, with its accepted agreements and latest sync job (as `GET /connections/current`). For dashboards and members: no `Connection-Token` needed.",
  request: { params: ParamsSchema },
  responses: {
    200: { description: "The connection.", content: { "application/json": { schema: AnyConnectionSchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "not_found"]),
  },
});

export function registerGetConnection(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const connection = await getConnectionById(c.var.db, c.var.principal, c.req.valid("param").id);
    if (!connection) throw new ApiError("not_found", "No connection with this id in this application and environment.");
    const details = await getConnectionDetails(
      { control: c.var.db, data: connectionDatabase(c.env, connection) },
      connection,
    );
    const body = await presentRecord("connections", connection.id, AnyConnectionSchema, () =>
      presentConnection(c.env, connection, details),
    );
    return c.json(body, 200);
  });
}
