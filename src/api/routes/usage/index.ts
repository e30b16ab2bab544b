import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerListUsage } from "./list";

export const usageApp = new OpenAPIHono<AppEnv>();
registerListUsage(usageApp);
