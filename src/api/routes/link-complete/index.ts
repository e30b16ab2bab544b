import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { idempotency } from "../../middleware/idempotency";
import { requirePublishableKey } from "../../middleware/publishable-key";
import { registerCompleteLink } from "./complete";

/** Routes called from browsers with a publishable key, mounted before the secret-key check. */
export const publishableApp = new OpenAPIHono<AppEnv>();
publishableApp.use("/link/complete", requirePublishableKey, idempotency);
registerCompleteLink(publishableApp);
