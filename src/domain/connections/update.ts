import { and, eq, notInArray } from "drizzle-orm";
import { runBatch } from "../../db/raw";
import {
  type Company,
  type ConnectionFilters,
  type ConnectionRow,
  type ConnectionStatus,
  connections,
  type SyncMode,
} from "../../db/schema";
import { connectionSync } from "../../sync/client";
import { refreshVisibility } from "../../sync/write/visibility";
import { connectionEventDetail } from "../../webhooks/details";
import { emitEvent, type WebhookEventType } from "../../webhooks/emit";
import type { ServiceContext } from "../context";
import { DomainError } from "../errors";

export type UpdateConnectionInput = {
  status?: Extract<ConnectionStatus, "connected" | "archived" | "disconnected">;
  options?: Record<string, unknown>;
  company?: Partial<Company>;
  externalId?: string;
  syncMode?: SyncMode;
  tags?: string[];
  filters?: ConnectionFilters;
};

/** Statuses in which a connection is no longer active and cannot be changed through PATCH. */
const INACTIVE_STATUSES: ConnectionStatus[] = ["pending_deletion", "deleting", "deleted"];

/**
 * Applies an allow-listed update to an active connection. `options`, `company` and `tags`
 * are replaced as given; `filters` are replaced per model (`vehicles`, `drivers`). The write is
 * conditional on the connection still being active, so a deletion that lands concurrently
 * wins instead of being overwritten.
 */
export async function updateConnection(
  { db, env }: ServiceContext,
  connection: ConnectionRow,
  input: UpdateConnectionInput,
): Promise<ConnectionRow> {
  assertActive(connection);
  const patch: Partial<ConnectionRow> = { updatedAt: new Date() };
  if (input.status !== undefined) patch.status = input.status;
  if (input.options !== undefined) patch.options = input.options;
  if (input.company !== undefined) {
    patch.company = {
      ...(input.company.name === undefined ? {} : { name: input.company.name }),
      dotNumbers: input.company.dotNumbers ?? [],
    };
  }
  if (input.externalId !== undefined) patch.externalId = input.externalId;
  if (input.syncMode !== undefined) patch.syncMode = input.syncMode;
  if (input.tags !== undefined) patch.tags = input.tags;
  if (input.filters !== undefined) patch.filters = { ...connection.filters, ...input.filters };

  const [updated] = await db
    .update(connections)
    .set(patch)
    .where(
      and(
        eq(connections.id, connection.id),
        eq(connections.applicationId, connection.applicationId),
        eq(connections.environment, connection.environment),
        notInArray(connections.status, INACTIVE_STATUSES),
      ),
    )
    .returning();
  if (!updated) {
    const [current] = await db.select().from(connections).where(eq(connections.id, connection.id)).limit(1);
    assertActive(current ?? { ...connection, status: "deleted" });
    throw new Error(`connection ${connection.id} changed concurrently`);
  }
  if (input.filters !== undefined) {
    // Visibility follows the filters at once, without waiting for a sync.
    const now = Date.now();
    await runBatch(env.DB, [
      refreshVisibility({ table: "vehicles", connectionId: updated.id, filter: updated.filters?.vehicles, now }),
      refreshVisibility({ table: "drivers", connectionId: updated.id, filter: updated.filters?.drivers, now }),
    ]);
  }
  if (input.status !== undefined || input.syncMode !== undefined) {
    // A connection that may no longer sync stops its running sync; the schedule follows the sync mode.
    await connectionSync(env, updated.id).connectionChanged();
  }
  await emitConnectionUpdate({ db, env }, connection, updated);
  return updated;
}

/** `connection.updated` on every change, plus `connection.disconnected` / `connection.reconnected` on those status changes. */
export async function emitConnectionUpdate(
  context: ServiceContext,
  before: ConnectionRow,
  after: ConnectionRow,
): Promise<void> {
  try {
    const tenant = { applicationId: after.applicationId, environment: after.environment };
    const detail = await connectionEventDetail(context.env, after);
    const types: WebhookEventType[] = ["connection.updated"];
    if (before.status !== after.status && after.status === "disconnected") types.push("connection.disconnected");
    if (before.status === "disconnected" && after.status === "connected") types.push("connection.reconnected");
    for (const type of types) await emitEvent(context, tenant, { type, detail, connectionId: after.id });
  } catch (error) {
    console.error(`webhook events of connection ${after.id} update not emitted`, error);
  }
}

function assertActive(connection: Pick<ConnectionRow, "status">): void {
  if (connection.status === "deleting" || connection.status === "deleted") {
    throw new DomainError("connection_deleted", "The connection has been deleted.");
  }
  if (connection.status === "pending_deletion") {
    throw new DomainError(
      "connection_disconnected",
      "The connection is pending deletion and can no longer be changed; an admin can cancel the deletion first.",
    );
  }
}
