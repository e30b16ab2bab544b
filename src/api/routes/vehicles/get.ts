import { createRoute, type OpenAPIHono, type z } from "@hono/zod-openapi";
import { getVehicle } from "../../../domain/records/get-record";
import { loadDevices, loadGroups } from "../../../domain/records/load-references";
import { presentVehicle } from "../../../domain/records/present-vehicle";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { presentRecord } from "../../../http/present-rows";
import { CONNECTION_ERRORS, connectionScope } from "../../../http/scopes";
import { GetVehicleQuerySchema, VehicleIdParamsSchema, VehicleSchema } from "./schema";

const route = createRoute({
  ...connectionScope,
  operationId: "vehicles.get",
  tags: ["Vehicles"],
  method: "get",
  path: "/vehicles/{id}",
  summary: "Get a vehicle",
  description:
    "One vehicle of the connection, whatever its visibility: hidden and deleted vehicles stay readable by id.",
  request: { params: VehicleIdParamsSchema, query: GetVehicleQuerySchema },
  responses: {
    200: { description: "The vehicle.", content: { "application/json": { schema: VehicleSchema } } },
    ...errorResponses([...CONNECTION_ERRORS, "not_found"]),
  },
});

export type GetVehicleResponse = z.infer<typeof VehicleSchema>;

export function registerGetVehicle(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const { raw, expand } = c.req.valid("query");
    const { db, connection } = c.var;
    const row = await getVehicle(db, connection.id, id, { raw });
    if (!row) throw new ApiError("not_found", "No vehicle with this id in this connection.");
    const wanted = new Set(expand?.split(","));
    const [groups, devices] = await Promise.all([
      wanted.has("groups") ? loadGroups(db, connection.id, row.groupIds) : undefined,
      wanted.has("devices") ? loadDevices(db, connection.id, row.deviceIds) : undefined,
    ]);
    const body = await presentRecord("vehicles", row.id, VehicleSchema, () =>
      presentVehicle(row, { raw, groups, devices }),
    );
    return c.json(body, 200);
  });
}
