import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { idempotency } from "../../../middleware/idempotency";
import { requirePublishableKey } from "../../../middleware/publishable-key";
import { enforceRateLimits } from "../../../middleware/rate-limit";
import { registerCompleteLink } from "./complete";

/** Routes called from browsers with a publishable key, mounted before the secret-key check. */
export const publishableApp = new OpenAPIHono<AppEnv>();
// The application's request limit applies from the browser too (a publishable key has no connection yet).
publishableApp.use("/link/complete", requirePublishableKey, enforceRateLimits, idempotency);
registerCompleteLink(publishableApp);
