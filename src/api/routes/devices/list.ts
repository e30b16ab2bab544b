import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { decodedRows } from "../../../db/tolerant-rows";
import { listDevices } from "../../../domain/records/list-devices";
import { loadVehicles } from "../../../domain/records/load-references";
import { presentDevice } from "../../../domain/records/present-device";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage } from "../../../http/present-rows";
import { pageSchema, readCursor } from "../../../http/schemas/pagination";
import { CONNECTION_ERRORS, connectionScope } from "../../../http/scopes";
import { DeviceSchema, ListDevicesQuerySchema } from "./schema";

const PageSchema = pageSchema(DeviceSchema, "DevicePage");

const route = createRoute({
  ...connectionScope,
  operationId: "devices.list",
  tags: ["Devices"],
  method: "get",
  path: "/devices",
  summary: "List devices",
  description:
    "The connection's telematics devices (trackers and cameras) in a stable order; `deleted=true` adds those deleted at the provider.",
  request: { query: ListDevicesQuerySchema },
  responses: {
    200: { description: "A page of devices.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export function registerListDevices(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { cursor, limit, raw, expand, deleted, modifiedAfter, modifiedBefore } = c.req.valid("query");
    const { db, connection } = c.var;
    const filters = {
      deleted,
      modifiedAfter: modifiedAfter === undefined ? undefined : new Date(modifiedAfter),
      modifiedBefore: modifiedBefore === undefined ? undefined : new Date(modifiedBefore),
    };
    const scope = `devices.list|${connection.id}|${JSON.stringify(filters)}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await listDevices(db, connection.id, filters, {
      limit,
      afterId: after === undefined ? undefined : String(after[0]),
      raw,
    });
    const vehicles =
      expand === "vehicle"
        ? await loadVehicles(
            db,
            connection.id,
            decodedRows(rows.slice(0, limit)).map((row) => row.vehicleId),
          )
        : undefined;
    const page = await presentPage(rows, {
      table: "devices",
      item: DeviceSchema,
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      present: (row) => presentDevice(row, { raw, vehicles }),
    });
    return c.json(page, 200);
  });
}
