import { and, eq, notInArray } from "drizzle-orm";
import { type ConnectionRow, connections } from "../../db/schema";
import { connectionSync } from "../../sync/client";
import { emitEvent } from "../../webhooks/emit";
import { deletionGracePeriodMs } from "../config";
import type { ServiceContext } from "../context";
import { DomainError } from "../errors";
import { presentConnection } from "./present";

/**
 * Schedules the deletion of a connection: status `pending_deletion`, deletion due after the
 * grace period. Asking again while pending keeps the first due time (idempotent).
 */
export async function requestConnectionDeletion(
  context: ServiceContext,
  connection: ConnectionRow,
): Promise<ConnectionRow> {
  const { db, env } = context;
  if (connection.status === "deleting" || connection.status === "deleted") {
    throw new DomainError("connection_deleted", "The connection has been deleted.");
  }
  if (connection.status === "pending_deletion") return connection;
  const now = new Date();
  const [updated] = await db
    .update(connections)
    .set({
      status: "pending_deletion",
      deletionDueAt: new Date(now.getTime() + deletionGracePeriodMs(env)),
      updatedAt: now,
    })
    .where(
      and(
        eq(connections.id, connection.id),
        eq(connections.applicationId, connection.applicationId),
        notInArray(connections.status, ["pending_deletion", "deleting", "deleted"]),
      ),
    )
    .returning();
  if (updated) {
    // Syncing stops during the grace period.
    await connectionSync(env, updated.id).connectionChanged();
    await emitEvent(
      context,
      { applicationId: updated.applicationId, environment: updated.environment },
      {
        type: "connection.pending_deletion",
        detail: { connection: await presentConnection(env, updated) },
        connectionId: updated.id,
      },
    );
    return updated;
  }
  // Someone else requested the deletion first: answer the state they left.
  const [current] = await db.select().from(connections).where(eq(connections.id, connection.id)).limit(1);
  if (current?.status !== "pending_deletion")
    throw new DomainError("connection_deleted", "The connection has been deleted.");
  return current;
}
