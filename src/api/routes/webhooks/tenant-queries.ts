import { and, eq, getTableColumns } from "drizzle-orm";
import type { Tenant } from "../../../context";
import type { Database } from "../../../db/client";
import {
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  type WebhookEventRow,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../../db/schema/webhooks";
import { ofTenant } from "../../../db/tenant";
import { tolerantSelection } from "../../../db/tolerant-rows";
import { ApiError } from "../../../http/errors";
import { decodedOrThrow } from "../../../lib/bad-rows";

/** Rows of the webhook tables decoded one by one (db/tolerant-rows.ts): one bad row never fails a list. */
export const endpointRows = tolerantSelection<WebhookEndpointRow>(getTableColumns(webhookEndpoints));
export const eventRows = tolerantSelection<WebhookEventRow>(getTableColumns(webhookEvents));
export const deliveryRows = tolerantSelection<WebhookDeliveryRow>(getTableColumns(webhookDeliveries));

/** A delivery attempt with its event's type (webhook_events joined on the attempt's event id). */
export const deliveryWithTypeRows = tolerantSelection<WebhookDeliveryRow & { eventType: string | null }>({
  ...getTableColumns(webhookDeliveries),
  eventType: webhookEvents.type,
});

/** The condition of the tenant's endpoint with this id. */
export const endpointOf = (tenant: Tenant, id: string) =>
  and(eq(webhookEndpoints.id, id), ...ofTenant(webhookEndpoints, tenant));

/**
 * The tenant's endpoint with this id, or not_found (another tenant's endpoint is not found
 * either). One whose stored JSON does not parse is reported and thrown (UnpresentableRowError).
 */
export async function findEndpoint(db: Database, tenant: Tenant, id: string): Promise<WebhookEndpointRow> {
  const [row] = await db.select(endpointRows.fields).from(webhookEndpoints).where(endpointOf(tenant, id));
  if (!row) throw new ApiError("not_found", "No webhook endpoint with this id.");
  return decodedOrThrow("webhook_endpoints", endpointRows.decode(row));
}
