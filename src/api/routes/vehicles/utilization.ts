import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { listUtilization, utilizationKey, utilizationOrderFor } from "../../../domain/records/list-utilization";
import { loadVehicles } from "../../../domain/records/load-references";
import { presentUtilization } from "../../../domain/records/present-utilization";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { pageSchema, readCursor, toPage } from "../../../http/schemas/pagination";
import { CONNECTION_ERRORS, connectionScope } from "../../../http/scopes";
import { ListUtilizationQuerySchema, UtilizationSchema } from "./schema";

const PageSchema = pageSchema(UtilizationSchema, "VehicleUtilizationPage");

const route = createRoute({
  ...connectionScope,
  operationId: "vehicleUtilization.list",
  tags: ["Vehicles"],
  method: "get",
  path: "/vehicles/utilization",
  summary: "List vehicle utilization",
  description:
    "Daily distance, fuel and driving and idling time per vehicle (kilometres, litres, milliseconds). With `vehicleIds` the days come vehicle by vehicle, each in date order; without, day by day across the fleet. Days of vehicles that are currently hidden or deleted are left out.",
  request: { query: ListUtilizationQuerySchema },
  responses: {
    200: { description: "A page of utilization days.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export function registerListUtilization(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { cursor, limit, raw, expand, startDate, endDate, modifiedAfter, modifiedBefore, vehicleIds } =
      c.req.valid("query");
    const { db, connection } = c.var;
    const filters = {
      startDate,
      endDate,
      modifiedAfter: modifiedAfter === undefined ? undefined : new Date(modifiedAfter),
      modifiedBefore: modifiedBefore === undefined ? undefined : new Date(modifiedBefore),
      vehicleIds,
    };
    const order = utilizationOrderFor(filters);
    // The order is part of the scope: a cursor of one order means nothing in the other.
    const scope = `vehicleUtilization.list|${connection.id}|${order}|${JSON.stringify(filters)}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await listUtilization(db, connection.id, filters, {
      limit,
      after: after === undefined ? undefined : [String(after[0]), String(after[1])],
      raw,
    });
    const vehicles =
      expand === "vehicle"
        ? await loadVehicles(
            db,
            connection.id,
            rows.slice(0, limit).map((row) => row.vehicleId),
          )
        : undefined;
    const page = await toPage(rows, {
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      keyOf: (row) => utilizationKey(row, order),
      present: (row) => presentUtilization(row, { raw, vehicles }),
    });
    return c.json(PageSchema.parse(page), 200);
  });
}
