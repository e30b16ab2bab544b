import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerCreateDestination } from "./create";
import { registerDeleteDestination } from "./delete";
import { registerGetDestination } from "./get";
import { registerListDestinations } from "./list";
import { registerUpdateDestination } from "./update";

export const destinationsApp = new OpenAPIHono<AppEnv>();
registerCreateDestination(destinationsApp);
registerListDestinations(destinationsApp);
registerGetDestination(destinationsApp);
registerUpdateDestination(destinationsApp);
registerDeleteDestination(destinationsApp);
