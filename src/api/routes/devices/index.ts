import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerListDevices } from "./list";

export const devicesApp = new OpenAPIHono<AppEnv>();
registerListDevices(devicesApp);
