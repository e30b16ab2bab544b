import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerCancelSync } from "./cancel";
import { registerGetSync } from "./get";
import { registerListSyncs } from "./list";
import { registerRequestSync } from "./request";
import { registerRetrySync } from "./retry";

export const syncsApp = new OpenAPIHono<AppEnv>();
registerListSyncs(syncsApp);
registerRequestSync(syncsApp);
registerGetSync(syncsApp);
registerRetrySync(syncsApp);
registerCancelSync(syncsApp);
