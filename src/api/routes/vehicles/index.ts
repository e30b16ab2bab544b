import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerGetVehicle } from "./get";
import { registerListVehicles } from "./list";
import { registerListUtilization } from "./utilization";

export const vehiclesApp = new OpenAPIHono<AppEnv>();
registerListVehicles(vehiclesApp);
// /vehicles/utilization before /vehicles/{id}, so "utilization" is never read as an id.
registerListUtilization(vehiclesApp);
registerGetVehicle(vehiclesApp);
