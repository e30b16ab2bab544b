import type { ServiceContext } from "../../context";
import { connectionDatabase } from "../../db/databases";
import type { ConnectionRow } from "../../db/schema";
import { DomainError } from "../../errors";
import { connectionSync } from "../../sync/client";
import { findSyncJob } from "./read";

/** Cancels a running sync job: it ends `failed`, its failure reason saying it was cancelled. */
export async function cancelSync({ env }: ServiceContext, connection: ConnectionRow, syncId: string): Promise<void> {
  const job = await findSyncJob(connectionDatabase(env, connection), connection.id, syncId);
  if (!job) throw new DomainError("not_found", "No sync job with this id for this connection.");
  if (!(await connectionSync(env, connection.id).cancel(syncId))) {
    throw new DomainError("invalid_sync_state", `Only a running sync job can be cancelled; this one is ${job.status}.`);
  }
}
