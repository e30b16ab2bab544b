import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { probeDestination } from "../../../domain/deliveries/targets/probe";
import { findDestination } from "../../../domain/destinations/manage";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { DestinationIdParamsSchema } from "./schema";

const ProbeSchema = z
  .object({
    ok: z.boolean(),
    message: z.string().openapi({ description: "What was written, or what the destination answered." }),
    status: z
      .number()
      .int()
      .optional()
      .openapi({ description: "The destination's HTTP status, when it answered one." }),
    code: z
      .string()
      .optional()
      .openapi({ description: "The destination's error code (`NoSuchBucket`, `AccessDenied`, …)." }),
  })
  .openapi("DestinationTest");

const route = createRoute({
  ...applicationScope,
  operationId: "destinations.test",
  tags: ["Destinations"],
  method: "post",
  path: "/destinations/{id}/test",
  summary: "Test a destination",
  description:
    'Writes a probe where deliveries write and answers what the destination said: object storage gets `<prefix>/_probe/<id>.txt`, written then removed; a stream gets one record `{"type":"probe"}` with partition key `probe` (a stream cannot remove it).',
  request: { params: DestinationIdParamsSchema },
  responses: {
    200: {
      description: "The destination's answer (`ok` false when it refused).",
      content: { "application/json": { schema: ProbeSchema } },
    },
    ...errorResponses([...APPLICATION_ERRORS, "not_found"]),
  },
});

export function registerTestDestination(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const destination = await findDestination({ db: c.var.db, env: c.env }, c.var.principal, c.req.valid("param").id);
    return c.json(await probeDestination(c.env, destination), 200);
  });
}
