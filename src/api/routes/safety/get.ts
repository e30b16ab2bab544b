import { createRoute, type OpenAPIHono, type z } from "@hono/zod-openapi";
import { getSafetyEvent } from "../../../domain/records/get-record";
import { loadDrivers, loadVehicles } from "../../../domain/records/load-references";
import { presentSafetyEvent } from "../../../domain/records/present-safety-event";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { presentRecord } from "../../../http/present-rows";
import { CONNECTION_ERRORS, connectionScope } from "../../../http/scopes";
import { GetSafetyEventQuerySchema, SafetyEventIdParamsSchema, SafetyEventSchema } from "./schema";

const route = createRoute({
  ...connectionScope,
  operationId: "safetyEvents.get",
  tags: ["Safety"],
  method: "get",
  path: "/safety/events/{id}",
  summary: "Get a safety event",
  description: "One safety event of the connection, whatever its visibility.",
  request: { params: SafetyEventIdParamsSchema, query: GetSafetyEventQuerySchema },
  responses: {
    200: { description: "The safety event.", content: { "application/json": { schema: SafetyEventSchema } } },
    ...errorResponses([...CONNECTION_ERRORS, "not_found"]),
  },
});

export type GetSafetyEventResponse = z.infer<typeof SafetyEventSchema>;

export function registerGetSafetyEvent(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const { raw, expand } = c.req.valid("query");
    const { db, connection } = c.var;
    const row = await getSafetyEvent(db, connection.id, id, { raw });
    if (!row) throw new ApiError("not_found", "No safety event with this id in this connection.");
    const wanted = new Set(expand?.split(","));
    const [drivers, vehicles] = await Promise.all([
      wanted.has("driver") ? loadDrivers(db, connection.id, [row.driverId]) : undefined,
      wanted.has("vehicle") ? loadVehicles(db, connection.id, [row.vehicleId]) : undefined,
    ]);
    const body = await presentRecord("safety_events", row.id, SafetyEventSchema, () =>
      presentSafetyEvent(row, { raw, drivers, vehicles }),
    );
    return c.json(body, 200);
  });
}
