import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { deleteShortLink } from "../../../domain/link/short-links";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { ShortLinkIdParamsSchema } from "./schema";

const route = createRoute({
  ...applicationScope,
  operationId: "link.deleteShort",
  tags: ["Link"],
  method: "delete",
  path: "/link/short/{id}",
  summary: "Delete a short link",
  description:
    "Stops the link from opening the hosted flow. Sending its body to POST /link/short afterwards creates a new link with a new code.",
  request: { params: ShortLinkIdParamsSchema },
  responses: {
    204: { description: "Deleted." },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden", "not_found"]),
  },
});

export function registerDeleteShortLink(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const { id } = c.req.valid("param");
    await deleteShortLink({ db: c.var.db, env: c.env }, c.var.principal, id);
    return c.body(null, 204);
  });
}
