import { eq } from "drizzle-orm";
import { syncPageSize } from "../config";
import type { Database } from "../db/client";
import { connectionD1, connectionDatabase } from "../db/databases";
import { type ConnectionRow, connections } from "../db/schema";
import type { Env } from "../env";
import { ProviderError } from "../providers/errors";
import { GRANT_FIELDS } from "../providers/kit/oauth";
import { findProvider } from "../providers/registry";
import type { ProviderAdapter } from "../providers/types";
import { connectionSync } from "./client";
import { disconnectRejected } from "./disconnect";
import { connectionCredentials, stillFresh } from "./fresh-credentials";
import type { SyncMessage } from "./messages";
import { providerPacer } from "./provider-pacer";
import { writePage } from "./write/page";

/**
 * A page the consumer was handed by the sync object (carried on to) failed: the queue message
 * it holds is an earlier page's, so what must be sent again is this page's `message`.
 */
export class CarriedPageError extends Error {
  constructor(
    readonly page: SyncMessage,
    override readonly cause: unknown,
  ) {
    super(`carried sync page ${page.seq} failed`);
  }
}

/**
 * Does the sync work of one queue message: asks the connection's Durable Object whether this
 * message is current, reads the provider page, stores it in one D1 batch, and reports back.
 * While `mayCarryOn()` says so, the object may answer the report with the sync's next page,
 * which is then processed here too, with the same connection row and credentials (the queue
 * handler bounds a chain in time; a sync cancelled or failed meanwhile ends it at the next report).
 * Returns normally when the work is done (processed or stale); throws to have it retried (a
 * CarriedPageError when the page that failed is not the message's own).
 */
export async function processPage(
  env: Env,
  db: Database,
  message: SyncMessage,
  mayCarryOn: () => boolean = () => false,
): Promise<void> {
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
  let credentials: Readonly<Record<string, string>> | undefined;
  // An OAuth access token the provider refused is refreshed, and the page read again, once.
  let refusedAccessToken: string | undefined;
  let page: SyncMessage | undefined = message;
  while (page) {
    const current: SyncMessage = page;
    try {
      if (!credentials || !stillFresh(credentials)) {
        credentials = await connectionCredentials(
          env,
          connection,
          refusedAccessToken === undefined ? {} : { rejectedAccessToken: refusedAccessToken },
        );
      }
      const nextCursor = await readAndStore(env, { connection, adapter, credentials }, current);
      ({ next: page } = await sync.pageDone(
        current.syncId,
        current.seq,
        nextCursor === undefined ? {} : { nextCursor },
        mayCarryOn(),
      ));
    } catch (error) {
      if (error instanceof ProviderError && error.kind === "unauthorized") {
        const accessToken = credentials?.[GRANT_FIELDS.accessToken];
        if (accessToken !== undefined && refusedAccessToken === undefined) {
          refusedAccessToken = accessToken;
          credentials = undefined;
          continue;
        }
        // The credentials stopped working: the connection needs the customer to reconnect it.
        // Disconnected first, so that whoever sees the sync failed sees why, and the issue.
        await disconnectRejected(env, connection, adapter.name, error.message);
        await sync.fail(current.syncId, `The provider rejected the connection's credentials: ${error.message}`);
        return;
      }
      // A rate limit (the pacer's or the provider's) is a wait, not a failure: nothing to record.
      if (!(error instanceof ProviderError && error.kind === "rate_limited")) {
        await sync.noteError(current.syncId, describe(error));
      }
      throw current === message ? error : new CarriedPageError(current, error);
    }
  }
}

type PageSource = {
  connection: ConnectionRow;
  adapter: ProviderAdapter;
  credentials: Readonly<Record<string, string>>;
};

/** Reads one provider page and stores it in one D1 batch; answers the cursor of the step's next page. */
async function readAndStore(env: Env, source: PageSource, message: SyncMessage): Promise<string | undefined> {
  const { connection, adapter } = source;
  const page = await adapter.readPage(message.step.model, {
    context: { env, pace: providerPacer(env, connection.id, adapter, message.step.model) },
    credentials: source.credentials,
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
  return page.nextCursor;
}

/** A failure as a failure reason: provider errors say what happened; anything else stays generic. */
export function describe(error: unknown): string {
  if (error instanceof ProviderError) return `Provider error (${error.kind}): ${error.message}`;
  return "Internal error while storing the provider's data.";
}
