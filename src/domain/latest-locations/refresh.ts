import { syncPageSize } from "../../config";
import { connectionD1, connectionDatabase } from "../../db/databases";
import type { ConnectionRow } from "../../db/schema";
import type { Env } from "../../env";
import { FAMILIES } from "../../families";
import { findProvider } from "../../providers/registry";
import type { ProviderAdapter } from "../../providers/types";
import { connectionSync } from "../../sync/client";
import { providerPacer } from "../../sync/provider-pacer";
import { type LiveSnapshot, type RefreshFailure, refreshFailure } from "../../sync/snapshot-lease";
import { timeSeriesEnabled } from "../../sync/time-series-setting";
import type { PageContext } from "../../sync/write/context";
import { normalizeAll } from "../../sync/write/normalize-all";
import { commitOnShard } from "../../webhooks/relay";
import { liveReadCredentials } from "../connections/live-credentials";

/**
 * A snapshot younger than this is served as it is. A refresh takes a few provider pages, so
 * what a request gets is at most this plus one refresh behind the provider: within the 60 s
 * the API promises.
 */
export const LATEST_MAX_AGE_MS = 30_000;
/** How long a refresh may hold its lease before the next request takes over. */
const LEASE_MS = 25_000;
/** How long a request waits for another's refresh before it answers from the stored snapshot. */
const MAX_WAIT_MS = 20_000;
/** The most pages one refresh reads (500 vehicles a page: a 200,000-vehicle fleet twice over). */
const MAX_PAGES = 800;

/** A live snapshot of where things are: the model its pages are read as, and its refresh lease. */
type LocationSnapshot = { model: "latestVehicleLocations" | "latestTrailerLocations"; lease: LiveSnapshot };
const VEHICLES: LocationSnapshot = { model: "latestVehicleLocations", lease: "latestLocations" };
const TRAILERS: LocationSnapshot = { model: "latestTrailerLocations", lease: "latestTrailerLocations" };

/** Brings an automatic connection's latest vehicle locations up to date before a read (freshenSnapshot). */
export const freshenLatestLocations = (env: Env, connection: ConnectionRow) =>
  freshenSnapshot(env, connection, VEHICLES);

/** The same for its latest trailer locations. */
export const freshenLatestTrailerLocations = (env: Env, connection: ConnectionRow) =>
  freshenSnapshot(env, connection, TRAILERS);

/**
 * Brings an automatic connection's latest vehicle (or trailer) locations to at most LATEST_MAX_AGE_MS old
 * before a read, without a provider call per request: the connection's Durable Object gives
 * one request at a time the refresh (the others wait for it), and the connection's provider
 * pacer spaces its requests, whatever the API load. A refresh that fails leaves the stored
 * snapshot to be served, and the next request tries again.
 */
async function freshenSnapshot(env: Env, connection: ConnectionRow, snapshot: LocationSnapshot): Promise<void> {
  const automatic = connection.syncMode === "automatic" && connection.status === "connected";
  if (!automatic || !connection.credentialsEncrypted) return;
  const adapter = findProvider(connection.provider);
  if (!adapter?.models[snapshot.model] || !(await timeSeriesEnabled(env, connection.id))) return;
  const sync = connectionSync(env, connection.id);
  const turn = await sync.snapshotTurn(snapshot.lease, LATEST_MAX_AGE_MS, LEASE_MS, MAX_WAIT_MS);
  if (turn.turn !== "refresh") return;
  const startedAt = Date.now();
  let failure: RefreshFailure | null = null;
  try {
    await refreshSnapshot(env, connection, adapter, snapshot.model);
  } catch (error) {
    // The stored snapshot is served: a failed refresh is the next request's to try again.
    failure = refreshFailure(error);
    console.warn(`${snapshot.model} refresh of ${connection.id} failed: ${(error as Error).name}`);
  } finally {
    await sync.snapshotRefreshed(snapshot.lease, turn.lease, startedAt, failure);
  }
}

/** Reads the provider's whole live snapshot, page by page, each page stored in one batch. */
async function refreshSnapshot<M extends LocationSnapshot["model"]>(
  env: Env,
  connection: ConnectionRow,
  adapter: ProviderAdapter,
  model: M,
): Promise<void> {
  const credentials = await liveReadCredentials(env, connection);
  const pace = providerPacer(env, connection.id, adapter, model);
  const d1 = connectionD1(env, connection);
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = await adapter.readPage(model, {
      context: { env, pace },
      credentials,
      options: connection.options,
      connection: { id: connection.id, sourceId: connection.sourceId, createdAt: connection.createdAt },
      ...(cursor === undefined ? {} : { cursor }),
      pageSize: syncPageSize(env),
    });
    const context: PageContext = {
      db: connectionDatabase(env, connection),
      d1,
      env,
      connection,
      adapter,
      syncId: "",
      now: Date.now(),
      schema: page.schema,
    };
    const { records } = normalizeAll(context, model, page.items);
    const family = FAMILIES[model];
    const events = (await family.events?.(context, records)) ?? [];
    await commitOnShard(env, connection.shard, await family.write(context, records), events);
    cursor = page.nextCursor;
    if (cursor === undefined) return;
  }
}
