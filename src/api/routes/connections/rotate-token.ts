import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { rotateConnectionToken } from "../../../domain/connections/rotate-token";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentConnection } from "../../../presenters/connection";
import { ConnectionSchema } from "../../../presenters/connection-schema";
import { CONNECTION_ERRORS, connectionScope } from "../scopes";

const route = createRoute({
  ...connectionScope,
  operationId: "connections.rotateToken",
  tags: ["Connections"],
  method: "post",
  path: "/connections/current/rotate-token",
  summary: "Rotate the connection's token",
  description:
    'Replaces the connection\'s token and answers the connection with the new one. The old token stops working at once (no overlap): requests still sending it get `forbidden`. Recorded as `tokenRotatedAt` and announced by a `connection.updated` webhook with `change: "token_rotated"`. Tokens never rotate on their own. Two concurrent rotations: one wins, the other is a `conflict`.',
  responses: {
    200: {
      description: "The connection, with its new token.",
      content: { "application/json": { schema: ConnectionSchema } },
    },
    ...errorResponses([...CONNECTION_ERRORS, "conflict"]),
  },
});

export function registerRotateConnectionToken(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const rotated = await rotateConnectionToken({ db: c.var.db, env: c.env }, c.var.connection);
    return c.json(ConnectionSchema.parse(await presentConnection(c.env, rotated)), 200);
  });
}
