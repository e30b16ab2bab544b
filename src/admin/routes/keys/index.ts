import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerCreateApiKey } from "./create";
import { registerRevokeApiKey } from "./revoke";

/** An application's API keys: more of them for rotation, and revocation. */
export const keysApp = new OpenAPIHono<AppEnv>();
registerCreateApiKey(keysApp);
registerRevokeApiKey(keysApp);
