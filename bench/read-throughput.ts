/**
 * Read throughput (`npm run bench:read`): authenticated reads under concurrent load (autocannon)
 * against a local `wrangler dev`, each compared with the same Worker's bare route (`GET /health`,
 * a constant JSON body, before any middleware) measured in the same round:
 *
 * - `GET /vehicles?limit=100` on a connection with 10,000 vehicles (targets: ≥ 0.6 of the bare
 *   route's requests per second, p99 latency ≤ 3 times the bare route's);
 * - `GET /vehicles/utilization` of one vehicle over one year (365 days, one page);
 * - `GET /connections/current`;
 * - the same page of 100 vehicles read straight from the connection's shard by a bench-only
 *   route (bench/read/worker.ts, no auth, limiter, presentation or validation): what local D1
 *   alone costs a page, the floor under any read route on this thread.
 *
 * Rounds interleave the routes, so a noisy moment hits all of them; figures are medians of the
 * per-round ratios. BENCH_ROUNDS (default 5), BENCH_SECONDS (5), BENCH_CONNECTIONS (10).
 */
import { apiGet, connectSandboxFleet, createApplication, waitForSync } from "./lib/api.ts";
import { type LoadResult, load } from "./lib/load.ts";
import { table, writeSection } from "./lib/report.ts";
import { startService } from "./lib/service.ts";
import { median, round, thousands } from "./lib/stats.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const FLEET = 10_000;

const service = await startService({ name: "read", port: 8821, inspectorPort: 9321, main: "bench/read/worker.ts" });
try {
  const application = await createApplication(service, "read bench");
  const fleet = await connectSandboxFleet(service, application, { fleetSize: FLEET, days: 0 });
  const year = await connectSandboxFleet(service, application, { fleetSize: 1, days: 365 });
  await waitForSync(service, fleet, { timeoutMs: 1_800_000 });
  await waitForSync(service, year, { timeoutMs: 600_000 });
  const [vehicle] = (await apiGet(`${service.sandbox}/vehicles?limit=1`, year)).results;
  const to = new Date();
  const from = new Date(to.getTime() - 364 * 86_400_000);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const utilizationPath = `/vehicles/utilization?vehicleIds=${vehicle.id}&startDate=${day(from)}&endDate=${day(to)}&limit=500`;
  const days = (await apiGet(`${service.sandbox}${utilizationPath}`, year)).results.length;
  const vehiclesPage = await apiGet(`${service.sandbox}/vehicles?limit=100`, fleet);
  if (vehiclesPage.results.length !== 100) throw new Error("the fleet connection has fewer than 100 vehicles");

  // The fleet connection's shard, from the operator API: the storage-only page reads there.
  const operatorView = await fetch(`${service.origin}/admin/v1/connections/${fleet.id}`, {
    headers: { authorization: `Bearer ${service.adminToken}` },
  }).then((response) => response.json() as Promise<{ shard: string }>);
  const storagePage = `${service.origin}/__bench/storage-page?connection=${fleet.id}&shard=${operatorView.shard}`;
  const stored = (await fetch(storagePage).then((response) => response.json())) as { results: unknown[] };
  if (stored.results.length !== 100) throw new Error("the storage-only page did not read 100 vehicles");

  const headers = (connection: { key: string; token: string }) => ({
    authorization: `Bearer ${connection.key}`,
    "connection-token": connection.token,
  });
  const targets = {
    bare: { url: `${service.origin}/health` },
    storage: { url: storagePage },
    vehicles: { url: `${service.sandbox}/vehicles?limit=100`, headers: headers(fleet) },
    utilization: { url: `${service.sandbox}${utilizationPath}`, headers: headers(year) },
    current: { url: `${service.sandbox}/connections/current`, headers: headers(fleet) },
  };
  type Target = keyof typeof targets;
  // Warm-up: the isolate's first requests compile code and fill caches.
  for (const target of Object.values(targets)) await load({ ...target, connections: CONNECTIONS, seconds: 1 });

  const rounds: Record<Target, LoadResult>[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    const results = {} as Record<Target, LoadResult>;
    for (const [name, target] of Object.entries(targets) as [Target, (typeof targets)[Target]][]) {
      results[name] = await load({ ...target, connections: CONNECTIONS, seconds: SECONDS });
    }
    rounds.push(results);
    console.log(
      `round ${index + 1}: ${Object.entries(results)
        .map(([name, result]) => `${name} ${thousands(result.requestsPerSecond)}/s p99 ${result.p99Ms} ms`)
        .join(", ")}`,
    );
  }

  const row = (name: Target, label: string, targetNote: string) => {
    const rps = median(rounds.map((entry) => entry[name].requestsPerSecond));
    const p99 = median(rounds.map((entry) => entry[name].p99Ms));
    const rpsRatio = median(rounds.map((entry) => entry[name].requestsPerSecond / entry.bare.requestsPerSecond));
    const p99Ratio = median(rounds.map((entry) => entry[name].p99Ms / entry.bare.p99Ms));
    return [label, thousands(rps), `${p99} ms`, round(rpsRatio), round(p99Ratio), targetNote];
  };
  writeSection({
    name: "read-throughput",
    title: "Read throughput",
    command: "npm run bench:read",
    body: [
      `${CONNECTIONS} concurrent connections (autocannon), ${SECONDS} s per route per round, ${ROUNDS} rounds interleaving ` +
        `the routes; medians. Ratios are to the bare route in the same round. Sandbox key and connection token on every ` +
        `request, rate limiter and flood shield on the path (their limits raised above the load).`,
      "",
      table(
        ["route", "requests/s", "p99", "÷ bare (req/s)", "× bare (p99)", "target"],
        [
          row("bare", "`GET /health` (bare, constant JSON)", "baseline"),
          row("storage", "storage only: the same page of 100 vehicles straight from D1 (bench route)", "reported"),
          row("vehicles", `\`GET /vehicles?limit=100\` (${thousands(FLEET)} vehicles)`, "≥ 0.6 req/s, ≤ 3 × p99"),
          row("utilization", `\`GET /vehicles/utilization\` (1 vehicle, ${days} days, one page)`, "reported"),
          row("current", "`GET /connections/current`", "reported"),
        ],
      ),
    ].join("\n"),
  });
} finally {
  await service.stop();
}
