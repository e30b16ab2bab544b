import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { type WebhookEndpointRow, webhookEndpoints } from "../../../db/schema/webhooks";
import type { Tenant } from "../../../domain/context";
import { ApiError } from "../../errors";

/** The tenant's endpoint with this id, or not_found (another tenant's endpoint is not found either). */
export async function findEndpoint(db: Database, tenant: Tenant, id: string): Promise<WebhookEndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.applicationId, tenant.applicationId),
        eq(webhookEndpoints.environment, tenant.environment),
      ),
    );
  if (!row) throw new ApiError("not_found", "No webhook endpoint with this id.");
  return row;
}

export const endpointOf = (tenant: Tenant, id: string) =>
  and(
    eq(webhookEndpoints.id, id),
    eq(webhookEndpoints.applicationId, tenant.applicationId),
    eq(webhookEndpoints.environment, tenant.environment),
  );
