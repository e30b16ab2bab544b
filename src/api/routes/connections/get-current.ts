import { createRoute, type OpenAPIHono, type z } from "@hono/zod-openapi";
import { getConnectionDetails } from "../../../domain/connections/get-details";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { presentRecord } from "../../../http/present-rows";
import { presentConnection } from "../../../presenters/connection";
import { AnyConnectionSchema } from "../../../presenters/connection-schema";
import { CONNECTION_ERRORS, connectionScope } from "../scopes";

const route = createRoute({
  ...connectionScope,
  operationId: "connections.getCurrent",
  tags: ["Connections"],
  method: "get",
  path: "/connections/current",
  summary: "Get the current connection",
  description:
    "The connection selected by the `Connection-Token` header, with its accepted agreements and latest sync job.",
  responses: {
    200: { description: "The connection.", content: { "application/json": { schema: AnyConnectionSchema } } },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export type GetCurrentConnectionResponse = z.infer<typeof AnyConnectionSchema>;

export function registerGetCurrentConnection(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const details = await getConnectionDetails({ control: c.var.db, data: c.var.data }, c.var.connection);
    // Shown as it is now (the one the token found may be remembered from a moment ago).
    const connection = details.connection;
    if (connection.status === "deleted" || connection.status === "deleting") {
      throw new ApiError("connection_deleted", "The connection has been deleted.");
    }
    const body = await presentRecord("connections", connection.id, AnyConnectionSchema, () =>
      presentConnection(c.env, connection, details),
    );
    return c.json(body, 200);
  });
}
