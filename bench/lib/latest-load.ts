/**
 * `GET /vehicles/locations` of a Samsara connection under concurrent API load, against the fake
 * Samsara (test/fakes, real HTTP on loopback, in this process): however many requests the API
 * serves, the provider sees the connection's refreshes only (one every 30 s at most while the
 * snapshot is read, shared by every request; src/domain/latest-locations/refresh.ts), far within
 * its published pace. The fake logs when each request arrived; the requests of each load level's
 * window are counted from that log.
 */
import { type Application, apiGet, type Connection, waitForSync } from "./api.ts";
import { type LoadResult, load } from "./load.ts";
import type { LocalService } from "./service.ts";

/** Samsara's published pace for the API token the live snapshot is read with (providers.md: 150 requests/second per token). */
export const SAMSARA_TOKEN_PACE_PER_SECOND = 150;
const SNAPSHOT_PATH = "/fleet/vehicles/stats";

export type LatestLoadLevel = {
  connections: number;
  api: LoadResult;
  /** Provider requests of the live snapshot during the level's window, and per minute. */
  providerRequests: number;
  providerPerMinute: number;
  /** The most provider requests (all paths) that arrived within any one second of the window. */
  busiestSecond: number;
};

type Arrival = { path: string; at: number };

async function arrivals(samsaraUrl: string, token: string): Promise<Arrival[]> {
  const response = await fetch(`${samsaraUrl}/__fake/samsara/arrivals/${encodeURIComponent(token)}`);
  if (!response.ok) throw new Error(`the fake Samsara's log answered ${response.status}`);
  return ((await response.json()) as { arrivals: Arrival[] }).arrivals;
}

function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= 1000) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/**
 * Connects a fleet of `vehicles` at the fake Samsara (an `automatic` connection, time series on,
 * no backfill), then loads `GET /vehicles/locations?limit=100` at each level of concurrency for
 * `seconds`, counting what reached the provider meanwhile.
 */
export async function latestLocationsUnderLoad(
  service: LocalService,
  samsaraUrl: string,
  application: Application,
  options: { vehicles: number; levels: readonly number[]; seconds: number },
): Promise<LatestLoadLevel[]> {
  const token = `bench-samsara-${crypto.randomUUID()}`;
  const account = await fetch(`${samsaraUrl}/__fake/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ credential: token, name: "Bench Freight", vehicles: options.vehicles, revision: 0 }),
  });
  if (account.status !== 201) throw new Error(`the fake Samsara account was not created: ${account.status}`);
  const created = await fetch(`${service.sandbox}/connections`, {
    method: "POST",
    headers: { authorization: `Bearer ${application.secretKey}`, "content-type": "application/json" },
    body: JSON.stringify({
      provider: "samsara",
      credentials: { apiToken: token },
      syncMode: "automatic",
      backfill: { days: 0 },
    }),
  });
  const body = (await created.json()) as { id: string; token: string };
  if (created.status !== 201) throw new Error(`the Samsara connection was not created: ${JSON.stringify(body)}`);
  const connection: Connection = { id: body.id, token: body.token, key: application.secretKey };
  await waitForSync(service, connection, { timeoutMs: 1_800_000, pollMs: 1000 });
  const url = `${service.sandbox}/vehicles/locations?limit=100`;
  const first = await apiGet(url, connection);
  if (!first.results?.length) throw new Error("GET /vehicles/locations answered no location");
  const headers = { authorization: `Bearer ${connection.key}`, "connection-token": connection.token };

  const levels: LatestLoadLevel[] = [];
  for (const connections of options.levels) {
    const from = Date.now();
    const api = await load({ url, headers, connections, seconds: options.seconds });
    const to = Date.now();
    const window = (await arrivals(samsaraUrl, token)).filter((arrival) => arrival.at >= from && arrival.at < to);
    const providerRequests = window.filter((arrival) => arrival.path === SNAPSHOT_PATH).length;
    levels.push({
      connections,
      api,
      providerRequests,
      providerPerMinute: (providerRequests * 60_000) / (to - from),
      busiestSecond: busiestSecond(window.map((arrival) => arrival.at)),
    });
  }
  return levels;
}
