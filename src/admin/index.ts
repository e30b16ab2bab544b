import { OpenAPIHono } from "@hono/zod-openapi";
import { handleValidationResult } from "../api/handle-error";
import type { AppEnv } from "../env";
import { requireAdminToken } from "./auth";
import { registerApplicationRoutes } from "./routes/applications";
import { registerKeyRoutes } from "./routes/keys";

/** The operator API, mounted at /admin/v1: applications and their keys. */
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
  return admin;
}
