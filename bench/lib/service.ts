/**
 * A local instance of the service for one benchmark: `wrangler dev` (local D1, queues, Durable
 * Objects) on its own port, with its own fresh state directory and generated secrets, so a
 * benchmark never touches `npm start`'s data and always starts from an empty database.
 *
 * The instance runs a generated copy of wrangler.toml whose only changes are the ones a load
 * test needs: the API's request limits and the flood shield raised far above the load, so
 * every request is served. The limiter and the shield still run on every request, so their
 * cost is part of what is measured.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { applyMigrations } from "../../scripts/d1-databases.mjs";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const WRANGLER = path.join(ROOT, "node_modules/.bin/wrangler");
const BENCH_STATE = path.join(ROOT, ".wrangler/bench");

export type ServiceOptions = {
  /** Names the state directory (.wrangler/bench/<name>). */
  name: string;
  port: number;
  /** The devtools port: the memory benchmark reads the isolate's heap through it. */
  inspectorPort: number;
  /** Extra `--var NAME:value` settings (SYNC_PAGE_SIZE, …). */
  vars?: Record<string, string>;
  /** Another entry point than src/index.ts (relative to the project's root), with the same bindings. */
  main?: string;
};

export type LocalService = {
  origin: string;
  production: string;
  sandbox: string;
  adminToken: string;
  inspectorPort: number;
  stop(): Promise<void>;
};

/** Far above any load these benchmarks generate: limits exist, but never refuse. */
const UNLIMITED = "1000000";

/** wrangler.toml with absolute paths (the copy lives elsewhere) and the shield raised. */
function benchConfig(main = "src/index.ts"): string {
  let config = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  const replace = (pattern: RegExp, value: string | ((match: string, ...groups: string[]) => string)) => {
    if (!config.match(pattern)) throw new Error(`bench: wrangler.toml no longer matches ${pattern}`);
    config = config.replace(pattern, value as string);
  };
  replace(/^main = "src\/index.ts"$/m, `main = ${JSON.stringify(path.join(ROOT, main))}`);
  // Every database's migrations folder (the control database's and the data shards').
  replace(
    /^migrations_dir = "(migrations\/[a-z]+)"$/gm,
    (_, dir: string) => `migrations_dir = ${JSON.stringify(path.join(ROOT, dir))}`,
  );
  replace(/^directory = ".assets"$/m, `directory = ${JSON.stringify(path.join(ROOT, ".assets"))}`);
  replace(/^simple = \{ limit = \d+, period = 10 \}$/m, `simple = { limit = ${UNLIMITED}, period = 10 }`);
  return config;
}

async function waitUntilAnswering(origin: string, child: ChildProcess, log: () => string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${origin}/health`)).ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the service did not answer on ${origin} within 120 s:\n${log()}`);
}

/** The project's Node first (npm scripts do this too): wrangler needs a newer one than the machine's. */
export function wranglerEnv(): NodeJS.ProcessEnv {
  const binaries = path.join(ROOT, "node_modules/.bin");
  return { ...process.env, PATH: `${binaries}:${process.env.PATH}`, WRANGLER_SEND_METRICS: "false", CI: "true" };
}

export type WranglerDev = {
  origin: string;
  /** From spawning `wrangler dev` to its first answer. */
  startMs: number;
  stop(): Promise<void>;
};

/**
 * `wrangler dev` of a config with fresh migrated local state in `dir`, answering `GET /health`;
 * `--log-level warn` keeps per-request logging off the measured path.
 */
export async function wranglerDev(options: {
  configPath: string;
  dir: string;
  port: number;
  inspectorPort: number;
  vars: Record<string, string>;
}): Promise<WranglerDev> {
  const persist = path.join(options.dir, "state");
  const env = wranglerEnv();
  applyMigrations({
    wrangler: WRANGLER,
    args: ["--local", "--config", options.configPath, "--persist-to", persist],
    env,
    configText: readFileSync(options.configPath, "utf8"),
    quiet: true,
  });

  const origin = `http://127.0.0.1:${options.port}`;
  const args = ["dev", "--config", options.configPath, "--persist-to", persist, "--port", String(options.port)];
  args.push("--inspector-port", String(options.inspectorPort), "--log-level", "warn");
  // GET /__scheduled?cron=… runs a cron on demand (bench:capacity tiers the time series with it).
  args.push("--show-interactive-dev-session=false", "--test-scheduled");
  for (const [name, value] of Object.entries(options.vars)) args.push("--var", `${name}:${value}`);
  // Its own process group, so stop() ends workerd with it. Its output goes to <dir>/wrangler.log.
  const child = spawn(WRANGLER, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const log = createWriteStream(path.join(options.dir, "wrangler.log"));
  let output = "";
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const stop = async () => {
    const group = child.pid;
    if (group === undefined || !groupAlive(group)) return;
    process.kill(-group, "SIGTERM");
    // workerd outlives wrangler by a moment, holding its sockets: wait for the whole group.
    const deadline = performance.now() + 10_000;
    while (groupAlive(group)) {
      if (performance.now() > deadline) process.kill(-group, "SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  let startMs: number;
  try {
    startMs = await waitUntilAnswering(origin, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, startMs, stop };
}

/** Whether any process of a process group is still running. */
export function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/** A fresh state directory for one benchmark instance. */
export function freshDir(name: string): string {
  const dir = path.join(BENCH_STATE, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function startService(options: ServiceOptions): Promise<LocalService> {
  const dir = freshDir(options.name);
  const configPath = path.join(dir, "wrangler.toml");
  writeFileSync(configPath, benchConfig(options.main));
  const origin = `http://127.0.0.1:${options.port}`;
  const adminToken = `adm_${randomBytes(24).toString("base64url")}`;
  const dev = await wranglerDev({
    configPath,
    dir,
    port: options.port,
    inspectorPort: options.inspectorPort,
    vars: {
      ADMIN_TOKEN: adminToken,
      ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      PRODUCTION_BASE_URL: `${origin}/tsp/v1`,
      SANDBOX_BASE_URL: `${origin}/sandbox/tsp/v1`,
      LINK_BASE_URL: origin,
      RATE_LIMIT_CONNECTION_PER_SECOND: UNLIMITED,
      RATE_LIMIT_APPLICATION_PER_SECOND: UNLIMITED,
      ...options.vars,
    },
  });
  return {
    origin,
    production: `${origin}/tsp/v1`,
    sandbox: `${origin}/sandbox/tsp/v1`,
    adminToken,
    inspectorPort: options.inspectorPort,
    stop: dev.stop,
  };
}
