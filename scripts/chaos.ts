/**
 * `npm run chaos`: kills the whole local runtime (wrangler and workerd, SIGKILL to the process
 * group) at random moments of a creation burst, a backfill, a webhook delivery backlog and a
 * deletion sweep, starts it again on the same state, and checks through the API what a user
 * relies on:
 * - every connection reaches a completed sync that carries its backfill;
 * - an interrupted sync resumes within two minutes of the restart and stores each record once;
 * - every event is delivered at least once;
 * - every deletion completes, announced once.
 * Crons ring as Cloudflare rings them (every minute the recovery sweep, the deletion sweep on
 * request here). Figures (kills, checks, violations, recovery times) go to RELIABILITY.md
 * between the chaos markers. Options: CHAOS_ROUNDS (default 2), CHAOS_SEED.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { freshDir, groupAlive, ROOT, wranglerEnv } from "../bench/lib/service.ts";

const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 2);
let seed = Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);
const SEED = seed;
/** A small deterministic generator, so a run can be repeated with CHAOS_SEED. */
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const between = (low: number, high: number) => Math.round(low + random() * (high - low));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const PORT = 8861;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SANDBOX = `${ORIGIN}/sandbox/tsp/v1`;
const WRANGLER = path.join(ROOT, "node_modules/.bin/wrangler");
const dir = freshDir("chaos");
const persist = path.join(dir, "state");
const adminToken = `adm_${randomBytes(24).toString("base64url")}`;
const vars: Record<string, string> = {
  ADMIN_TOKEN: adminToken,
  ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  PRODUCTION_BASE_URL: `${ORIGIN}/tsp/v1`,
  SANDBOX_BASE_URL: SANDBOX,
  LINK_BASE_URL: ORIGIN,
  ALLOW_LOOPBACK_WEBHOOKS: "true",
  WEBHOOK_MAX_RETRY_DELAY_SECONDS: "5",
  // A second of grace (0 would fall back to the default day).
  DELETION_GRACE_PERIOD_HOURS: "0.0003",
  RATE_LIMIT_CONNECTION_PER_SECOND: "100000",
  RATE_LIMIT_APPLICATION_PER_SECOND: "100000",
};

const figures = {
  seed: SEED,
  rounds: ROUNDS,
  kills: 0,
  checks: 0,
  violations: 0,
  connections: 0,
  syncsInterrupted: 0,
  /** Seconds from the restart until an interrupted sync moved again, and until it completed. */
  resumeSeconds: [] as number[],
  completeSeconds: [] as number[],
  events: 0,
  deletions: 0,
  byPhase: {} as Record<string, { kills: number; checks: number; violations: number }>,
};
const problems: string[] = [];
function phaseFigures(phase: string) {
  figures.byPhase[phase] ??= { kills: 0, checks: 0, violations: 0 };
  return figures.byPhase[phase];
}

function check(phase: string, ok: boolean, what: string) {
  figures.checks++;
  const entry = phaseFigures(phase);
  entry.checks++;
  if (!ok) {
    figures.violations++;
    entry.violations++;
    problems.push(`${phase}: ${what}`);
    console.error(`VIOLATION ${phase}: ${what}`);
  }
}

// --- the runtime ---------------------------------------------------------------------------

let runtime: ChildProcess | undefined;
const log = createWriteStream(path.join(dir, "wrangler.log"));

function migrate() {
  const result = spawnSync(WRANGLER, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], {
    cwd: ROOT,
    env: wranglerEnv(),
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`migrations failed:\n${result.stdout}\n${result.stderr}`);
}

async function start(): Promise<number> {
  const args = ["dev", "--test-scheduled", "--persist-to", persist, "--port", String(PORT), "--log-level", "warn"];
  args.push("--inspector-port", String(PORT + 1), "--show-interactive-dev-session=false");
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const started = performance.now();
  runtime = spawn(WRANGLER, args, { cwd: ROOT, env: wranglerEnv(), detached: true, stdio: ["ignore", "pipe", "pipe"] });
  runtime.stdout?.pipe(log, { end: false });
  runtime.stderr?.pipe(log, { end: false });
  while (performance.now() - started < 120_000) {
    try {
      if ((await fetch(`${ORIGIN}/health`)).ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error("the runtime did not answer within 120 s");
}

/** SIGKILL to wrangler, workerd and everything they started: nothing gets to finish. */
async function kill(phase: string) {
  const group = runtime?.pid;
  if (group === undefined) return;
  process.kill(-group, "SIGKILL");
  while (groupAlive(group)) await sleep(20);
  figures.kills++;
  phaseFigures(phase).kills++;
  console.log(`killed during ${phase}`);
}

async function stop() {
  const group = runtime?.pid;
  if (group === undefined || !groupAlive(group)) return;
  process.kill(-group, "SIGTERM");
  const deadline = performance.now() + 10_000;
  while (groupAlive(group)) {
    if (performance.now() > deadline) process.kill(-group, "SIGKILL");
    await sleep(50);
  }
}

/** Rings the recovery sweep every `periodMs`, as the minute cron does in a deployment (faster here). */
function ringRecovery(periodMs: number) {
  const timer = setInterval(() => {
    fetch(`${ORIGIN}/__scheduled?cron=*+*+*+*+*`).catch(() => {});
  }, periodMs);
  return () => clearInterval(timer);
}

// --- the API, as a client --------------------------------------------------------------------

type Answer = { status: number; body: any };
async function api(
  method: string,
  url: string,
  options: { key?: string; token?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.token) headers["connection-token"] = options.token;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(url, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function application(name: string) {
  const created = await api("POST", `${ORIGIN}/admin/v1/applications`, { key: adminToken, body: { name } });
  if (created.status !== 201) throw new Error(`application: ${created.status}`);
  return created.body.keys.find((key: any) => key.environment === "sandbox" && key.kind === "secret").key as string;
}

/** A sandbox connection (manual, a fleet of `fleetSize` vehicles, `days` of backfill); answers the request's answer. */
function connect(key: string, fleetSize: number, days = 0): Promise<Answer> {
  return api("POST", `${SANDBOX}/connections`, {
    key,
    body: {
      provider: "sandbox",
      credentials: { username: "chaos", password: "chaos" },
      syncMode: "manual",
      backfill: { days },
      options: { sandbox: { fleetSize, revision: 0 } },
    },
  });
}

async function walk(url: string, key: string, token?: string): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | undefined;
  do {
    const page = await api(
      "GET",
      `${url}${url.includes("?") ? "&" : "?"}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      {
        key,
        ...(token ? { token } : {}),
      },
    );
    if (page.status !== 200) throw new Error(`${url}: ${page.status} ${JSON.stringify(page.body)}`);
    items.push(...page.body.results);
    cursor = page.body.next;
  } while (cursor);
  return items;
}

/** Polls `probe` until it answers true, for at most `ms`; answers the seconds it took, or undefined. */
async function within(ms: number, probe: () => Promise<boolean>): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    try {
      if (await probe()) return (performance.now() - started) / 1000;
    } catch {
      // The runtime may still be starting its pieces.
    }
    await sleep(1000);
  }
  return undefined;
}

/** Every connection of the application reaches a completed sync whose window covers its backfill. */
async function expectSynced(phase: string, key: string, backfillDays: number) {
  const listed = await walk(`${SANDBOX}/connections`, key);
  figures.connections += listed.length;
  for (const connection of listed) {
    const done = await within(240_000, async () => {
      const current = await api("GET", `${SANDBOX}/connections/current`, { key, token: connection.token });
      return current.body?.lastSync?.status === "completed";
    });
    check(phase, done !== undefined, `connection ${connection.id} never completed a sync`);
    const jobs = await walk(`${SANDBOX}/syncs`, key, connection.token);
    const first = jobs.map((job) => Date.parse(job.startFrom ?? job.requestedAt)).sort((a, b) => a - b)[0];
    check(
      phase,
      first !== undefined && first <= Date.parse(connection.createdAt) - backfillDays * 86_400_000 + 1000,
      `connection ${connection.id}: no sync carried its ${backfillDays}-day backfill`,
    );
  }
  return listed;
}

// --- the webhook receiver ----------------------------------------------------------------------

const received = new Set<string>();
const receiver = createServer((request, response) => {
  const id = request.headers["webhook-id"];
  request.resume();
  request.on("end", () => {
    if (typeof id === "string") received.add(id);
    // A slow receiver: a backlog builds up behind it.
    setTimeout(() => response.writeHead(200).end("{}"), 50);
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/chaos`;

async function expectDelivered(phase: string, key: string) {
  const events = await walk(`${SANDBOX}/webhooks/events`, key);
  figures.events += events.length;
  const done = await within(240_000, async () => events.every((event) => received.has(event.id)));
  const missing = events.filter((event) => !received.has(event.id));
  check(
    phase,
    done !== undefined,
    `${missing.length} of ${events.length} events never delivered (${missing.slice(0, 3).map((event) => event.type)})`,
  );
}

// --- the phases ----------------------------------------------------------------------------------

async function creationBurst(round: number) {
  const phase = "creation burst";
  const key = await application(`chaos-create-${round}`);
  await api("POST", `${SANDBOX}/webhooks/endpoints`, { key, body: { url: receiverUrl } });
  const burst = Array.from({ length: 40 }, () => connect(key, 3, 2).catch(() => undefined));
  await sleep(between(100, 2500));
  await kill(phase);
  await Promise.all(burst);
  await start();
  const stopRinging = ringRecovery(15_000);
  await expectSynced(phase, key, 2);
  await expectDelivered(phase, key);
  stopRinging();
}

/** The connection's last sync job, as a client reads it. */
async function lastSync(key: string, token: string): Promise<{ status: string; progress: number } | undefined> {
  return (await api("GET", `${SANDBOX}/connections/current`, { key, token })).body?.lastSync;
}

async function backfill(round: number) {
  const phase = "backfill";
  const key = await application(`chaos-backfill-${round}`);
  await api("POST", `${SANDBOX}/webhooks/endpoints`, { key, body: { url: receiverUrl } });
  // A year of history for 60 vehicles: a sync of many pages, long enough to be cut mid-way.
  const fleetSize = 60;
  const connections: { id: string; token: string }[] = [];
  for (let index = 0; index < 3; index++) {
    connections.push((await connect(key, fleetSize, 365)).body);
  }
  await sleep(between(300, 3000));
  const before = await Promise.all(connections.map((connection) => lastSync(key, connection.token)));
  await kill(phase);
  await start();
  const restarted = performance.now();
  const stopRinging = ringRecovery(15_000);
  for (const [index, connection] of connections.entries()) {
    const cut = before[index];
    if (cut && cut.status !== "completed") {
      // Interrupted: how long after the restart it moves again (progress or completion), and completes.
      figures.syncsInterrupted++;
      const moved = await within(240_000, async () => {
        const job = await lastSync(key, connection.token);
        return job?.status === "completed" || (job?.progress ?? 0) > cut.progress;
      });
      check(phase, moved !== undefined, `${connection.id}: the interrupted sync never moved again`);
      if (moved !== undefined) figures.resumeSeconds.push(Math.round((performance.now() - restarted) / 1000));
    }
    const completed = await within(
      300_000,
      async () => (await lastSync(key, connection.token))?.status === "completed",
    );
    check(phase, completed !== undefined, `${connection.id}: the sync never completed`);
    if (completed !== undefined && cut?.status !== "completed") {
      figures.completeSeconds.push(Math.round((performance.now() - restarted) / 1000));
    }
    const vehicles = await walk(`${SANDBOX}/vehicles`, key, connection.token);
    check(
      phase,
      new Set(vehicles.map((vehicle) => vehicle.id)).size === vehicles.length,
      `duplicate vehicles in ${connection.id}`,
    );
    check(phase, vehicles.length === fleetSize, `${connection.id} has ${vehicles.length} vehicles, not ${fleetSize}`);
  }
  await expectSynced(phase, key, 365);
  await expectDelivered(phase, key);
  stopRinging();
}

async function deliveryBacklog(round: number) {
  const phase = "delivery backlog";
  const key = await application(`chaos-deliver-${round}`);
  // Endpoints first: an event owes deliveries to the endpoints that exist when it happens.
  for (let endpoint = 0; endpoint < 3; endpoint++) {
    await api("POST", `${SANDBOX}/webhooks/endpoints`, { key, body: { url: `${receiverUrl}-${endpoint}` } });
  }
  const created = await connect(key, 1);
  const changes = Array.from({ length: 60 }, (_, index) =>
    api("PATCH", `${SANDBOX}/connections/current`, {
      key,
      token: created.body.token,
      body: { tags: [`change-${index}`] },
    }).catch(() => undefined),
  );
  await sleep(between(200, 3000));
  await kill(phase);
  await Promise.all(changes);
  await start();
  const stopRinging = ringRecovery(15_000);
  await expectDelivered(phase, key);
  stopRinging();
}

async function sweep(round: number) {
  const phase = "deletion sweep";
  const key = await application(`chaos-sweep-${round}`);
  await api("POST", `${SANDBOX}/webhooks/endpoints`, { key, body: { url: receiverUrl } });
  const doomed: { id: string; token: string }[] = [];
  for (let index = 0; index < 8; index++) {
    doomed.push((await connect(key, 10, 20)).body);
  }
  await expectSynced(phase, key, 20);
  for (const connection of doomed)
    await api("DELETE", `${SANDBOX}/connections/current`, { key, token: connection.token });
  await sleep(1500); // the grace period of this run
  const sweeping = fetch(`${ORIGIN}/__scheduled?cron=*/5+*+*+*+*`).catch(() => undefined);
  await sleep(between(20, 800));
  await kill(phase);
  await sweeping;
  await start();
  const done = await within(240_000, async () => {
    await fetch(`${ORIGIN}/__scheduled?cron=*/5+*+*+*+*`);
    const listed = await walk(`${SANDBOX}/connections`, key);
    return doomed.every((connection) => listed.find((row) => row.id === connection.id)?.status === "deleted");
  });
  check(phase, done !== undefined, "the sweep never completed every deletion");
  const events = await walk(`${SANDBOX}/webhooks/events?type=connection.deleted`, key);
  figures.deletions += doomed.length;
  for (const connection of doomed) {
    const announced = events.filter((event) => event.detail?.connection?.id === connection.id);
    check(phase, announced.length === 1, `${connection.id} announced deleted ${announced.length} times`);
  }
  const stopRinging = ringRecovery(15_000);
  await expectDelivered(phase, key);
  stopRinging();
}

// --- the run -------------------------------------------------------------------------------------

const began = performance.now();
migrate();
await start();
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const phase of [creationBurst, backfill, deliveryBacklog, sweep]) {
      console.log(`round ${round}: ${phase.name}`);
      await phase(round);
    }
  }
} finally {
  await stop();
  receiver.close();
}
const minutes = ((performance.now() - began) / 60_000).toFixed(1);
console.log(`CHAOS_SUMMARY ${JSON.stringify({ ...figures, minutes })}`);

const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
const range = (values: number[]) => (values.length ? `${Math.min(...values)}–${Math.max(...values)} s` : "n/a");
const section = `<!-- chaos:start -->
Measured ${new Date().toISOString().slice(0, 10)} at commit ${commit} with \`CHAOS_ROUNDS=${ROUNDS} CHAOS_SEED=${SEED} npm run chaos\` (${minutes} min, 2 cores):

| phase | kills | invariant checks | violations |
|---|---|---|---|
${Object.entries(figures.byPhase)
  .map(([phase, entry]) => `| ${phase} | ${entry.kills} | ${entry.checks} | ${entry.violations} |`)
  .join("\n")}
| **all** | **${figures.kills}** | **${figures.checks}** | **${figures.violations}** |

Connections checked: ${figures.connections}; events checked delivered: ${figures.events}; deletions: ${figures.deletions}.
Backfills (60 vehicles, a year) cut mid-way: ${figures.syncsInterrupted}; they moved again ${range(figures.resumeSeconds)} after the restart (the runtime answering again), and completed ${range(figures.completeSeconds)} after it.
${problems.length ? `\nViolations:\n${problems.map((problem) => `- ${problem}`).join("\n")}\n` : ""}<!-- chaos:end -->`;
const reliability = path.join(ROOT, "RELIABILITY.md");
const text = readFileSync(reliability, "utf8");
writeFileSync(
  reliability,
  text.includes("<!-- chaos:start -->")
    ? text.replace(/<!-- chaos:start -->[\s\S]*<!-- chaos:end -->/, section)
    : `${text.trimEnd()}\n\n## Crashes: \`npm run chaos\`\n\n${section}\n`,
);
process.exit(figures.violations === 0 ? 0 : 1);
