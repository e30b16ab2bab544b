/**
 * Latency against distant storage (`npm run bench:latency`): the same Worker twice, through the
 * bench-only entry point bench/latency/worker.ts, once with every storage binding delayed by
 * BENCH_DELAY_MS (default 40 ms: D1 statements and batches, Durable Object calls, queue sends)
 * and once with no delay, the baseline of the same run. One request at a time, rounds
 * interleaving the two instances and the five requests:
 *
 * - `GET /vehicles?limit=100`, `GET /vehicles/{id}`, `GET /connections/current` (reads; target:
 *   p50 ≤ 1.3 × the delay, one trip to storage);
 * - `PATCH /connections/current` (tags) and `POST /syncs` (writes; target: p50 ≤ 2.3 × the delay).
 *
 * "Sequential trips" is (p50 with the delay − p50 without) ÷ the delay: how many storage calls
 * the request waits for one after another. BENCH_ROUNDS (default 5) × BENCH_REQUESTS (10) each.
 */
import { apiGet, type Connection, connectSandboxFleet, createApplication, waitForSync } from "./lib/api.ts";
import { table, writeSection } from "./lib/report.ts";
import { type LocalService, startService } from "./lib/service.ts";
import { median, percentile, round } from "./lib/stats.ts";

const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10);
/** Connections that take turns for POST /syncs: each one's sync ends before it is asked again. */
const SYNC_CONNECTIONS = 4;

type Instance = {
  label: string;
  service: LocalService;
  fleet: Connection;
  vehicleId: string;
  syncers: Connection[];
  nextSyncer: number;
};

type Operation = "health" | "vehicles" | "vehicle" | "current" | "patch" | "sync";
const OPERATIONS: { name: Operation; label: string; kind: "floor" | "read" | "write" }[] = [
  { name: "health", label: "`GET /health` (no storage, no middleware)", kind: "floor" },
  { name: "vehicles", label: "`GET /vehicles?limit=100`", kind: "read" },
  { name: "vehicle", label: "`GET /vehicles/{id}`", kind: "read" },
  { name: "current", label: "`GET /connections/current`", kind: "read" },
  { name: "patch", label: "`PATCH /connections/current`", kind: "write" },
  { name: "sync", label: "`POST /syncs`", kind: "write" },
];
const TARGET: Record<"read" | "write", number> = { read: 1.3, write: 2.3 };

async function prepare(label: string, delayMs: number, port: number): Promise<Instance> {
  const service = await startService({
    name: `latency-${label}`,
    port,
    inspectorPort: port + 500,
    main: "bench/latency/worker.ts",
    vars: { BENCH_BINDING_DELAY_MS: String(delayMs) },
  });
  const application = await createApplication(service, `latency bench (${label})`);
  const fleet = await connectSandboxFleet(service, application, { fleetSize: 200, days: 0 });
  const syncers: Connection[] = [];
  for (let index = 0; index < SYNC_CONNECTIONS; index++) {
    syncers.push(await connectSandboxFleet(service, application, { fleetSize: 1, days: 0 }));
  }
  for (const connection of [fleet, ...syncers]) await waitForSync(service, connection, { timeoutMs: 180_000 });
  const [vehicle] = (await apiGet(`${service.sandbox}/vehicles?limit=1`, fleet)).results;
  return { label, service, fleet, vehicleId: vehicle.id, syncers, nextSyncer: 0 };
}

function headers(connection: Connection): Record<string, string> {
  return {
    authorization: `Bearer ${connection.key}`,
    "connection-token": connection.token,
    "content-type": "application/json",
  };
}

/** Milliseconds of one request, from sending it to its whole body; throws on an unexpected status. */
async function timed(url: string, init: RequestInit, expected: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== expected) {
    throw new Error(`${init.method ?? "GET"} ${url} answered ${response.status}: ${body.slice(0, 300)}`);
  }
  return ms;
}

async function once(instance: Instance, operation: Operation, index: number): Promise<number> {
  const { service, fleet } = instance;
  switch (operation) {
    case "health":
      return timed(`${service.origin}/health`, {}, 200);
    case "vehicles":
      return timed(`${service.sandbox}/vehicles?limit=100`, { headers: headers(fleet) }, 200);
    case "vehicle":
      return timed(`${service.sandbox}/vehicles/${instance.vehicleId}`, { headers: headers(fleet) }, 200);
    case "current":
      return timed(`${service.sandbox}/connections/current`, { headers: headers(fleet) }, 200);
    case "patch":
      return timed(
        `${service.sandbox}/connections/current`,
        { method: "PATCH", headers: headers(fleet), body: JSON.stringify({ tags: [`bench-${index}`] }) },
        200,
      );
    case "sync": {
      // Each connection's previous sync has ended (not measured), so the request starts a new one.
      const connection = instance.syncers[instance.nextSyncer++ % instance.syncers.length]!;
      await waitForSync(service, connection, { timeoutMs: 120_000 });
      return timed(
        `${service.sandbox}/syncs`,
        { method: "POST", headers: headers(connection), body: JSON.stringify({ days: 0 }) },
        201,
      );
    }
  }
}

const delayed = await prepare("delayed", DELAY_MS, 8853);
const bare = await prepare("bare", 0, 8854);
try {
  const samples = new Map<string, number[]>();
  const record = (instance: Instance, operation: Operation, ms: number) => {
    const key = `${instance.label}:${operation}`;
    if (!samples.has(key)) samples.set(key, []);
    samples.get(key)!.push(ms);
  };
  // Warm-up: the isolates' first requests compile code and fill caches.
  for (const instance of [delayed, bare]) {
    for (const { name } of OPERATIONS) for (let index = 0; index < 3; index++) await once(instance, name, index);
  }
  for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) {
    for (const { name } of OPERATIONS) {
      for (let index = 0; index < REQUESTS; index++) {
        for (const instance of [delayed, bare]) record(instance, name, await once(instance, name, index));
      }
    }
    console.log(`round ${roundIndex + 1} of ${ROUNDS} done`);
  }

  const floor = median(samples.get("delayed:health")!);
  const rows = OPERATIONS.map(({ name, label, kind }) => {
    const withDelay = samples.get(`delayed:${name}`)!;
    const without = samples.get(`bare:${name}`)!;
    const p50 = median(withDelay);
    const p99 = percentile(withDelay, 99);
    const p50Bare = median(without);
    const multiple = p50 / DELAY_MS;
    const beyondFloor = (p50 - floor) / DELAY_MS;
    const cells = [
      label,
      `${round(p50Bare, 1)} ms`,
      `${round(p50, 1)} ms`,
      `${round(p99, 1)} ms`,
      round((p50 - p50Bare) / DELAY_MS, 1),
      `${round(multiple)} ×`,
    ];
    if (kind === "floor") return [...cells, "", "", "baseline"];
    return [
      ...cells,
      `${round(beyondFloor)} ×`,
      `≤ ${TARGET[kind]} ×`,
      multiple <= TARGET[kind] ? "yes" : beyondFloor <= TARGET[kind] ? "beyond the floor" : "**no**",
    ];
  });
  console.log(rows.map((row) => row.join(" | ")).join("\n"));
  writeSection({
    name: "latency",
    title: "Latency against distant storage",
    command: "npm run bench:latency",
    body: [
      `Every storage call (D1 statement or batch, Durable Object call, queue send) waits ${DELAY_MS} ms in the ` +
        "bench-only entry point bench/latency/worker.ts; the baseline is the same entry point with no delay, in " +
        `the same run. One request at a time, ${ROUNDS} rounds × ${REQUESTS} requests of each, interleaved. ` +
        "Sequential trips = (p50 with the delay − p50 without) ÷ the delay.",
      "",
      table(
        [
          "request",
          "p50, no delay",
          `p50, ${DELAY_MS} ms delay`,
          `p99, ${DELAY_MS} ms delay`,
          "sequential trips",
          "p50 ÷ delay",
          "(p50 − floor) ÷ delay",
          "target",
          "met",
        ],
        rows,
      ),
    ].join("\n"),
  });
} finally {
  await delayed.service.stop();
  await bare.service.stop();
}
