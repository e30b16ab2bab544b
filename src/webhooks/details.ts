import type { ConnectionRow, SyncJobRow } from "../db/schema";
import type { Env } from "../env";
import { presentConnection, presentSyncJob } from "../presenters/connection";

/** `detail` of connection events: `{ connection }` as the API presents it, without its token. */
export async function connectionEventDetail(env: Env, row: ConnectionRow): Promise<Record<string, unknown>> {
  const { token: _token, ...connection } = (await presentConnection(env, row)) as { token?: string };
  return { connection };
}

/** `detail` of sync events: `{ connection: { id, provider, externalId, tags }, sync }`. */
export function syncEventDetail(
  connection: Pick<ConnectionRow, "id" | "provider" | "externalId" | "tags">,
  sync: SyncJobRow,
): Record<string, unknown> {
  return {
    connection: {
      id: connection.id,
      provider: connection.provider,
      ...(connection.externalId ? { externalId: connection.externalId } : {}),
      ...(connection.tags ? { tags: connection.tags } : {}),
    },
    sync: presentSyncJob(sync),
  };
}
