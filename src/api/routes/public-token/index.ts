import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerExchangePublicToken } from "./exchange";

export const publicTokenApp = new OpenAPIHono<AppEnv>();
registerExchangePublicToken(publicTokenApp);
