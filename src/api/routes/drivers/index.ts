import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerGetDriver } from "./get";
import { registerListDrivers } from "./list";

export const driversApp = new OpenAPIHono<AppEnv>();
registerListDrivers(driversApp);
registerGetDriver(driversApp);
