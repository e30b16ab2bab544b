import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { decodedRows } from "../../../db/tolerant-rows";
import { listSafetyEvents } from "../../../domain/records/list-safety-events";
import { loadDrivers, loadVehicles } from "../../../domain/records/load-references";
import { presentSafetyEvent } from "../../../domain/records/present-safety-event";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage } from "../../../http/present-rows";
import { pageSchema, readCursor } from "../../../http/schemas/pagination";
import { CONNECTION_ERRORS, connectionScope } from "../../../http/scopes";
import { ListSafetyEventsQuerySchema, SafetyEventSchema } from "./schema";

const PageSchema = pageSchema(SafetyEventSchema, "SafetyEventPage");

const route = createRoute({
  ...connectionScope,
  operationId: "safetyEvents.list",
  tags: ["Safety"],
  method: "get",
  path: "/safety/events",
  summary: "List safety events",
  description:
    "The connection's visible safety events in a stable order, filtered by start time, modification time, drivers and vehicles.",
  request: { query: ListSafetyEventsQuerySchema },
  responses: {
    200: { description: "A page of safety events.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

const toDate = (value: string | undefined) => (value === undefined ? undefined : new Date(value));

export function registerListSafetyEvents(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const { cursor, limit, raw, expand } = query;
    const { db, connection } = c.var;
    const filters = {
      startedAfter: toDate(query.startedAfter),
      startedBefore: toDate(query.startedBefore),
      modifiedAfter: toDate(query.modifiedAfter),
      modifiedBefore: toDate(query.modifiedBefore),
      driverIds: query.driverIds,
      vehicleIds: query.vehicleIds,
    };
    const scope = `safetyEvents.list|${connection.id}|${JSON.stringify(filters)}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await listSafetyEvents(db, connection.id, filters, {
      limit,
      afterId: after === undefined ? undefined : String(after[0]),
      raw,
    });
    const pageRows = decodedRows(rows.slice(0, limit));
    const wanted = new Set(expand?.split(","));
    const [drivers, vehicles] = await Promise.all([
      wanted.has("driver")
        ? loadDrivers(
            db,
            connection.id,
            pageRows.map((row) => row.driverId),
          )
        : undefined,
      wanted.has("vehicle")
        ? loadVehicles(
            db,
            connection.id,
            pageRows.map((row) => row.vehicleId),
          )
        : undefined,
    ]);
    const page = await presentPage(rows, {
      table: "safety_events",
      item: SafetyEventSchema,
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      present: (row) => presentSafetyEvent(row, { raw, drivers, vehicles }),
    });
    return c.json(page, 200);
  });
}
