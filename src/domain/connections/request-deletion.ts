import { eq, notInArray } from "drizzle-orm";
import { deletionGracePeriodMs } from "../../config";
import type { ServiceContext } from "../../context";
import { type ConnectionRow, connections } from "../../db/schema";
import { DomainError } from "../../errors";
import { connectionEventDetail } from "../../webhooks/details";
import { commitConnectionChange } from "./commit-change";

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
  // Syncing stops during the grace period: the status change tells the sync object (commit-change.ts).
  const updated = await commitConnectionChange(context, connection, {
    patch: {
      status: "pending_deletion",
      deletionDueAt: new Date(now.getTime() + deletionGracePeriodMs(env)),
      updatedAt: now,
    },
    condition: notInArray(connections.status, ["pending_deletion", "deleting", "deleted"]),
    events: async (after) => [
      {
        type: "connection.pending_deletion",
        // Without the token, like every connection event (connectionEventDetail).
        detail: await connectionEventDetail(env, after),
        connectionId: after.id,
      },
    ],
  });
  if (updated) return updated;
  // Someone else requested the deletion first: answer the state they left.
  const [current] = await db.select().from(connections).where(eq(connections.id, connection.id)).limit(1);
  if (current?.status !== "pending_deletion")
    throw new DomainError("connection_deleted", "The connection has been deleted.");
  return current;
}
