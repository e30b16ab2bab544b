import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { decodedRows } from "../../../db/tolerant-rows";
import { listGroups } from "../../../domain/records/list-groups";
import { loadGroups } from "../../../domain/records/load-references";
import { presentGroup } from "../../../domain/records/present-group";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage } from "../../../http/present-rows";
import { pageSchema, readCursor } from "../../../http/schemas/pagination";
import { CONNECTION_ERRORS, connectionScope } from "../../../http/scopes";
import { GroupSchema, ListGroupsQuerySchema } from "./schema";

const PageSchema = pageSchema(GroupSchema, "GroupPage");

const route = createRoute({
  ...connectionScope,
  operationId: "groups.list",
  tags: ["Groups"],
  method: "get",
  path: "/groups",
  summary: "List groups",
  description:
    "The connection's groups (tags, regions, fleets at the provider) in a stable order; `deleted=true` adds those deleted at the provider.",
  request: { query: ListGroupsQuerySchema },
  responses: {
    200: { description: "A page of groups.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export function registerListGroups(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { cursor, limit, raw, expand, deleted, modifiedAfter, modifiedBefore } = c.req.valid("query");
    const { db, connection } = c.var;
    const filters = {
      deleted,
      modifiedAfter: modifiedAfter === undefined ? undefined : new Date(modifiedAfter),
      modifiedBefore: modifiedBefore === undefined ? undefined : new Date(modifiedBefore),
    };
    const scope = `groups.list|${connection.id}|${JSON.stringify(filters)}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await listGroups(db, connection.id, filters, {
      limit,
      afterId: after === undefined ? undefined : String(after[0]),
      raw,
    });
    const parents =
      expand === "parent"
        ? await loadGroups(
            db,
            connection.id,
            decodedRows(rows.slice(0, limit)).map((row) => row.parentId),
          )
        : undefined;
    const page = await presentPage(rows, {
      table: "groups",
      item: GroupSchema,
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      present: (row) => presentGroup(row, { raw, parents }),
    });
    return c.json(page, 200);
  });
}
