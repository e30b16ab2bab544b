import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute, recordFilters } from "../kit/routes";
import { deviceReads } from "./read";
import { DeviceSchema, ListDevicesQuerySchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "devices.list",
  tags: ["Devices"],
  method: "get",
  path: "/devices",
  summary: "List devices",
  description:
    "The connection's telematics devices (trackers and cameras) in a stable order; `deleted=true` adds those deleted at the provider.",
  request: { query: ListDevicesQuerySchema },
  responses: {
    200: {
      description: "A page of devices.",
      content: { "application/json": { schema: pageSchema(DeviceSchema, "DevicePage") } },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listDevicesRoute = listRoute(route, deviceReads, recordFilters);
