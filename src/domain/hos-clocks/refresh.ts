import { and, asc, eq } from "drizzle-orm";
import { syncPageSize } from "../../config";
import { connectionD1, connectionDatabase } from "../../db/databases";
import { runBatch } from "../../db/raw";
import type { ConnectionRow } from "../../db/schema";
import type { Env } from "../../env";
import { DomainError } from "../../errors";
import { drivers } from "../../families/drivers/table";
import { removeUnreadClocks, writeHosClocks } from "../../families/hos-available-time/write";
import type { Item } from "../../families/kit/write";
import type { NormalizedHosClock } from "../../model/normalized";
import { ProviderError } from "../../providers/errors";
import { findProvider } from "../../providers/registry";
import type { HosClockSource, ProviderAdapter } from "../../providers/types";
import { connectionSync } from "../../sync/client";
import { providerPacer } from "../../sync/provider-pacer";
import { type RefreshFailure, refreshFailure } from "../../sync/snapshot-lease";
import { liveReadCredentials } from "../connections/live-credentials";

/**
 * Clocks younger than this are served as stored: with one refresh's time on top, what a request
 * gets is at most a minute behind the provider, as for the latest vehicle locations.
 */
export const CLOCKS_MAX_AGE_MS = 30_000;
/** How long a refresh may hold its lease before the next request takes over. */
const LEASE_MS = 25_000;
/** How long a request waits for another's refresh before it gives up (a 504). */
const MAX_WAIT_MS = 20_000;
/** The most pages one refresh reads (a page of 500 drivers: 200,000 drivers). */
const MAX_PAGES = 400;

/**
 * Brings the provider's hours-of-service clocks of a connection to at most CLOCKS_MAX_AGE_MS old
 * before a read, for a provider that serves its own (the others' are computed from the logs at
 * the read, and this does nothing). Concurrent requests share one refresh (the connection's
 * Durable Object gives it to one of them), paced with the connection's other provider requests.
 *
 * Clocks are read live, so unlike the latest locations a failure is not hidden behind an older
 * snapshot: it is the answer (a ProviderError, or connection_disconnected for a connection that
 * cannot reach the provider), for the request that refreshed and for those that waited for it.
 */
export async function freshenHosClocks(env: Env, connection: ConnectionRow): Promise<void> {
  const adapter = findProvider(connection.provider);
  const source = adapter?.models.hosAvailableTime;
  if (!adapter || !source) return;
  if (connection.status !== "connected" || connection.credentialsEncrypted === null) {
    throw new DomainError(
      "connection_disconnected",
      `Hours-of-service clocks are read live from ${adapter.name}, which needs a connected connection; this one is ${connection.status}.`,
    );
  }
  const sync = connectionSync(env, connection.id);
  const askedAt = Date.now();
  const turn = await sync.snapshotTurn("hosClocks", CLOCKS_MAX_AGE_MS, LEASE_MS, MAX_WAIT_MS);
  if (turn.turn === "fresh") return;
  if (turn.turn === "waited") {
    const { failure, refreshedAt } = turn;
    if (failure) throw new ProviderError(failure.kind, failure.message, failure.retryAfterSeconds);
    if (refreshedAt !== null && askedAt - refreshedAt <= CLOCKS_MAX_AGE_MS) return;
    throw new ProviderError("timeout", `${adapter.name} took too long to give the drivers' clocks; try again.`);
  }
  const startedAt = Date.now();
  let failure: RefreshFailure | null = null;
  try {
    await refreshHosClocks(env, connection, adapter, source, startedAt);
  } catch (error) {
    failure = refreshFailure(error);
    throw error;
  } finally {
    await sync.snapshotRefreshed("hosClocks", turn.lease, startedAt, failure);
  }
}

/**
 * Reads the clocks of all the connection's drivers, page by page, each page stored in one batch,
 * then removes the clocks of drivers the read no longer returned. A payload that does not map is
 * left out (and logged): one driver's odd record does not take the fleet's clocks away.
 */
async function refreshHosClocks(
  env: Env,
  connection: ConnectionRow,
  adapter: ProviderAdapter,
  source: HosClockSource,
  startedAt: number,
): Promise<void> {
  const credentials = await liveReadCredentials(env, connection);
  const pace = providerPacer(env, connection.id, adapter, "hosAvailableTime");
  const d1 = connectionD1(env, connection);
  // Only a provider asked driver by driver needs them: the others list every driver's clocks.
  const driverSourceIds = source.byDriver ? await visibleDriverSourceIds(env, connection) : [];
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = await source.read({
      context: { env, pace },
      credentials,
      options: connection.options,
      connection: { id: connection.id, sourceId: connection.sourceId, createdAt: connection.createdAt },
      ...(cursor === undefined ? {} : { cursor }),
      pageSize: syncPageSize(env),
      drivers: driverSourceIds,
    });
    const items: Item<NormalizedHosClock>[] = [];
    for (const payload of page.items) {
      try {
        items.push({ normalized: source.normalize(payload), payload });
      } catch {
        console.warn(`hos clocks of ${connection.id}: a ${page.schema} payload did not map and was left out`);
      }
    }
    await runBatch(d1, await writeHosClocks({ connection, now: startedAt, schema: page.schema }, items));
    cursor = page.nextCursor;
    if (cursor === undefined) {
      await runBatch(d1, [removeUnreadClocks(connection.id, startedAt)]);
      return;
    }
  }
  throw new ProviderError("malformed", `${adapter.name} gave more than ${MAX_PAGES} pages of clocks.`);
}

/** The provider ids of the connection's visible drivers, for a provider asked driver by driver. */
async function visibleDriverSourceIds(env: Env, connection: ConnectionRow): Promise<string[]> {
  const rows = await connectionDatabase(env, connection)
    .select({ sourceId: drivers.sourceId })
    .from(drivers)
    .where(and(eq(drivers.connectionId, connection.id), eq(drivers.visibility, "visible")))
    .orderBy(asc(drivers.id));
  return rows.map((row) => row.sourceId);
}
