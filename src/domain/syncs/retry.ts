import type { ServiceContext } from "../../context";
import { connectionDatabase } from "../../db/databases";
import type { ConnectionRow } from "../../db/schema";
import { DomainError } from "../../errors";
import { connectionSync } from "../../sync/client";
import { findSyncJob } from "./read";

/**
 * Retries a failed sync job with the same parameters (start and provider requests); the
 * job keeps its id and its attempts are counted. Needs a connected connection.
 */
export async function retrySync({ env }: ServiceContext, connection: ConnectionRow, syncId: string): Promise<void> {
  const job = await findSyncJob(connectionDatabase(env, connection), connection.id, syncId);
  if (!job) throw new DomainError("not_found", "No sync job with this id for this connection.");
  if (connection.status !== "connected") {
    throw new DomainError(
      "connection_disconnected",
      `The connection is ${connection.status}; reconnect it before retrying.`,
    );
  }
  if (job.status !== "failed") {
    throw new DomainError("invalid_sync_state", `Only failed sync jobs can be retried; this one is ${job.status}.`);
  }
  const result = await connectionSync(env, connection.id).requestSync({
    identity: {
      connectionId: connection.id,
      applicationId: connection.applicationId,
      environment: connection.environment,
    },
    providerRequests: job.providerRequests,
    retryOf: job.id,
  });
  if (result.status === "conflict") {
    throw new DomainError("conflict", `A sync is already running for this connection (${result.syncId}).`);
  }
  if (result.status === "not_connected") {
    throw new DomainError("connection_disconnected", "The connection is not connected; reconnect it before retrying.");
  }
  if (result.status === "not_retryable") {
    throw new DomainError("invalid_sync_state", "The sync job is no longer failed; it was retried already.");
  }
}
