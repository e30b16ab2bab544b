import { createRoute, type OpenAPIHono, type z } from "@hono/zod-openapi";
import { createConnection } from "../../../domain/connections/create";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { presentConnection } from "../../../presenters/connection";
import { AnyConnectionSchema } from "../../../presenters/connection-schema";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { CreateConnectionBodySchema } from "./schema";

const route = createRoute({
  ...applicationScope,
  operationId: "connections.create",
  tags: ["Connections"],
  method: "post",
  path: "/connections",
  summary: "Create a connection",
  description:
    "Connects a customer's provider account directly with its credentials (the hosted consent flow is the other way). The provider checks the credentials before anything is stored. Answers the connection with its long-lived `token`.",
  request: {
    body: { required: true, content: { "application/json": { schema: CreateConnectionBodySchema } } },
  },
  responses: {
    201: {
      description: "The connection was created.",
      content: { "application/json": { schema: AnyConnectionSchema } },
    },
    ...errorResponses([...APPLICATION_ERRORS, "invalid_credentials", "bad_gateway", "gateway_timeout"]),
  },
});

export type CreateConnectionRequest = z.input<typeof CreateConnectionBodySchema>;
export type CreateConnectionResponse = z.infer<typeof AnyConnectionSchema>;

export function registerCreateConnection(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const body = c.req.valid("json");
    const { connection } = await createConnection({ db: c.var.db, env: c.env }, c.var.principal, body);
    return c.json(AnyConnectionSchema.parse(await presentConnection(c.env, connection)), 201);
  });
}
