import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerListShards } from "./list";
import { registerUpdateShard } from "./update";

/** The data shards: their figures, and opening or closing one. */
export const shardsApp = new OpenAPIHono<AppEnv>();
registerListShards(shardsApp);
registerUpdateShard(shardsApp);
