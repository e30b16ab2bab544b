import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerListProviders } from "./list";

export const providersApp = new OpenAPIHono<AppEnv>();
registerListProviders(providersApp);
