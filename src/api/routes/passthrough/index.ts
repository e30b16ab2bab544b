import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerPassthrough } from "./send";

/** Requests to the connection's provider API, sent with the connection's authorization. */
export const passthroughApp = new OpenAPIHono<AppEnv>();
registerPassthrough(passthroughApp);
