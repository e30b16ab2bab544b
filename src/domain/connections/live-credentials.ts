import type { ConnectionRow } from "../../db/schema";
import type { Env } from "../../env";
import { DomainError } from "../../errors";
import { ProviderError } from "../../providers/errors";
import { findProvider } from "../../providers/registry";
import { disconnectRejected } from "../../sync/disconnect";
import { connectionCredentials } from "../../sync/fresh-credentials";

/**
 * The credentials of a live read (a snapshot refresh, camera media, passthrough), refreshed as
 * syncs have them. An OAuth grant the provider no longer takes disconnects the connection (with
 * its issue), as a sync would, and the read answers connection_disconnected.
 */
export async function liveReadCredentials(
  env: Env,
  connection: ConnectionRow,
): Promise<Readonly<Record<string, string>>> {
  try {
    return await connectionCredentials(env, connection);
  } catch (error) {
    if (!(error instanceof ProviderError && error.kind === "unauthorized")) throw error;
    const name = findProvider(connection.provider)?.name ?? connection.provider;
    await disconnectRejected(env, connection, name, error.message);
    throw new DomainError(
      "connection_disconnected",
      `${name} no longer accepts the connection's authorization; the connection is disconnected until it is reconnected.`,
    );
  }
}
