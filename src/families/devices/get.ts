import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { getRoute } from "../kit/routes";
import { deviceReads } from "./read";
import { DeviceIdParamsSchema, DeviceSchema, GetDeviceQuerySchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "devices.get",
  tags: ["Devices"],
  method: "get",
  path: "/devices/{id}",
  summary: "Get a device",
  description: "One telematics device of the connection, whatever its visibility: deleted devices stay readable by id.",
  request: { params: DeviceIdParamsSchema, query: GetDeviceQuerySchema },
  responses: {
    200: { description: "The device.", content: { "application/json": { schema: DeviceSchema } } },
    ...errorResponses([...CONNECTION_ERRORS, "not_found"]),
  },
});

export const getDeviceRoute = getRoute(route, deviceReads, "device");
