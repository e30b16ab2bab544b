import { createRoute, type OpenAPIHono, type z } from "@hono/zod-openapi";
import { getDriver } from "../../../domain/records/get-record";
import { loadGroups } from "../../../domain/records/load-references";
import { presentDriver } from "../../../domain/records/present-driver";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { presentRecord } from "../../../http/present-rows";
import { CONNECTION_ERRORS, connectionScope } from "../../../http/scopes";
import { DriverIdParamsSchema, DriverSchema, GetDriverQuerySchema } from "./schema";

const route = createRoute({
  ...connectionScope,
  operationId: "drivers.get",
  tags: ["Drivers"],
  method: "get",
  path: "/drivers/{id}",
  summary: "Get a driver",
  description: "One driver of the connection, whatever its visibility: hidden and deleted drivers stay readable by id.",
  request: { params: DriverIdParamsSchema, query: GetDriverQuerySchema },
  responses: {
    200: { description: "The driver.", content: { "application/json": { schema: DriverSchema } } },
    ...errorResponses([...CONNECTION_ERRORS, "not_found"]),
  },
});

export type GetDriverResponse = z.infer<typeof DriverSchema>;

export function registerGetDriver(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const { raw, expand } = c.req.valid("query");
    const { db, connection } = c.var;
    const row = await getDriver(db, connection.id, id, { raw });
    if (!row) throw new ApiError("not_found", "No driver with this id in this connection.");
    const groups = expand === "groups" ? await loadGroups(db, connection.id, row.groupIds) : undefined;
    const body = await presentRecord("drivers", row.id, DriverSchema, () => presentDriver(row, { raw, groups }));
    return c.json(body, 200);
  });
}
