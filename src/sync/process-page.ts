import { and, eq } from "drizzle-orm";
import { syncPageSize } from "../config";
import type { Database } from "../db/client";
import { connectionD1, connectionDatabase } from "../db/databases";
import { connections } from "../db/schema";
import type { Env } from "../env";
import { openCredentials } from "../lib/connection-secrets";
import { ProviderError } from "../providers/errors";
import { findProvider } from "../providers/registry";
import { connectionSync } from "./client";
import type { SyncMessage } from "./messages";
import { providerPacer } from "./provider-pacer";
import { writePage } from "./write/page";

/**
 * Does one unit of sync work: asks the connection's Durable Object whether this message is
 * current, reads the provider page, stores it in one D1 batch, and reports back. Returns
 * normally when the message is done (processed or stale); throws to have it retried.
 */
export async function processPage(env: Env, db: Database, message: SyncMessage): Promise<void> {
  const sync = connectionSync(env, message.connectionId);
  // The claim and the connection's row side by side: neither needs the other, and a page that
  // is not to proceed wastes only one indexed read.
  const [claim, [connection]] = await Promise.all([
    sync.claim(message.syncId, message.seq),
    db.select().from(connections).where(eq(connections.id, message.connectionId)).limit(1),
  ]);
  if (!claim.proceed) return;
  const adapter = connection && findProvider(connection.provider);
  if (connection?.status !== "connected" || !adapter || !connection.credentialsEncrypted) {
    await sync.fail(message.syncId, `The connection is ${connection?.status ?? "gone"}; syncing stopped.`);
    return;
  }
  try {
    const page = await adapter.readPage(message.step.model, {
      context: { env, pace: providerPacer(env, connection.id, adapter, message.step.model) },
      credentials: await openCredentials(env, connection.id, connection.credentialsEncrypted),
      options: connection.options,
      connection: { id: connection.id, sourceId: connection.sourceId, createdAt: connection.createdAt },
      ...(message.cursor === undefined ? {} : { cursor: message.cursor }),
      ...(message.step.window
        ? { window: { start: new Date(message.step.window.start), end: new Date(message.step.window.end) } }
        : {}),
      pageSize: syncPageSize(env),
    });
    await writePage(
      {
        db: connectionDatabase(env, connection),
        d1: connectionD1(env, connection),
        env,
        connection,
        adapter,
        syncId: message.syncId,
        now: Date.now(),
        schema: page.schema,
      },
      message.step.model,
      page,
    );
    await sync.pageDone(
      message.syncId,
      message.seq,
      page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor },
    );
  } catch (error) {
    if (error instanceof ProviderError && error.kind === "unauthorized") {
      // The credentials stopped working: the connection needs the customer to reconnect it.
      await db
        .update(connections)
        .set({ status: "disconnected", updatedAt: new Date() })
        .where(and(eq(connections.id, connection.id), eq(connections.status, "connected")));
      await sync.fail(message.syncId, `The provider rejected the connection's credentials: ${error.message}`);
      return;
    }
    await sync.noteError(message.syncId, describe(error));
    throw error;
  }
}

/** A failure as a failure reason: provider errors say what happened; anything else stays generic. */
export function describe(error: unknown): string {
  if (error instanceof ProviderError) return `Provider error (${error.kind}): ${error.message}`;
  return "Internal error while storing the provider's data.";
}
