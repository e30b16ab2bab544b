import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerGetCameraMedia } from "./camera-media";
import { registerGetSafetyEvent } from "./get";
import { registerListSafetyEvents } from "./list";

export const safetyApp = new OpenAPIHono<AppEnv>();
registerListSafetyEvents(safetyApp);
registerGetSafetyEvent(safetyApp);
registerGetCameraMedia(safetyApp);
