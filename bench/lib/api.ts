/**
 * What the benchmarks do through the public API, as a customer would: an application from the
 * operator API, a sandbox connection with a fleet of a chosen size, and waiting for its sync.
 */
import type { LocalService } from "./service.ts";

export type Application = { id: string; secretKey: string };
export type Connection = { id: string; token: string; key: string };

async function call(url: string, init: RequestInit & { headers: Record<string, string> }) {
  const response = await fetch(url, init);
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return body;
}

export function apiGet(url: string, connection: Connection) {
  return call(url, {
    headers: { authorization: `Bearer ${connection.key}`, "connection-token": connection.token },
  });
}

/**
 * A new application; answers its sandbox secret key. Its syncs read no vehicle time series
 * unless `timeSeries` says so: the other benchmarks measure the other families, and keep the
 * figures of the runs before the time series existed comparable (bench:timeseries turns them on).
 */
export async function createApplication(
  service: LocalService,
  name: string,
  options: { timeSeries?: boolean; hotDays?: number } = {},
): Promise<Application> {
  const timeSeries = { enabled: options.timeSeries ?? false, ...(options.hotDays ? { hotDays: options.hotDays } : {}) };
  const body = await call(`${service.origin}/admin/v1/applications`, {
    method: "POST",
    headers: { authorization: `Bearer ${service.adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name, timeSeries }),
  });
  const key = body.keys.find(
    (entry: { environment: string; kind: string }) => entry.environment === "sandbox" && entry.kind === "secret",
  );
  return { id: body.id, secretKey: key.key };
}

/**
 * A sandbox connection whose synthetic fleet has `fleetSize` vehicles (and 10 % more drivers),
 * backfilled `days` days. Revision 0 keeps the fleet exactly that size. The initial sync
 * starts at once; `waitForSync` follows it.
 */
export async function connectSandboxFleet(
  service: LocalService,
  application: Application,
  options: { fleetSize: number; days: number },
): Promise<Connection & { createdAt: number }> {
  const createdAt = performance.now();
  const connection = await createSandboxConnection(service, application, {
    credentials: { username: "bench", password: "bench" },
    syncMode: "manual",
    options: { sandbox: { fleetSize: options.fleetSize, revision: 0 } },
    backfill: { days: options.days },
  });
  return { ...connection, createdAt };
}

/** `POST /connections` of a sandbox connection with `body` (provider aside), as the bench reads with it. */
export async function createSandboxConnection(
  service: LocalService,
  application: Application,
  body: Record<string, unknown>,
): Promise<Connection> {
  const created = await call(`${service.sandbox}/connections`, {
    method: "POST",
    headers: { authorization: `Bearer ${application.secretKey}`, "content-type": "application/json" },
    body: JSON.stringify({ provider: "sandbox", ...body }),
  });
  return { id: created.id, token: created.token, key: application.secretKey };
}

export type SyncJob = {
  id: string;
  status: string;
  failureReason?: string;
  progress: number;
  requestedAt: string;
  completedAt?: string;
};

/** Polls the connection's last sync until it is completed (or throws when it failed or took too long). */
export async function waitForSync(
  service: LocalService,
  connection: Connection,
  options: { timeoutMs: number; onProgress?: (job: SyncJob) => void; pollMs?: number },
): Promise<{ job: SyncJob; doneAt: number }> {
  const deadline = performance.now() + options.timeoutMs;
  while (performance.now() < deadline) {
    const current = await apiGet(`${service.sandbox}/connections/current`, connection);
    const job = current.lastSync as SyncJob | undefined;
    if (job?.status === "completed") return { job, doneAt: performance.now() };
    if (job?.status === "failed") throw new Error(`the sync failed: ${job.failureReason}`);
    if (job) options.onProgress?.(job);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 200));
  }
  throw new Error(`the sync did not complete within ${options.timeoutMs / 1000} s`);
}

/** Counts a list endpoint's records by walking it with the largest page. */
export async function countAll(service: LocalService, connection: Connection, path: string): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const separator = path.includes("?") ? "&" : "?";
    const page = await apiGet(
      `${service.sandbox}${path}${separator}limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      connection,
    );
    count += page.results.length;
    cursor = page.next;
  } while (cursor);
  return count;
}
