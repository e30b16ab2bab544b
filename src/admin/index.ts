import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { handleValidationResult } from "../http/handle-error";
import { requireAdminToken } from "./auth";
import { registerApplicationRoutes } from "./routes/applications";
import { registerKeyRoutes } from "./routes/keys";
import { registerMemberRoutes } from "./routes/members";

/** The operator API, mounted at /admin/v1: applications, their keys, and members with roles. */
export function newAdminApp() {
  const admin = new OpenAPIHono<AppEnv>({ defaultHook: handleValidationResult });
  admin.openAPIRegistry.registerComponent("securitySchemes", "adminToken", {
    type: "http",
    scheme: "bearer",
    description: "The operator's ADMIN_TOKEN (a Worker secret).",
  });
  admin.use("*", requireAdminToken);
  registerApplicationRoutes(admin);
  registerKeyRoutes(admin);
  registerMemberRoutes(admin);
  return admin;
}
