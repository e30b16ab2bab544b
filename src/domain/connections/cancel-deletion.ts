import { and, eq } from "drizzle-orm";
import type { ServiceContext, Tenant } from "../../context";
import { type ConnectionRow, connections } from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import { DomainError } from "../../errors";
import { connectionSync } from "../../sync/client";

/**
 * Cancels a scheduled deletion: a `pending_deletion` connection returns to `archived`. Only
 * before the sweep has started it (`deleting` and `deleted` are final); the move is one
 * conditional update, so a cancellation and the sweep never both win.
 */
export async function cancelConnectionDeletion(
  { db, env }: ServiceContext,
  tenant: Tenant,
  connectionId: string,
): Promise<ConnectionRow> {
  const owned = and(eq(connections.id, connectionId), ...ofTenant(connections, tenant));
  const now = new Date();
  const [archived] = await db
    .update(connections)
    .set({ status: "archived", deletionDueAt: null, updatedAt: now })
    .where(and(owned, eq(connections.status, "pending_deletion")))
    .returning();
  if (archived) {
    await connectionSync(env, archived.id).connectionChanged();
    return archived;
  }
  const [current] = await db.select().from(connections).where(owned).limit(1);
  if (!current) throw new DomainError("not_found", `No connection ${connectionId}.`);
  if (current.status === "deleting" || current.status === "deleted") {
    throw new DomainError("connection_deleted", "The connection has been deleted.");
  }
  throw new DomainError("conflict", `The connection is ${current.status}, not pending deletion.`);
}
