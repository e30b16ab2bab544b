import { and, eq, notInArray, type SQL } from "drizzle-orm";
import type { ServiceContext } from "../../context";
import { connectionD1 } from "../../db/databases";
import { runBatch } from "../../db/raw";
import {
  type Company,
  type ConnectionFilters,
  type ConnectionRow,
  type ConnectionStatus,
  connections,
  type SyncMode,
} from "../../db/schema";
import type { Env } from "../../env";
import { DomainError } from "../../errors";
import { refreshVisibility } from "../../families/kit/visibility";
import { connectionEventDetail } from "../../webhooks/details";
import type { WebhookEventType } from "../../webhooks/emit";
import type { EventInput } from "../../webhooks/outbox";
import { commitConnectionChange } from "./commit-change";

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
 *
 * `connection` may be the one the isolate remembers (token-cache.ts): the first write is then
 * also conditional on the connection's `updated_at` being the remembered one, so a request whose
 * connection did not change since makes one round trip. If it changed (or the remembered one is
 * no longer active), the connection is read as it is now and the update applied to that, as a
 * request reading it afresh would have.
 */
export async function updateConnection(
  context: ServiceContext,
  connection: ConnectionRow,
  input: UpdateConnectionInput,
): Promise<ConnectionRow> {
  if (isActive(connection)) {
    const unchanged = eq(connections.updatedAt, connection.updatedAt);
    const updated = await applyUpdate(context, connection, input, unchanged, true);
    if (updated) return updated;
  }
  const updated = await applyUpdate(context, await activeConnection(context, connection), input, undefined, false);
  if (updated) return updated;
  // Changed again in between: a deletion says so; anything else is a conflict to retry.
  await activeConnection(context, connection);
  throw new DomainError("conflict", "The connection changed meanwhile; read it again and retry.");
}

/** The connection as it is now; throws when it has been deleted or is no longer active. */
async function activeConnection(context: ServiceContext, connection: ConnectionRow): Promise<ConnectionRow> {
  const [current] = await context.db.select().from(connections).where(eq(connections.id, connection.id)).limit(1);
  assertActive(current ?? { ...connection, status: "deleted" });
  return current!;
}

/** The update applied to `connection` as read, if it is still active (and matches `condition`); undefined otherwise. */
async function applyUpdate(
  context: ServiceContext,
  connection: ConnectionRow,
  input: UpdateConnectionInput,
  condition: SQL | undefined,
  unchangedSinceRead: boolean,
): Promise<ConnectionRow | undefined> {
  const now = new Date();
  const patch: Partial<ConnectionRow> & { updatedAt: Date } = { updatedAt: now };
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
  const filters = patch.filters;

  const { env } = context;
  const updated = await commitConnectionChange(context, connection, {
    patch,
    condition: and(notInArray(connections.status, INACTIVE_STATUSES), condition),
    events: (after) => connectionUpdateEvents(env, connection, after),
    unchangedSinceRead,
  });
  if (updated && filters) {
    // Visibility follows the filters at once, without waiting for a sync: on the connection's
    // shard, right after the filters are stored in the control database (a transaction spans one
    // database only). Recomputed from the filters as stored, so it is idempotent: should this
    // write fail, the request fails, and its retry (or the next sync, which lists every vehicle
    // and driver) sets it.
    await runBatch(
      connectionD1(env, updated),
      (["vehicles", "drivers"] as const).map((table) =>
        refreshVisibility({
          table,
          connectionId: connection.id,
          filter: filters[table] ?? undefined,
          now: now.getTime(),
        }),
      ),
    );
  }
  return updated;
}

/** `connection.updated` on every change, plus `connection.disconnected` / `connection.reconnected` on those status changes. */
export async function connectionUpdateEvents(
  env: Env,
  before: ConnectionRow,
  after: ConnectionRow,
): Promise<EventInput[]> {
  const detail = await connectionEventDetail(env, after);
  const types: WebhookEventType[] = ["connection.updated"];
  if (before.status !== after.status && after.status === "disconnected") types.push("connection.disconnected");
  if (before.status === "disconnected" && after.status === "connected") types.push("connection.reconnected");
  return types.map((type) => ({ type, detail, connectionId: after.id }));
}

const isActive = (connection: Pick<ConnectionRow, "status">) => !INACTIVE_STATUSES.includes(connection.status);

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
