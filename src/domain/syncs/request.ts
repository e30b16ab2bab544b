import type { ServiceContext } from "../../context";
import type { ConnectionRow, ProviderRequest, SyncJobRow } from "../../db/schema";
import { DomainError } from "../../errors";
import { connectionSync } from "../../sync/client";

const DAY_MS = 86_400_000;

export type SyncRequest = { startFrom?: string; days?: number; providerRequests?: ProviderRequest[] };

/** The earliest time a sync request asks for: `startFrom`, else `days` before now, else undefined (incremental). */
export function requestedStart(request: SyncRequest, now = Date.now()): number | undefined {
  if (request.startFrom !== undefined) return Date.parse(request.startFrom);
  if (request.days !== undefined) return now - request.days * DAY_MS;
  return undefined;
}

/**
 * Requests a sync of a connection through its Durable Object, which allows one active sync
 * at a time. Conflict while another runs; connection_disconnected when it cannot sync.
 */
export async function requestSync(
  { env }: ServiceContext,
  connection: ConnectionRow,
  request: SyncRequest,
): Promise<SyncJobRow> {
  if (connection.status !== "connected") {
    throw new DomainError(
      "connection_disconnected",
      `The connection is ${connection.status}; only connected connections sync.`,
    );
  }
  const startFrom = requestedStart(request);
  const result = await connectionSync(env, connection.id).requestSync({
    identity: {
      connectionId: connection.id,
      applicationId: connection.applicationId,
      environment: connection.environment,
    },
    ...(startFrom === undefined ? {} : { startFrom }),
    providerRequests: request.providerRequests ?? [],
    // The object starts from this row instead of reading it again (it may be a few seconds old:
    // a sync of a connection disconnected meanwhile fails at its first page).
    connection,
  });
  if (result.status === "conflict") {
    throw new DomainError("conflict", `A sync is already running for this connection (${result.syncId}).`);
  }
  if (result.status !== "started") {
    throw new DomainError(
      "connection_disconnected",
      "The connection is not connected; only connected connections sync.",
    );
  }
  // The job as requested: a consumer may already have started it, which the next read shows.
  return result.job;
}

/**
 * The first sync of a new connection. Its backfill (`backfill.startFrom`, or `backfill.days`
 * before the creation; from the creation without one) is owed by the connection row itself
 * (`syncIntent`), and the sync object carries it into whichever sync starts first.
 */
export function requestInitialSync(context: ServiceContext, connection: ConnectionRow): Promise<SyncJobRow> {
  return requestSync(context, connection, {});
}
