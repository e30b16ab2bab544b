import { OpenAPIHono } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import { bodyLimit } from "hono/body-limit";
import { freshenHosClocks } from "../domain/hos-clocks/refresh";
import { freshenLatestLocations, freshenLatestTrailerLocations } from "../domain/latest-locations/refresh";
import type { AppEnv } from "../env";
import { registerFamilyRoutes } from "../families";
import { ApiError } from "../http/errors";
import { handleValidationResult } from "../http/handle-error";
import { requireSecretKey } from "../middleware/api-key";
import { resolveEnvironment } from "../middleware/environment";
import { shieldFromFloods } from "../middleware/flood-shield";
import { idempotency } from "../middleware/idempotency";
import { buildDocument, registerComponents } from "./openapi";
import { connectionsApp } from "./routes/connections";
import { destinationsApp } from "./routes/destinations";
import { issuesApp } from "./routes/issues";
import { linkApp } from "./routes/link";
import { publishableApp } from "./routes/link-complete";
import { passthroughApp } from "./routes/passthrough";
import { providersApp } from "./routes/providers";
import { publicTokenApp } from "./routes/public-token";
import { cameraMediaApp } from "./routes/safety";
import { connectionScope } from "./routes/scopes";
import { syncsApp } from "./routes/syncs";
import { usageApp } from "./routes/usage";
import { webhooksApp } from "./routes/webhooks";

/** Largest request body accepted: ample for any JSON this API takes, far below the Worker's limits. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** bodyLimit's answer to a larger body: a bad_request in the contract's shape. */
export function refuseOversizedBody(): never {
  const message = `The request body is larger than ${MAX_BODY_BYTES} bytes.`;
  throw new ApiError("bad_request", message, {
    detail: [{ message, path: "{requestBody}", suggestion: "Send a smaller body." }],
  });
}

/**
 * The /tsp/v1 API, served at both environments' base addresses. The reference (document and
 * UI) is public; every other route needs a secret key of the environment.
 */
export function newApi(admin: OpenAPIHono<AppEnv>) {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: handleValidationResult });
  registerComponents(api);
  api.use("*", resolveEnvironment);

  // Registered before the key check: Hono runs matching handlers in registration order, and these answer.
  let document: { key: string; value: unknown } | undefined;
  api.get("/openapi.json", (c) => {
    const key = `${c.env.PRODUCTION_BASE_URL}|${c.env.SANDBOX_BASE_URL}`;
    if (document?.key !== key) document = { key, value: buildDocument(api, admin, c.env) };
    return c.json(document.value, 200);
  });
  api.get(
    "/docs",
    Scalar({
      url: "openapi.json",
      cdn: "docs/scalar.js",
      pageTitle: "Telematics API reference",
      // Self-hosted and offline: nothing on the page calls a third-party service.
      telemetry: false,
      showDeveloperTools: "never",
      agent: { disabled: true },
      mcp: { disabled: true },
    }),
  );
  api.get("/docs/scalar.js", async (c) => {
    const asset = await c.env.ASSETS.fetch(new URL("/scalar/standalone.js", c.req.url));
    if (!asset.ok) {
      throw new ApiError("not_found", "The API reference script is not installed; run `npm install`.");
    }
    return c.body(await asset.arrayBuffer(), 200, {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=3600",
    });
  });

  // Every keyed route from here on: a flood of one credential stops before its lookup in D1.
  api.use("*", shieldFromFloods);

  // Browser routes with a publishable key: registered before the secret-key check, which they never reach.
  api.use("/link/complete", bodyLimit({ maxSize: MAX_BODY_BYTES, onError: refuseOversizedBody }));
  api.route("/", publishableApp);

  api.use("*", requireSecretKey);
  api.use("*", bodyLimit({ maxSize: MAX_BODY_BYTES, onError: refuseOversizedBody }));
  api.use("*", idempotency);
  api.route("/", connectionsApp);
  api.route("/", publicTokenApp);
  api.route("/", providersApp);
  api.route("/", usageApp);
  const familiesApp = new OpenAPIHono<AppEnv>();
  registerFamilyRoutes(familiesApp, connectionScope.middleware, {
    freshenLatestLocations: (c) => freshenLatestLocations(c.env, c.var.connection),
    freshenLatestTrailerLocations: (c) => freshenLatestTrailerLocations(c.env, c.var.connection),
    freshenHosClocks: (c) => freshenHosClocks(c.env, c.var.connection),
  });
  api.route("/", familiesApp);
  api.route("/", cameraMediaApp);
  api.route("/", passthroughApp);
  api.route("/", issuesApp);
  api.route("/", syncsApp);
  api.route("/", webhooksApp);
  api.route("/", destinationsApp);
  api.route("/", linkApp);
  return api;
}
