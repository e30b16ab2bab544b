/**
 * Secrets at rest and in logs: a full scenario through the real API (operator API, members,
 * webhook endpoints, connections to the sandbox and to the fake Samsara and Geotab, the hosted
 * flow, public tokens, syncs, a short link, a token rotation) collects every plaintext secret it
 * makes or sends. Then every cell of every table of D1 and every console line the Worker, its
 * queue consumers and its Durable Objects wrote (they run in this isolate, so the spies see
 * them) is searched for each secret, plainly and in hex and base64. Error bodies must not echo
 * the secret that was sent either.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import { triggerSweep } from "../deletion/helpers";
import { randomBase62 } from "../helpers/error-contract";
import { mintTestPublicToken } from "../helpers/factories";
import { ADMIN_BASE, BASE } from "../helpers/http";
import { waitForSync } from "../helpers/sync";
import { flowRequest, openFlow, pageState, reachCredentials } from "../link/flow-helpers";
import { createGeotabAccount } from "../providers/geotab-helpers";
import { createSamsaraAccount } from "../providers/samsara-helpers";
import { type RawCallOptions, type RawResult, rawCall } from "./leak-helpers";

const CONSOLE_METHODS = ["log", "info", "warn", "error", "debug"] as const;
const spies: MockInstance[] = [];

/** plaintext secret → what it is (a value met twice is checked once). */
const secrets = new Map<string, string>();
function keep(label: string, value: unknown) {
  if (typeof value !== "string" || value.length < 8) throw new Error(`${label}: not a secret: ${String(value)}`);
  secrets.set(value, label);
}

/** Secrets of every kind the service mints, wherever they appear in an answer (so none is missed). */
const MINTED =
  /\b(?:(?:sk|pk)_(?:prod|sandbox)_[0-9A-Za-z]{16,}|con_tkn_[0-9A-Za-z]{16,}|pub_tkn_[0-9A-Za-z]{16,}|mpt_[0-9A-Za-z]{16,}|whsec_[A-Za-z0-9+/]{16,}={0,2})/g;
let harvested = 0;
function harvest(text: string) {
  for (const match of text.matchAll(MINTED)) {
    if (!secrets.has(match[0])) keep(`seen in an answer #${++harvested}`, match[0]);
  }
}

/** A scenario call: the answer is searched for minted secrets, which join the list. */
async function api(method: string, url: string, options: RawCallOptions = {}): Promise<RawResult> {
  const result = await rawCall(method, url, options);
  harvest(result.text);
  return result;
}

const bytesOf = (value: string) => new TextEncoder().encode(value);
const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const base64Url = (bytes: Uint8Array) => base64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** The forms of a secret to look for: plaintext, hex (both cases), base64 and base64url; for whsec_ also its key's. */
function formsOf(secret: string): string[] {
  const forms = [secret, hex(bytesOf(secret)), hex(bytesOf(secret)).toUpperCase(), base64(bytesOf(secret))];
  forms.push(base64Url(bytesOf(secret)));
  if (secret.startsWith("whsec_")) {
    const encoded = secret.slice("whsec_".length);
    const key = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    forms.push(encoded, base64Url(key), hex(key), hex(key).toUpperCase());
  }
  return [...new Set(forms)];
}

/** Text of one console call, as a log drain would store it (errors with their stack and cause). */
function lineOf(args: unknown[]): string {
  return args
    .map((arg) => {
      if (typeof arg === "string") return arg;
      if (arg instanceof Error) return `${arg.name}: ${arg.message}\n${arg.stack ?? ""}\n${String(arg.cause ?? "")}`;
      try {
        return JSON.stringify(arg);
      } catch {
        return String(arg);
      }
    })
    .join(" ");
}
const logLines = () => spies.flatMap((spy) => spy.mock.calls.map((args) => lineOf(args)));

/** Waits until a console line contains `text` (queue consumers run in the background). */
async function waitForLog(text: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!logLines().some((line) => line.includes(text))) {
    if (Date.now() > deadline) throw new Error(`no console line with ${JSON.stringify(text)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Answers that must not echo the secret they were sent: [what, answer, secret]. */
const echoChecks: { what: string; result: RawResult; secret: string }[] = [];

const summary = { tables: 0, rowsScanned: 0, secretsChecked: 0, logLines: 0, found: 0 };
const findings: string[] = [];

beforeAll(() => {
  for (const method of CONSOLE_METHODS) spies.push(vi.spyOn(console, method));
});
afterAll(() => {
  for (const spy of spies) spy.mockRestore();
});

describe("secrets never rest or get logged in plaintext", () => {
  it("runs the scenario, then finds none of its secrets in D1, in the logs or echoed in errors", {
    timeout: 120_000,
  }, async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    keep("ADMIN_TOKEN", env.ADMIN_TOKEN);
    const operator = { key: env.ADMIN_TOKEN };

    // The application and its four keys, through the operator API.
    const application = await api("POST", `${ADMIN_BASE}/applications`, {
      ...operator,
      body: { name: `secrets-${suffix}` },
    });
    expect(application.status, application.text).toBe(201);
    const appId: string = application.body.id;
    const keys: Record<string, string> = {};
    for (const key of application.body.keys) {
      keys[`${key.environment}.${key.kind}`] = key.key;
      keep(`key ${key.environment}.${key.kind}`, key.key);
    }
    const sk = keys["sandbox.secret"] as string;
    const pk = keys["sandbox.publishable"] as string;

    // Members with personal tokens (a second token for the admin).
    const memberTokens: string[] = [];
    for (const role of ["viewer", "admin"] as const) {
      const member = await api("POST", `${ADMIN_BASE}/members`, {
        ...operator,
        body: { email: `${role}-${suffix}@example.com` },
      });
      expect(member.status, member.text).toBe(201);
      keep(`member ${role} token`, member.body.token.token);
      memberTokens.push(member.body.token.token);
      const membership = await api("PUT", `${ADMIN_BASE}/applications/${appId}/members/${member.body.id}`, {
        ...operator,
        body: { role },
      });
      expect(membership.status, membership.text).toBe(200);
      if (role === "admin") {
        const second = await api("POST", `${ADMIN_BASE}/members/${member.body.id}/tokens`, operator);
        expect(second.status, second.text).toBe(201);
        keep("member admin second token", second.body.token);
      }
    }
    expect((await api("GET", `${BASE.sandbox}/connections`, { key: memberTokens[0] })).status).toBe(200);

    // A webhook endpoint (created idempotently, so the stored replay holds its secret), then a new secret.
    const endpointRequest = {
      key: sk,
      headers: { "idempotency-key": `endpoint-${suffix}` },
      body: { url: `${env.WEBHOOK_RECEIVER_URL}/secrets-${suffix}`, eventTypes: ["sync.completed"] },
    };
    const endpoint = await api("POST", `${BASE.sandbox}/webhooks/endpoints`, endpointRequest);
    expect(endpoint.status, endpoint.text).toBe(201);
    keep("webhook secret", endpoint.body.secret);
    const replayed = await api("POST", `${BASE.sandbox}/webhooks/endpoints`, endpointRequest);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    const rotatedSecret = await api("POST", `${BASE.sandbox}/webhooks/endpoints/${endpoint.body.id}/rotate-secret`, {
      key: sk,
    });
    expect(rotatedSecret.status, rotatedSecret.text).toBe(200);
    keep("webhook secret, rotated", rotatedSecret.body.secret);

    // A sandbox connection (username/password), created idempotently: its replay holds the token.
    const sandboxCredentials = { username: `fleet-${suffix}`, password: `sandbox-pw-${crypto.randomUUID()}` };
    keep("sandbox password", sandboxCredentials.password);
    const sandbox = await api("POST", `${BASE.sandbox}/connections`, {
      key: sk,
      headers: { "idempotency-key": `connection-${suffix}` },
      body: { provider: "sandbox", credentials: sandboxCredentials, externalId: `secrets-${suffix}` },
    });
    expect(sandbox.status, sandbox.text).toBe(201);
    keep("sandbox connection token", sandbox.body.token);

    // Samsara (API token) and Geotab (database, user, password) on the fake providers.
    const samsaraAccount = await createSamsaraAccount({ vehicles: 3 });
    keep("samsara API token", samsaraAccount.token);
    const samsara = await api("POST", `${BASE.sandbox}/connections`, {
      key: sk,
      body: { provider: "samsara", credentials: { apiToken: samsaraAccount.token }, syncMode: "manual" },
    });
    expect(samsara.status, samsara.text).toBe(201);
    keep("samsara connection token", samsara.body.token);
    const geotabAccount = await createGeotabAccount({ vehicles: 3 });
    keep("geotab password", geotabAccount.password);
    const geotab = await api("POST", `${BASE.sandbox}/connections`, {
      key: sk,
      body: { provider: "geotab", credentials: geotabAccount.credentials, syncMode: "manual" },
    });
    expect(geotab.status, geotab.text).toBe(201);
    keep("geotab connection token", geotab.body.token);

    // The hosted flow over HTTP, to its success page's public token, exchanged for a connection token.
    const flowCredentials = { username: `flow-${suffix}`, password: `flow-pw-${crypto.randomUUID()}` };
    keep("hosted flow password", flowCredentials.password);
    const flowPath = await openFlow(`key=${pk}&external_id=flow-${suffix}`);
    await reachCredentials(flowPath);
    const done = await flowRequest("POST", `${flowPath}/credentials`, { form: flowCredentials });
    expect(done.status, done.text).toBe(200);
    harvest(done.text);
    const flowPublicToken = pageState(done.text).publicToken;
    keep("hosted flow public token", flowPublicToken);
    const flowExchange = await api("POST", `${BASE.sandbox}/public-token/exchange`, {
      key: sk,
      body: { publicToken: flowPublicToken },
    });
    expect(flowExchange.status, flowExchange.text).toBe(200);
    keep("hosted flow connection token", flowExchange.body.token);
    // And one minted by the domain service, as the flow's completion does.
    const minted = await mintTestPublicToken({ id: sandbox.body.id }, { id: appId } as any);
    keep("minted public token", minted.publicToken);
    const mintedExchange = await api("POST", `${BASE.sandbox}/public-token/exchange`, {
      key: sk,
      body: { publicToken: minted.publicToken },
    });
    expect(mintedExchange.status, mintedExchange.text).toBe(200);

    // Syncs of every connection: the queue consumers and the Durable Object use the credentials.
    const sandboxSync = (
      await api("GET", `${BASE.sandbox}/connections/current`, { key: sk, token: sandbox.body.token })
    ).body.lastSync;
    await waitForSync(sk, sandbox.body.token, sandboxSync.id, { timeoutMs: 60_000 });
    for (const connection of [samsara.body, geotab.body]) {
      // The first sync starts on creation; a connection without one gets a sync requested.
      const current = await api("GET", `${BASE.sandbox}/connections/current`, { key: sk, token: connection.token });
      let syncId: string | undefined = current.body.lastSync?.id;
      if (syncId === undefined) {
        const requested = await api("POST", `${BASE.sandbox}/syncs`, { key: sk, token: connection.token, body: {} });
        expect(requested.status, requested.text).toBe(201);
        syncId = requested.body.id as string;
      }
      const { job } = await waitForSync(sk, connection.token, syncId, { timeoutMs: 60_000 });
      expect(job.status, JSON.stringify(job)).toBe("completed");
    }

    // A short link.
    const short = await api("POST", `${BASE.sandbox}/link/short`, {
      key: sk,
      body: { name: `Secrets ${suffix}`, externalId: `short-${suffix}` },
    });
    expect(short.status, short.text).toBe(201);

    // A token rotation, where the route exists: the old token and the new are both secrets.
    const rotated = await api("POST", `${BASE.sandbox}/connections/current/rotate-token`, {
      key: sk,
      token: sandbox.body.token,
    });
    if (rotated.status !== 404) {
      expect(rotated.status, rotated.text).toBe(200);
      keep("sandbox connection token, rotated", rotated.body.token);
      expect(rotated.body.token).not.toBe(sandbox.body.token);
    }

    // Errors must not echo the secret they were sent.
    const wrongSamsara = `samsara-wrong-${crypto.randomUUID()}`;
    const wrongGeotab = `pw-wrong-${crypto.randomUUID()}`;
    const unknownKey = `sk_sandbox_${randomBase62(40)}`;
    const longToken = `con_tkn_${randomBase62(300)}`;
    const badPublicToken = `pub_tkn_${randomBase62(40)} x`;
    const wrongAdmin = `${env.ADMIN_TOKEN}Zq9`;
    for (const [label, value] of Object.entries({
      wrongSamsara,
      wrongGeotab,
      unknownKey,
      longToken,
      badPublicToken,
      wrongAdmin,
    }))
      keep(`sent in error: ${label}`, value);
    const echo = async (what: string, secret: string, status: number, call: Promise<RawResult>) => {
      const result = await call;
      expect(result.status, `${what}: ${result.text}`).toBe(status);
      echoChecks.push({ what, result, secret });
    };
    await echo(
      "POST /connections with a wrong Samsara token → 422",
      wrongSamsara,
      422,
      api("POST", `${BASE.sandbox}/connections`, {
        key: sk,
        body: { provider: "samsara", credentials: { apiToken: wrongSamsara } },
      }),
    );
    await echo(
      "POST /connections with a wrong Geotab password → 422",
      wrongGeotab,
      422,
      api("POST", `${BASE.sandbox}/connections`, {
        key: sk,
        body: { provider: "geotab", credentials: { ...geotabAccount.credentials, password: wrongGeotab } },
      }),
    );
    await echo(
      "an unknown secret key → 401",
      unknownKey,
      401,
      api("GET", `${BASE.sandbox}/providers`, { key: unknownKey }),
    );
    await echo(
      "an over-long Connection-Token → 400",
      longToken,
      400,
      api("GET", `${BASE.sandbox}/connections/current`, { key: sk, token: longToken }),
    );
    await echo(
      "a malformed public token → 400",
      badPublicToken,
      400,
      api("POST", `${BASE.sandbox}/public-token/exchange`, { key: sk, body: { publicToken: badPublicToken } }),
    );
    await echo(
      "a wrong operator token → 401",
      wrongAdmin,
      401,
      api("GET", `${ADMIN_BASE}/applications`, { key: wrongAdmin }),
    );
    // A wrong password in the hosted flow: the page answered must not carry it back.
    const wrongFlowPassword = `flow-wrong-${crypto.randomUUID()}`;
    keep("sent in error: wrong password in the flow", wrongFlowPassword);
    const samsaraFlow = await openFlow(`key=${pk}`);
    await reachCredentials(samsaraFlow, "samsara");
    const refusedFlow = await flowRequest("POST", `${samsaraFlow}/credentials`, {
      form: { apiToken: wrongFlowPassword },
    });
    expect(refusedFlow.status, refusedFlow.text).toBeLessThan(500);
    expect(refusedFlow.text).not.toMatch(/pub_tkn_/);
    echoChecks.push({
      what: "hosted flow with a wrong Samsara token",
      result: { status: refusedFlow.status, text: refusedFlow.text, body: undefined, headers: refusedFlow.headers },
      secret: wrongFlowPassword,
    });

    // The console lines of the Worker's own handlers are captured: a cron run and a queue consumer.
    await triggerSweep();
    await waitForLog('"message":"deletion sweep"');
    await env.SYNC_QUEUE.send({ malformed: `probe-${suffix}` } as never);
    await waitForLog('"message":"malformed sync message"');

    // Every kind of secret is in the list.
    const values = [...secrets.keys()];
    for (const prefix of [
      "sk_sandbox_",
      "sk_prod_",
      "pk_sandbox_",
      "pk_prod_",
      "con_tkn_",
      "pub_tkn_",
      "mpt_",
      "whsec_",
    ])
      expect(
        values.some((value) => value.startsWith(prefix)),
        prefix,
      ).toBe(true);

    // 1. At rest: every cell of every table.
    const searched = [...secrets].map(([value, label]) => ({ label, forms: formsOf(value) }));
    summary.secretsChecked = searched.length;
    const { results: tables } = await env.DB.prepare(
      // D1 refuses reads of its internal _cf_ tables; sqlite_ ones are SQLite's own.
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
    ).all<{ name: string }>();
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(["api_keys", "connections", "webhook_endpoints", "member_tokens", "public_tokens"]),
    );
    for (const { name } of tables) {
      summary.tables++;
      const { results: rows } = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
      for (const row of rows) {
        summary.rowsScanned++;
        for (const [column, cell] of Object.entries(row)) {
          if (cell === null || typeof cell === "number") continue;
          const text =
            cell instanceof ArrayBuffer || ArrayBuffer.isView(cell)
              ? (() => {
                  const bytes = new Uint8Array(cell instanceof ArrayBuffer ? cell : (cell as Uint8Array).buffer);
                  return `${new TextDecoder().decode(bytes)} ${hex(bytes)} ${base64(bytes)}`;
                })()
              : String(cell);
          for (const { label, forms } of searched) {
            const form = forms.find((candidate) => text.includes(candidate));
            if (form !== undefined)
              findings.push(`${label} in ${name}.${column} (as ${form === forms[0] ? "plaintext" : "an encoding"})`);
          }
        }
      }
    }

    // 2. In the logs of the whole scenario.
    const lines = logLines();
    summary.logLines = lines.length;
    for (const line of lines) {
      for (const { label, forms } of searched) {
        if (forms.some((form) => line.includes(form))) findings.push(`${label} in a log line: ${line.slice(0, 300)}`);
      }
    }

    // 3. Echoed in an error answer.
    for (const { what, result, secret } of echoChecks) {
      if (formsOf(secret).some((form) => result.text.includes(form))) findings.push(`${what} echoes the secret sent`);
    }

    summary.found = findings.length;
    expect(findings).toEqual([]);
  });
});

afterAll(() => {
  console.info(`SECRETS_SUMMARY ${JSON.stringify(summary)}`);
});
