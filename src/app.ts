import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { newAdminApp } from "./admin";
import { MAX_BODY_BYTES, newApi, refuseOversizedBody } from "./api";
import { newDashboardApp } from "./dashboard/app";
import type { AppEnv } from "./env";
import { ADMIN_PATH, API_PATH, routingPath } from "./http/environments";
import { ApiError } from "./http/errors";
import { handleError, handleValidationResult } from "./http/handle-error";
import { newId } from "./lib/ids";
import { newLinkApp } from "./link/app";
import { mcpServer } from "./mcp/handler";
import { init } from "./middleware/init";

/**
 * Builds the whole HTTP surface: /tsp/v1 (at both environments' base addresses, through
 * routingPath), /admin/v1, and the hosted consent flow at / (with the service index for programs).
 */
export function newApp() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: handleValidationResult, getPath: routingPath });
  // Liveness for load balancers and monitors, and the benchmarks' baseline: registered before
  // every middleware, so it measures the runtime's own ceiling for a JSON answer.
  app.get("/health", (c) => c.json({ status: "ok" }, 200));
  app.use("*", requestId({ generator: () => newId("request") }));
  app.use("*", init);
  // The MCP server at each environment's MCP address; its tools call this app's routes in process.
  app.use(
    "*",
    mcpServer((request, env, ctx) => app.fetch(request, env, ctx)),
  );

  const admin = newAdminApp();
  app.route(API_PATH, newApi(admin));
  app.use(`${ADMIN_PATH}/*`, bodyLimit({ maxSize: MAX_BODY_BYTES, onError: refuseOversizedBody }));
  app.route(ADMIN_PATH, admin);

  // The dashboard for the members of an application; its pages call this app's routes in process.
  app.route(
    "/dashboard",
    newDashboardApp((request, env, ctx) => app.fetch(request, env, ctx)),
  );

  // The hosted consent flow at the root (and the service index for non-browser clients of `/`).
  app.route("/", newLinkApp());

  app.notFound((c) => {
    throw new ApiError("not_found", `No route for ${c.req.method} ${new URL(c.req.url).pathname}.`);
  });
  app.onError(handleError);
  return app;
}
