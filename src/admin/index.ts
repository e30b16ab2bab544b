import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { handleValidationResult } from "../http/handle-error";
import { requireAdminToken } from "./auth";
import { applicationsApp } from "./routes/applications";
import { operatorConnectionsApp } from "./routes/connections";
import { keysApp } from "./routes/keys";
import { membersApp } from "./routes/members";
import { shardsApp } from "./routes/shards";

/** The operator API, mounted at /admin/v1: applications, their keys, members with roles, data shards and moves. */
export function newAdminApp() {
  const admin = new OpenAPIHono<AppEnv>({ defaultHook: handleValidationResult });
  admin.openAPIRegistry.registerComponent("securitySchemes", "adminToken", {
    type: "http",
    scheme: "bearer",
    description: "The operator's ADMIN_TOKEN (a Worker secret).",
  });
  admin.use("*", requireAdminToken);
  admin.route("/", applicationsApp);
  admin.route("/", keysApp);
  admin.route("/", membersApp);
  admin.route("/", shardsApp);
  admin.route("/", operatorConnectionsApp);
  return admin;
}
