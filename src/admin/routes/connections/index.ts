import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerGetOperatorConnection } from "./get";
import { registerMoveConnection } from "./move";

/** Connections as the operator sees them: their shard, and moving their data to another. */
export const operatorConnectionsApp = new OpenAPIHono<AppEnv>();
registerGetOperatorConnection(operatorConnectionsApp);
registerMoveConnection(operatorConnectionsApp);
