import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { authCacheMs } from "../config";
import type { Tenant } from "../context";
import { applications } from "../db/schema";
import { authenticateApiKey } from "../domain/api-keys/authenticate";
import type { AppEnv } from "../env";
import { flowError } from "./errors";

/**
 * The application and environment of the flow, from its publishable key. A secret key is
 * refused without being looked up: it must never be in a browser, and its owner should rotate it.
 */
export async function tenantOfPublishableKey(c: Context<AppEnv>, key: string | undefined): Promise<Tenant> {
  if (!key) {
    throw flowError(
      400,
      "This link is incomplete",
      "The link that opened this page has no publishable key (`key`). The application that sent you here needs to add it.",
    );
  }
  if (key.startsWith("sk_")) {
    throw flowError(
      400,
      "This link is not valid",
      "The link carries a secret key. Secret keys must never appear in a browser: use the publishable key (pk_…), and rotate the exposed secret key.",
    );
  }
  const { principal } = await authenticateApiKey(c.var.db, key, { ttlMs: authCacheMs(c.env) });
  if (principal?.kind !== "publishable") {
    throw flowError(401, "This link is not valid", "The link's publishable key is unknown or has been revoked.");
  }
  return { applicationId: principal.applicationId, environment: principal.environment };
}

/** The name the flow's pages show in their header. */
export async function applicationNameOf(c: Context<AppEnv>, tenant: Tenant): Promise<string> {
  const [row] = await c.var.db
    .select({ name: applications.name })
    .from(applications)
    .where(eq(applications.id, tenant.applicationId))
    .limit(1);
  return row?.name ?? "This application";
}
