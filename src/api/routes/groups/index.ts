import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerListGroups } from "./list";

export const groupsApp = new OpenAPIHono<AppEnv>();
registerListGroups(groupsApp);
