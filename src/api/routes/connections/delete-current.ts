import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { requestConnectionDeletion } from "../../../domain/connections/request-deletion";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { CONNECTION_ERRORS, connectionScope } from "../scopes";

const MessageSchema = z
  .object({ message: z.string().openapi({ example: "Deletion scheduled for 2026-01-07T03:24:53.000Z." }) })
  .openapi("DeletionScheduled");

const route = createRoute({
  ...connectionScope,
  operationId: "connections.deleteCurrent",
  tags: ["Connections"],
  method: "delete",
  path: "/connections/current",
  summary: "Delete the current connection",
  description:
    "Deletion is asynchronous: the status becomes `pending_deletion` at once, and the connection and its synced data are deleted after a grace period (24 hours by default) during which an admin can cancel it. Asking again while pending keeps the first due time.",
  responses: {
    202: { description: "Deletion scheduled.", content: { "application/json": { schema: MessageSchema } } },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export function registerDeleteCurrentConnection(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const pending = await requestConnectionDeletion({ db: c.var.db, env: c.env }, c.var.connection);
    const due = pending.deletionDueAt?.toISOString();
    return c.json(
      MessageSchema.parse({
        message: `Connection ${pending.id} is pending deletion; its data will be deleted after ${due}.`,
      }),
      202,
    );
  });
}
