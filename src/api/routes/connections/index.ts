import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerCancelConnectionDeletion } from "./cancel-deletion";
import { registerCreateConnection } from "./create";
import { registerDeleteCurrentConnection } from "./delete-current";
import { registerGetConnection } from "./get";
import { registerGetCurrentConnection } from "./get-current";
import { registerListConnections } from "./list";
import { registerRotateConnectionToken } from "./rotate-token";
import { registerUpdateCurrentConnection } from "./update-current";

export const connectionsApp = new OpenAPIHono<AppEnv>();
// /connections/current before any /connections/{id} route, so "current" is never read as an id.
registerGetCurrentConnection(connectionsApp);
registerUpdateCurrentConnection(connectionsApp);
registerDeleteCurrentConnection(connectionsApp);
registerRotateConnectionToken(connectionsApp);
registerCreateConnection(connectionsApp);
registerListConnections(connectionsApp);
registerGetConnection(connectionsApp);
registerCancelConnectionDeletion(connectionsApp);
