import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { registerGetCameraMedia } from "./camera-media";

/** Camera media of safety events: read live from the provider, so not a route of the safety-events family. */
export const cameraMediaApp = new OpenAPIHono<AppEnv>();
registerGetCameraMedia(cameraMediaApp);
