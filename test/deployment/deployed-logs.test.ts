/**
 * A deployed Worker prints no secret. `npm start` prints the local admin token and keys on
 * purpose (local development only); a deployment has no such launcher, and what the Worker
 * itself writes must hold no admin token, encryption key, API key, member token, connection
 * token, provider credential or webhook secret.
 *
 * It runs its own `wrangler dev`, not the browser suite's (../browser/global-setup.ts), which is set up
 * for local development: secrets passed as plain `--var`s (and a developer's .dev.vars read),
 * loopback base addresses, loopback webhooks allowed, providers on local fakes, and a log shared
 * with the flow tests. This one runs wrangler.toml as deployed: ADMIN_TOKEN and ENCRYPTION_KEY
 * only from an env file, as secrets (never the developer's .dev.vars), the real provider base
 * URLs, no loopback webhooks, no `npm start` seeding, and both base addresses on a public
 * hostname (`--local-upstream`: the Worker sees https://api.telematics.example/..., as in
 * production). It starts, takes its first request and a scheduled run, mints a secret of every
 * kind through the API (an application's keys and one more, a member token, a webhook endpoint
 * and its new secret, a sandbox connection with random credentials, its sync and a new token),
 * is shown wrong credentials, runs the cron again and stops. Everything it wrote to stdout and
 * stderr is then searched for every one of those values (`leaksIn`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { d1Databases } from "../../scripts/d1-databases.mjs";
import { freePort, stopProcessGroup } from "../browser/processes.ts";

const root = path.resolve(import.meta.dirname, "../..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
/** Everything the Worker's process printed, for reading when the test fails (git-ignored). */
const LOG_FILE = path.join(root, "test-results", "deployed-logs.log");
const HOST = "api.telematics.example";
const VARS = {
  PRODUCTION_BASE_URL: `https://${HOST}/tsp/v1`,
  SANDBOX_BASE_URL: `https://${HOST}/sandbox/tsp/v1`,
  LINK_BASE_URL: "https://link.telematics.example",
};
const SANDBOX = "/sandbox/tsp/v1";
const SCHEDULED = `/__scheduled?cron=${encodeURIComponent("*/5 * * * *")}`;
/** The shortest run of a secret's random part that counts as printed: a value cut short or printed in part is found. */
const WINDOW = 16;

// ---------------------------------------------------------------------------------------------
// The scanner: raw values, not prefixes.

const hex = (text: string) => Buffer.from(text, "utf8").toString("hex");

/** The texts that give a secret away: the value and its encodings, and for whsec_ its key's. */
function formsOf(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const forms = [secret, hex(secret), hex(secret).toUpperCase(), bytes.toString("base64"), bytes.toString("base64url")];
  if (secret.startsWith("whsec_")) {
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    forms.push(key.toString("base64url"), key.toString("hex"));
  }
  return forms;
}

/** A secret without its kind's prefix (`sk_sandbox_`, `con_tkn_`, `whsec_`, …): a prefix alone gives nothing away. */
function randomPartOf(secret: string): string {
  return secret.replace(/^(?:(?:sk|pk)_(?:prod|sandbox)_|con_tkn_|pub_tkn_|mpt_|whsec_)/, "");
}

/** Terminal colours removed and `%2B`-style escapes decoded, as someone reading the log would see it. */
function normalized(text: string): string {
  const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
  return text
    .replace(colours, "")
    .replace(/%([0-9a-f]{2})/gi, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)));
}

/**
 * The names of the secrets (secret → name) found in `output`: the whole value or one of its
 * encodings, or any WINDOW characters in a row of its random part.
 */
function leaksIn(output: string, secrets: ReadonlyMap<string, string>): string[] {
  const texts = [output, normalized(output)];
  const found: string[] = [];
  for (const [secret, name] of secrets) {
    const random = randomPartOf(secret);
    if (random.length < WINDOW) throw new Error(`${name}: too short to search for (${random.length} characters)`);
    const needles = formsOf(secret);
    for (let start = 0; start + WINDOW <= random.length; start++) needles.push(random.slice(start, start + WINDOW));
    if (needles.some((needle) => texts.some((text) => text.includes(needle)))) found.push(name);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// The Worker's process.

/** A command in its own process group, its output appended to `sink`. */
function run(args: string[], sink: (text: string) => void): ChildProcess {
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
  const child = spawn(wrangler, args, { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => sink(chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => sink(chunk.toString("utf8")));
  return child;
}

function exitCode(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(
      () => reject(new Error(`${child.spawnargs.join(" ")}: not done in ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once("exit", (code) => {
      clearTimeout(timeout);
      resolve(code);
    });
  });
}

/**
 * `wrangler dev` as deployed, on a fresh database in `dir`. The schema is applied in one
 * `d1 execute` per database (seconds faster than `migrations apply`, which starts the runtime
 * once per migration), one after another and before the start: local D1 keeps its databases in
 * one state directory, and runtimes opening it at once meet SQLITE_BUSY.
 */
async function startDeployed(dir: string, secretsFile: string, sink: (text: string) => void) {
  const persist = path.join(dir, "state");
  // One schema file and one `d1 execute` per database (the control database, each data shard), in turn.
  for (const { binding, migrationsDir } of d1Databases()) {
    const schema = path.join(dir, `${binding}.sql`);
    const folder = path.join(root, migrationsDir);
    const files = readdirSync(folder).filter((name) => name.endsWith(".sql"));
    writeFileSync(
      schema,
      files
        .sort()
        .map((name) => readFileSync(path.join(folder, name), "utf8"))
        .join("\n"),
    );
    let output = "";
    const migration = run(["d1", "execute", binding, "--local", "--persist-to", persist, "--file", schema], (text) => {
      output += text;
    });
    try {
      const code = await exitCode(migration, 60_000);
      if (code !== 0) throw new Error(`the schema of ${binding} was not applied (${code}):\n${output}`);
    } catch (error) {
      await stopProcessGroup(migration);
      throw error;
    }
  }

  const [port, inspectorPort] = [await freePort(), await freePort()];
  const args = ["dev", "--port", String(port), "--ip", "127.0.0.1", "--inspector-port", String(inspectorPort)];
  args.push("--persist-to", persist, "--env-file", secretsFile, "--local-upstream", HOST, "--test-scheduled");
  args.push("--show-interactive-dev-session=false");
  for (const [name, value] of Object.entries(VARS)) args.push("--var", `${name}:${value}`);
  const child = run(args, sink);
  return { origin: `http://127.0.0.1:${port}`, child };
}

/**
 * Whether the Worker started in `started` answers GET /health: true once it does, false if wrangler
 * dev exits first; an error with the output's end if it does neither within a minute.
 */
async function answersHealth(started: { origin: string; child: ChildProcess }, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (started.child.exitCode !== null) return false;
    const status = await fetch(`${started.origin}/health`, { signal: AbortSignal.timeout(5_000) })
      .then((response) => response.status)
      .catch(() => undefined);
    if (status === 200) return true;
    if (Date.now() > deadline) throw new Error(`GET /health: no answer within 60 s:\n${output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Answer = { status: number; body: any; text: string };

/** Secrets of every kind the service mints, wherever they appear in an answer (so none is missed). */
const MINTED =
  /\b(?:(?:sk|pk)_(?:prod|sandbox)_[0-9A-Za-z]{16,}|con_tkn_[0-9A-Za-z]{16,}|pub_tkn_[0-9A-Za-z]{16,}|mpt_[0-9A-Za-z]{16,}|whsec_[A-Za-z0-9+/]{16,}={0,2})/g;

describe("a deployed Worker's output", () => {
  it("the scanner finds a secret however it is printed, and not its prefix alone", () => {
    const key = `sk_sandbox_${randomBytes(24).toString("hex")}`;
    const encryption = randomBytes(32).toString("base64");
    const secrets = new Map([
      [key, "key"],
      [encryption, "encryption key"],
    ]);
    expect(leaksIn(`GET /usage 200, key sk_sandbox_…${key.slice(-4)}`, secrets)).toEqual([]);
    expect(leaksIn(`authorization: Bearer ${key}`, secrets)).toEqual(["key"]);
    expect(leaksIn(`env.ENCRYPTION_KEY ("${encryption.slice(0, 39)}…")`, secrets)).toEqual(["encryption key"]);
    expect(leaksIn(`?k=${encodeURIComponent(encryption)}`, secrets)).toEqual(["encryption key"]);
    expect(leaksIn(`${String.fromCharCode(27)}[31m${encryption}${String.fromCharCode(27)}[0m`, secrets)).toEqual([
      "encryption key",
    ]);
    expect(leaksIn(Buffer.from(key).toString("base64"), secrets)).toEqual(["key"]);
    expect(leaksIn(hex(key).toUpperCase(), secrets)).toEqual(["key"]);
    expect(leaksIn(`${key.slice(0, 30)}\n${key.slice(30)}`, secrets)).toEqual(["key"]);
  });

  it("started as deployed, prints none of the secrets it was given, minted or shown", {
    timeout: 180_000,
  }, async () => {
    /** secret → what it is */
    const secrets = new Map<string, string>();
    const keep = (name: string, value: unknown) => {
      if (typeof value !== "string" || value.length < WINDOW) throw new Error(`${name}: not a secret: ${value}`);
      secrets.set(value, name);
    };
    // No prefix: only a search for the raw value finds these.
    const adminToken = randomBytes(32).toString("base64url");
    const encryptionKey = randomBytes(32).toString("base64");
    keep("ADMIN_TOKEN", adminToken);
    keep("ENCRYPTION_KEY", encryptionKey);

    const dir = mkdtempSync(path.join(tmpdir(), "telematics-deployed-"));
    const secretsFile = path.join(dir, "secrets.env");
    writeFileSync(secretsFile, `ADMIN_TOKEN="${adminToken}"\nENCRYPTION_KEY="${encryptionKey}"\n`, { mode: 0o600 });
    let output = "";
    let child: ChildProcess | undefined;
    try {
      const sink = (text: string) => {
        output += text;
      };
      const attemptDir = (name: string) => {
        mkdirSync(path.join(dir, name));
        return path.join(dir, name);
      };
      let started = await startDeployed(attemptDir("first"), secretsFile, sink);
      child = started.child;
      // Its ports are picked from the free ones while the browser suite picks its own: should wrangler
      // dev exit before it answers (a port taken in between), it starts once more, on fresh ports and a
      // fresh database. The output of both runs is kept and scanned.
      if (!(await answersHealth(started, () => output))) {
        sink("\n--- wrangler dev exited before answering; started once more ---\n");
        await stopProcessGroup(started.child);
        started = await startDeployed(attemptDir("second"), secretsFile, sink);
        child = started.child;
      }
      const request = async (
        method: string,
        pathname: string,
        options: { key?: string; token?: string; body?: unknown } = {},
      ): Promise<Answer> => {
        const headers = new Headers();
        if (options.key !== undefined) headers.set("authorization", `Bearer ${options.key}`);
        if (options.token !== undefined) headers.set("connection-token", options.token);
        if (options.body !== undefined) headers.set("content-type", "application/json");
        const response = await fetch(`${started.origin}${pathname}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await response.text();
        for (const match of text.matchAll(MINTED)) {
          if (!secrets.has(match[0])) keep(`seen in an answer of ${method} ${pathname}`, match[0]);
        }
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON.
        }
        return { status: response.status, body, text };
      };
      const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          if (started.child.exitCode !== null)
            throw new Error(`wrangler dev exited (${started.child.exitCode}):\n${output.slice(-3000)}`);
          const value = await probe().catch(() => undefined);
          if (value !== undefined) return value;
          if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };

      // Start-up: the first request, then a scheduled run. The sweep's own log line shows that the
      // Worker's console output is captured here, so finding nothing below means something.
      await waitFor("GET /health", async () => (await request("GET", "/health")).status === 200 || undefined, 60_000);
      const openapi = await request("GET", `${SANDBOX}/openapi.json`);
      expect(openapi.status).toBe(200);
      expect(openapi.text, "the Worker is reached at the deployment's hostname").toContain(VARS.SANDBOX_BASE_URL);
      expect((await request("GET", SCHEDULED)).status).toBe(200);
      await waitFor(
        "the sweep's log line",
        async () => output.includes('"message":"deletion sweep"') || undefined,
        10_000,
      );

      // The operator API: an application with its four keys, one key more, a member and its token.
      const operator = { key: adminToken };
      const application = await request("POST", "/admin/v1/applications", { ...operator, body: { name: "Deployed" } });
      expect(application.status, application.text).toBe(201);
      for (const key of application.body.keys) keep(`key ${key.environment}.${key.kind}`, key.key);
      const added = await request("POST", `/admin/v1/applications/${application.body.id}/keys`, {
        ...operator,
        body: { environment: "sandbox", kind: "secret" },
      });
      expect(added.status, added.text).toBe(201);
      keep("key sandbox.secret, added", added.body.key);
      const sk = added.body.key as string;
      const member = await request("POST", "/admin/v1/members", {
        ...operator,
        body: { email: `member-${randomUUID().slice(0, 8)}@example.com` },
      });
      expect(member.status, member.text).toBe(201);
      keep("member token", member.body.token.token);
      const membership = await request(
        "PUT",
        `/admin/v1/applications/${application.body.id}/members/${member.body.id}`,
        { ...operator, body: { role: "viewer" } },
      );
      expect(membership.status, membership.text).toBe(200);
      expect((await request("GET", `${SANDBOX}/connections`, { key: member.body.token.token })).status).toBe(200);

      // A webhook endpoint for every event (its deliveries fail: `.invalid` never resolves), and a new secret.
      const endpoint = await request("POST", `${SANDBOX}/webhooks/endpoints`, {
        key: sk,
        body: { url: "https://hooks.telematics.invalid/receiver" },
      });
      expect(endpoint.status, endpoint.text).toBe(201);
      keep("webhook secret", endpoint.body.secret);
      const newSecret = await request("POST", `${SANDBOX}/webhooks/endpoints/${endpoint.body.id}/rotate-secret`, {
        key: sk,
      });
      expect(newSecret.status, newSecret.text).toBe(200);
      keep("webhook secret, rotated", newSecret.body.secret);

      // A sandbox connection with random credentials, its first sync, and a new token.
      const credentials = { username: `fleet-${randomUUID()}`, password: randomBytes(24).toString("base64url") };
      keep("provider username", credentials.username);
      keep("provider password", credentials.password);
      const connection = await request("POST", `${SANDBOX}/connections`, {
        key: sk,
        body: { provider: "sandbox", credentials, options: { sandbox: { fleetSize: 5, revision: 0 } } },
      });
      expect(connection.status, connection.text).toBe(201);
      keep("connection token", connection.body.token);
      const token = connection.body.token as string;
      const sync = await waitFor(
        "the first sync",
        async () => {
          const current = await request("GET", `${SANDBOX}/connections/current`, { key: sk, token });
          const job = current.body?.lastSync;
          return job && ["completed", "failed"].includes(job.status) ? job : undefined;
        },
        30_000,
      );
      expect(sync.status, JSON.stringify(sync)).toBe("completed");
      const rotated = await request("POST", `${SANDBOX}/connections/current/rotate-token`, { key: sk, token });
      expect(rotated.status, rotated.text).toBe(200);
      keep("connection token, rotated", rotated.body.token);
      expect((await request("GET", `${SANDBOX}/vehicles`, { key: sk, token: rotated.body.token })).status).toBe(200);
      const month = new Date().toISOString().slice(0, 7);
      expect((await request("GET", `${SANDBOX}/usage?month=${month}`, { key: sk })).status).toBe(200);

      // What a client presents is not printed either, accepted or refused.
      const wrongAdmin = randomBytes(32).toString("base64url");
      const unknownKey = `sk_sandbox_${randomBytes(24).toString("hex")}`;
      const unknownToken = `con_tkn_${randomBytes(24).toString("hex")}`;
      keep("wrong admin token", wrongAdmin);
      keep("unknown key", unknownKey);
      keep("unknown connection token", unknownToken);
      expect((await request("GET", "/admin/v1/applications", { key: wrongAdmin })).status).toBe(401);
      expect((await request("GET", `${SANDBOX}/connections`, { key: unknownKey })).status).toBe(401);
      const refused = await request("GET", `${SANDBOX}/vehicles`, { key: sk, token: unknownToken });
      expect(refused.status, refused.text).toBeGreaterThanOrEqual(400);
      expect(refused.status, refused.text).toBeLessThan(500);

      // The endpoint's deliveries have been tried (signed with its secret), and the cron runs again.
      await waitFor(
        "a webhook delivery attempt",
        async () => {
          const page = await request("GET", `${SANDBOX}/webhooks/endpoints/${endpoint.body.id}/deliveries`, {
            key: sk,
          });
          return page.body?.results?.length > 0 || undefined;
        },
        15_000,
      );
      expect((await request("GET", SCHEDULED)).status).toBe(200);
    } finally {
      if (child) await stopProcessGroup(child);
      mkdirSync(path.dirname(LOG_FILE), { recursive: true });
      writeFileSync(LOG_FILE, output);
      rmSync(dir, { recursive: true, force: true });
    }

    expect(secrets.size).toBeGreaterThanOrEqual(17);
    // ADMIN_TOKEN and ENCRYPTION_KEY were loaded as secrets, which wrangler lists as hidden.
    expect(output).toMatch(/env\.ADMIN_TOKEN \("\(hidden\)"\)/);
    expect(output).toMatch(/env\.ENCRYPTION_KEY \("\(hidden\)"\)/);
    expect(leaksIn(output, secrets), `see ${LOG_FILE}`).toEqual([]);
  });
});
