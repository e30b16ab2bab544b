import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { decodedRows } from "../../../db/tolerant-rows";
import { listVehicles } from "../../../domain/records/list-vehicles";
import { loadDevices, loadGroups } from "../../../domain/records/load-references";
import { presentVehicle } from "../../../domain/records/present-vehicle";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage } from "../../../http/present-rows";
import { pageSchema, readCursor } from "../../../http/schemas/pagination";
import { CONNECTION_ERRORS, connectionScope } from "../../../http/scopes";
import { ListVehiclesQuerySchema, VehicleSchema } from "./schema";

const PageSchema = pageSchema(VehicleSchema, "VehiclePage");

const route = createRoute({
  ...connectionScope,
  operationId: "vehicles.list",
  tags: ["Vehicles"],
  method: "get",
  path: "/vehicles",
  summary: "List vehicles",
  description:
    "The connection's vehicles in a stable order. Only visible vehicles by default: `hidden=true` adds those the connection's filters hide, `deleted=true` those deleted at the provider. Readable while the connection is disconnected.",
  request: { query: ListVehiclesQuerySchema },
  responses: {
    200: { description: "A page of vehicles.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export function registerListVehicles(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { cursor, limit, raw, expand, hidden, deleted, modifiedAfter, modifiedBefore } = c.req.valid("query");
    const { db } = c.var;
    const connection = c.var.connection;
    const filters = {
      hidden,
      deleted,
      modifiedAfter: modifiedAfter === undefined ? undefined : new Date(modifiedAfter),
      modifiedBefore: modifiedBefore === undefined ? undefined : new Date(modifiedBefore),
    };
    const scope = `vehicles.list|${connection.id}|${JSON.stringify(filters)}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await listVehicles(db, connection.id, filters, {
      limit,
      afterId: after === undefined ? undefined : String(after[0]),
      raw,
    });
    const pageRows = decodedRows(rows.slice(0, limit));
    const wanted = new Set(expand?.split(","));
    const [groups, devices] = await Promise.all([
      wanted.has("groups")
        ? loadGroups(
            db,
            connection.id,
            pageRows.flatMap((row) => row.groupIds),
          )
        : undefined,
      wanted.has("devices")
        ? loadDevices(
            db,
            connection.id,
            pageRows.flatMap((row) => row.deviceIds),
          )
        : undefined,
    ]);
    const page = await presentPage(rows, {
      table: "vehicles",
      item: VehicleSchema,
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      present: (row) => presentVehicle(row, { raw, groups, devices }),
    });
    return c.json(page, 200);
  });
}
