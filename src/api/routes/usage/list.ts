import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { listUsage } from "../../../domain/usage/list";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { idSchema } from "../../../http/schemas/common";
import { PaginationQuerySchema, pageSchema, readCursor, toPage } from "../../../http/schemas/pagination";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";

const UsageRecordSchema = z
  .object({
    connection: idSchema("connection"),
    vehicle: idSchema("vehicle"),
    backfillUnitCount: z.number().int().openapi({
      description:
        "Backfill units billed for this vehicle this month: one unit per vehicle-day of history ingested from before the connection was created.",
      example: 30,
    }),
  })
  .openapi("UsageRecord", {
    description: "A vehicle whose data the connection ingested during the month: each one is billable once per month.",
  });

const QuerySchema = PaginationQuerySchema.extend({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .openapi({ description: "ISO month, `YYYY-MM`.", example: "2026-01" }),
});
const PageSchema = pageSchema(UsageRecordSchema, "UsagePage");

const route = createRoute({
  ...applicationScope,
  operationId: "usage.list",
  tags: ["Usage"],
  method: "get",
  path: "/usage",
  summary: "List usage",
  description:
    "Billable vehicles and backfill units of the whole application in this environment for one month. Usage is the application's billing record: deleting a connection keeps its usage, still listed under the deleted connection's id.",
  request: { query: QuerySchema },
  responses: {
    200: { description: "A page of usage records.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses(APPLICATION_ERRORS),
  },
});

export function registerListUsage(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { month, cursor, limit } = c.req.valid("query");
    const tenant = c.var.principal;
    const scope = `usage.list|${tenant.applicationId}|${tenant.environment}|${month}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await listUsage(c.env, tenant, month, {
      limit,
      after: after === undefined ? undefined : [String(after[0]), String(after[1])],
    });
    const page = await toPage(rows, {
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      keyOf: (row) => [row.connectionId, row.vehicleId],
      present: (row) => ({
        connection: row.connectionId,
        vehicle: row.vehicleId,
        backfillUnitCount: row.backfillUnitCount,
      }),
    });
    return c.json(PageSchema.parse(page), 200);
  });
}
