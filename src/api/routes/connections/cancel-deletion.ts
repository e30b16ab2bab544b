import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { cancelConnectionDeletion } from "../../../domain/connections/cancel-deletion";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { idSchema } from "../../../http/schemas/common";
import { requireRole } from "../../../middleware/roles";
import { presentConnection } from "../../../presenters/connection";
import { AnyConnectionSchema } from "../../../presenters/connection-schema";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";

const ParamsSchema = z.object({
  id: idSchema("connection").openapi({ param: { name: "id", in: "path" } }),
});

const route = createRoute({
  ...applicationScope,
  operationId: "connections.cancelDeletion",
  tags: ["Connections"],
  method: "post",
  path: "/connections/{id}/cancel-deletion",
  summary: "Cancel a connection's deletion",
  description:
    "Returns a connection in `pending_deletion` to `archived`, as long as the deletion sweep has not started deleting it. Needs admin rights (secret keys have them). `conflict` when the connection is not pending deletion; `connection_deleted` once it is `deleting` or `deleted`.",
  request: { params: ParamsSchema },
  responses: {
    200: {
      description: "The connection, now archived.",
      content: { "application/json": { schema: AnyConnectionSchema } },
    },
    ...errorResponses([...APPLICATION_ERRORS, "not_found", "conflict", "connection_deleted"]),
  },
});

export function registerCancelConnectionDeletion(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const { id } = c.req.valid("param");
    const tenant = { applicationId: c.var.principal.applicationId, environment: c.var.principal.environment };
    const archived = await cancelConnectionDeletion({ db: c.var.db, env: c.env }, tenant, id);
    return c.json(AnyConnectionSchema.parse(await presentConnection(c.env, archived)), 200);
  });
}
