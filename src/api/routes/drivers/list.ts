import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { decodedRows } from "../../../db/tolerant-rows";
import { listDrivers } from "../../../domain/records/list-drivers";
import { loadGroups } from "../../../domain/records/load-references";
import { presentDriver } from "../../../domain/records/present-driver";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage } from "../../../http/present-rows";
import { pageSchema, readCursor } from "../../../http/schemas/pagination";
import { CONNECTION_ERRORS, connectionScope } from "../../../http/scopes";
import { DriverSchema, ListDriversQuerySchema } from "./schema";

const PageSchema = pageSchema(DriverSchema, "DriverPage");

const route = createRoute({
  ...connectionScope,
  operationId: "drivers.list",
  tags: ["Drivers"],
  method: "get",
  path: "/drivers",
  summary: "List drivers",
  description:
    "The connection's drivers in a stable order. Only visible drivers by default: `hidden=true` adds those the connection's filters hide, `deleted=true` those deleted at the provider.",
  request: { query: ListDriversQuerySchema },
  responses: {
    200: { description: "A page of drivers.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export function registerListDrivers(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { cursor, limit, raw, expand, hidden, deleted, modifiedAfter, modifiedBefore } = c.req.valid("query");
    const { db, connection } = c.var;
    const filters = {
      hidden,
      deleted,
      modifiedAfter: modifiedAfter === undefined ? undefined : new Date(modifiedAfter),
      modifiedBefore: modifiedBefore === undefined ? undefined : new Date(modifiedBefore),
    };
    const scope = `drivers.list|${connection.id}|${JSON.stringify(filters)}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await listDrivers(db, connection.id, filters, {
      limit,
      afterId: after === undefined ? undefined : String(after[0]),
      raw,
    });
    const groups =
      expand === "groups"
        ? await loadGroups(
            db,
            connection.id,
            decodedRows(rows.slice(0, limit)).flatMap((row) => row.groupIds),
          )
        : undefined;
    const page = await presentPage(rows, {
      table: "drivers",
      item: DriverSchema,
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      present: (row) => presentDriver(row, { raw, groups }),
    });
    return c.json(page, 200);
  });
}
