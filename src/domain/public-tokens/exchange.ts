import { and, eq, gt, isNull } from "drizzle-orm";
import type { ServiceContext, Tenant } from "../../context";
import { type ConnectionRow, connections, publicTokens } from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import { DomainError } from "../../errors";
import { hashSecret } from "../../lib/crypto";

/**
 * Exchanges a public token for its connection. The token is spent by a conditional update
 * (`used_at IS NULL AND expires_at > now`), so two concurrent exchanges cannot both succeed.
 * A token of another application or environment is forbidden and is not spent.
 */
export async function exchangePublicToken(
  { db }: ServiceContext,
  tenant: Tenant,
  publicToken: string,
): Promise<ConnectionRow> {
  const tokenHash = await hashSecret(publicToken);
  const [token] = await db.select().from(publicTokens).where(eq(publicTokens.tokenHash, tokenHash)).limit(1);
  if (!token) throw new DomainError("not_found", "Unknown public token.");
  if (token.applicationId !== tenant.applicationId || token.environment !== tenant.environment) {
    throw new DomainError("forbidden", "The public token was issued to another application or environment.");
  }
  const now = new Date();
  const [spent] = await db
    .update(publicTokens)
    .set({ usedAt: now })
    .where(and(eq(publicTokens.tokenHash, tokenHash), isNull(publicTokens.usedAt), gt(publicTokens.expiresAt, now)))
    .returning({ connectionId: publicTokens.connectionId });
  if (!spent) throw new DomainError("not_found", "The public token has already been exchanged or has expired.");
  const [connection] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.id, spent.connectionId), ...ofTenant(connections, tenant)))
    .limit(1);
  if (!connection) throw new DomainError("not_found", "The connection of this public token no longer exists.");
  if (connection.status === "deleting" || connection.status === "deleted") {
    throw new DomainError("connection_deleted", "The connection has been deleted.");
  }
  return connection;
}
