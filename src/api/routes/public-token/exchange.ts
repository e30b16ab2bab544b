import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { exchangePublicToken } from "../../../domain/public-tokens/exchange";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { presentConnection } from "../../../presenters/connection";
import { ConnectionSchema } from "../../../presenters/connection-schema";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";

const BodySchema = z
  .object({
    publicToken: z
      .string()
      .max(200)
      .regex(/^pub_tkn_\S+$/)
      .openapi({ description: "The one-time token the hosted flow returned.", example: "pub_tkn_8sJd…" }),
  })
  .openapi("PublicTokenExchangeRequest");

const route = createRoute({
  ...applicationScope,
  operationId: "publicToken.exchange",
  tags: ["Connections"],
  method: "post",
  path: "/public-token/exchange",
  summary: "Exchange a public token",
  description:
    "Exchanges the one-time public token from the hosted consent flow for the connection and its long-lived `token`. A public token works once, within minutes of the flow; afterwards it is `not_found`.",
  request: { body: { required: true, content: { "application/json": { schema: BodySchema } } } },
  responses: {
    200: {
      description: "The connection, with its token.",
      content: { "application/json": { schema: ConnectionSchema } },
    },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden", "not_found", "connection_deleted"]),
  },
});

export function registerExchangePublicToken(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const { publicToken } = c.req.valid("json");
    const connection = await exchangePublicToken({ db: c.var.db, env: c.env }, c.var.principal, publicToken);
    return c.json(ConnectionSchema.parse(await presentConnection(c.env, connection)), 200);
  });
}
