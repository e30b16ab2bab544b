import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { connections, linkSessions, webhookEvents } from "../../src/db/schema";
import { triggerSweep } from "../deletion/helpers";
import {
  createSandboxConnection,
  createTestApplication,
  db,
  SANDBOX_CREDENTIALS,
  type TestApplication,
} from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { flowRequest, LINK, openFlow, pageState, reachCredentials } from "./flow-helpers";

let app: TestApplication;
beforeAll(async () => {
  app = await createTestApplication();
});

async function analyticsEvents(sessionId: string): Promise<string[]> {
  const rows = await db()
    .select({ payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.applicationId, app.id), eq(webhookEvents.type, "link.analytics_event_emitted")));
  return rows
    .map((row) => JSON.parse(row.payload).detail)
    .filter((detail) => detail.linkSessionId === sessionId)
    .map((detail) => detail.event);
}

const sessionIdOf = (path: string) => path.split("/").pop() as string;

describe("hosted flow: new connection", () => {
  it("walks picker → agreement → credentials → success, and the public token exchanges into a working connection", async () => {
    const path = await openFlow(
      `key=${app.keys.sandbox.publishable}&external_id=cust-42&name=Acme%20Trucking&tags=east,priority&sync_mode=manual&backfill_days=3`,
      { referer: "https://app.customer.example/settings/fleet" },
    );
    expect(path).toMatch(/^\/flow\/lnk_[0-9A-Za-z]{32}$/);

    const picker = await flowRequest("GET", path);
    expect(picker.status).toBe(200);
    expect(picker.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(picker.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(picker.headers.get("cache-control")).toBe("no-store");
    expect(picker.text).toContain('<label for="provider-search">Search providers</label>');
    expect(picker.text).toContain('value="sandbox"');
    // The sandbox provider exists in the sandbox environment only.
    const production = await flowRequest("GET", await openFlow(`key=${app.keys.production.publishable}`));
    expect(production.text).toContain('value="samsara"');
    expect(production.text).not.toContain('value="sandbox"');

    await reachCredentials(path);
    const form = await flowRequest("GET", path);
    expect(form.text).toContain('<label for="field-username">Username</label>');
    expect(form.text).toContain('type="password"');

    const done = await flowRequest("POST", `${path}/credentials`, { form: SANDBOX_CREDENTIALS });
    expect(done.status).toBe(200);
    const state = pageState(done.text);
    expect(state.result).toBe("success");
    expect(state.parentOrigin).toBe("https://app.customer.example");
    expect(state.publicToken).toMatch(/^pub_tkn_\S+$/);
    expect(done.text).not.toContain(SANDBOX_CREDENTIALS.password);

    const exchanged = await call("POST", `${BASE.sandbox}/public-token/exchange`, {
      key: app.keys.sandbox.secret,
      body: { publicToken: state.publicToken },
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({
      provider: { code: "sandbox" },
      status: "connected",
      externalId: "cust-42",
      syncMode: "manual",
      tags: ["east", "priority"],
      company: { name: "Acme Trucking" },
    });
    const current = await call("GET", `${BASE.sandbox}/connections/current`, {
      key: app.keys.sandbox.secret,
      token: exchanged.body.token,
    });
    expect(current.status).toBe(200);
    expect(current.body.agreements).toHaveLength(1);
    expect(current.body.agreements[0]).toMatchObject({
      agreementUrl: `${LINK}/agreements/end-user-agreement/2026-11-01`,
      userAgent: "FlowTest/1.0",
    });

    expect(await analyticsEvents(sessionIdOf(path))).toEqual([
      "opened",
      "provider_selected",
      "agreement_accepted",
      "credentials_submitted",
      "succeeded",
    ]);
  });

  it("shows invalid credentials on the form, without echoing them, and lets the user try again", async () => {
    const path = await openFlow(`key=${app.keys.sandbox.publishable}&provider=sandbox`);
    const accepted = await flowRequest("POST", `${path}/agreement`, { form: { accept: "yes" } });
    expect(accepted.status).toBe(303);
    const rejected = await flowRequest("POST", `${path}/credentials`, {
      form: { username: "someone", password: "invalid" },
    });
    expect(rejected.status).toBe(422);
    expect(rejected.text).toContain('role="alert"');
    expect(rejected.text).toContain("rejected the username or password");
    expect(rejected.text).not.toContain('value="someone"');
    const missing = await flowRequest("POST", `${path}/credentials`, { form: { username: "someone" } });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('aria-invalid="true"');
    const ok = await flowRequest("POST", `${path}/credentials`, { form: SANDBOX_CREDENTIALS });
    expect(ok.status).toBe(200);
    expect(pageState(ok.text).publicToken).toMatch(/^pub_tkn_/);
    const events = await analyticsEvents(sessionIdOf(path));
    expect(events.filter((event) => event === "failed")).toHaveLength(2);
    expect(events.at(-1)).toBe("succeeded");
  });

  it("a second submit of a finished session creates nothing", async () => {
    const path = await openFlow(`key=${app.keys.sandbox.publishable}&provider=sandbox&external_id=once-only`);
    await flowRequest("POST", `${path}/agreement`, { form: { accept: "yes" } });
    const first = await flowRequest("POST", `${path}/credentials`, { form: SANDBOX_CREDENTIALS });
    expect(first.status).toBe(200);
    const again = await flowRequest("POST", `${path}/credentials`, { form: SANDBOX_CREDENTIALS });
    expect(again.status).toBe(409);
    const made = await db()
      .select({ id: connections.id })
      .from(connections)
      .where(and(eq(connections.applicationId, app.id), eq(connections.externalId, "once-only")));
    expect(made).toHaveLength(1);
  });

  it("redirect mode goes to redirect_url with the public token; exit goes there too", async () => {
    const target = "https://app.customer.example/telematics/callback?state=abc";
    const path = await openFlow(
      `key=${app.keys.sandbox.publishable}&provider=sandbox&redirect_url=${encodeURIComponent(target)}`,
    );
    const page = await flowRequest("GET", path);
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self' https://app.customer.example");
    await flowRequest("POST", `${path}/agreement`, { form: { accept: "yes" } });
    const done = await flowRequest("POST", `${path}/credentials`, { form: SANDBOX_CREDENTIALS });
    expect(done.status).toBe(303);
    const location = new URL(done.location as string);
    expect(location.origin + location.pathname).toBe("https://app.customer.example/telematics/callback");
    expect(location.searchParams.get("state")).toBe("abc");
    expect(location.searchParams.get("public_token")).toMatch(/^pub_tkn_/);

    const other = await openFlow(`key=${app.keys.sandbox.publishable}&redirect_url=${encodeURIComponent(target)}`);
    const exited = await flowRequest("POST", `${other}/exit`);
    expect(exited.status).toBe(303);
    expect(new URL(exited.location as string).searchParams.get("exited")).toBe("true");
  });

  it("exit posts EXIT from the page and is recorded", async () => {
    const path = await openFlow(`key=${app.keys.sandbox.publishable}`);
    const exited = await flowRequest("POST", `${path}/exit`);
    expect(exited.status).toBe(303);
    const page = await flowRequest("GET", path);
    expect(pageState(page.text).result).toBe("exit");
    expect(await analyticsEvents(sessionIdOf(path))).toEqual(["opened", "exited"]);
    // An exited session takes no more steps.
    const late = await flowRequest("POST", `${path}/provider`, { form: { provider: "sandbox" } });
    expect(late.status).toBe(409);
  });

  it("filters the picker without script through ?q=", async () => {
    const prodPath = await openFlow(`key=${app.keys.production.publishable}`);
    const filtered = await flowRequest("GET", `${prodPath}?q=mot`);
    expect(filtered.text).toMatch(/<li data-provider-name="motive">/);
    expect(filtered.text).toMatch(/<li data-provider-name="samsara" hidden="">/);
  });
});

describe("hosted flow: reconnect", () => {
  it("re-authenticates a disconnected connection, keeps its token and connects it again", async () => {
    const connection = await createSandboxConnection(app);
    await db().update(connections).set({ status: "disconnected" }).where(eq(connections.id, connection.id));
    const opened = await flowRequest("GET", `/connection/${connection.id}?key=${app.keys.sandbox.publishable}`);
    expect(opened.status).toBe(303);
    const reconnectPath = new URL(opened.location as string, LINK).pathname;
    const agreement = await flowRequest("GET", reconnectPath);
    expect(agreement.text).toContain("Accept and continue");
    expect(agreement.text).not.toContain("Choose another provider");
    await flowRequest("POST", `${reconnectPath}/agreement`, { form: { accept: "yes" } });
    const done = await flowRequest("POST", `${reconnectPath}/credentials`, {
      form: { ...SANDBOX_CREDENTIALS, password: "a-new-password" },
    });
    expect(done.status).toBe(200);
    const exchanged = await call("POST", `${BASE.sandbox}/public-token/exchange`, {
      key: app.keys.sandbox.secret,
      body: { publicToken: pageState(done.text).publicToken },
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.id).toBe(connection.id);
    expect(exchanged.body.token).toBe(connection.token);
    expect(exchanged.body.status).toBe("connected");
  });

  it("refuses connections of another application, deleted ones, and unknown ids", async () => {
    const other = await createTestApplication();
    const theirs = await createSandboxConnection(other);
    const foreign = await flowRequest("GET", `/connection/${theirs.id}?key=${app.keys.sandbox.publishable}`);
    expect(foreign.status).toBe(404);
    const mine = await createSandboxConnection(app);
    await db().update(connections).set({ status: "deleted" }).where(eq(connections.id, mine.id));
    expect((await flowRequest("GET", `/connection/${mine.id}?key=${app.keys.sandbox.publishable}`)).status).toBe(410);
    const pending = await createSandboxConnection(app);
    await db().update(connections).set({ status: "pending_deletion" }).where(eq(connections.id, pending.id));
    expect((await flowRequest("GET", `/connection/${pending.id}?key=${app.keys.sandbox.publishable}`)).status).toBe(
      422,
    );
  });
});

describe("hosted flow: what it refuses", () => {
  it("needs a publishable key and never takes a secret key", async () => {
    const none = await flowRequest("GET", "/?external_id=x");
    expect(none.status).toBe(400);
    expect(none.text).toContain("no publishable key");
    const secret = await flowRequest("GET", `/?key=${app.keys.sandbox.secret}`);
    expect(secret.status).toBe(400);
    expect(secret.text).toContain("Secret keys must never appear in a browser");
    expect(secret.text).not.toContain(app.keys.sandbox.secret);
    const unknown = await flowRequest("GET", "/?key=pk_sandbox_0000000000000000000000000000000000000000");
    expect(unknown.status).toBe(401);
  });

  it("lists every invalid preset", async () => {
    const bad = await flowRequest(
      "GET",
      `/?key=${app.keys.sandbox.publishable}&sync_mode=sometimes&backfill_days=-3&redirect_url=${encodeURIComponent("javascript:alert(1)")}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("sync_mode");
    expect(bad.text).toContain("backfill_days");
    expect(bad.text).toContain("redirect_url");
    const provider = await flowRequest("GET", `/?key=${app.keys.sandbox.publishable}&provider=teleport`);
    expect(provider.status).toBe(400);
    expect(provider.text).toContain("Unknown provider");
  });

  it("expired and unknown sessions are not found; a form too large is refused", async () => {
    const path = await openFlow(`key=${app.keys.sandbox.publishable}`);
    await db()
      .update(linkSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(linkSessions.id, path.split("/").pop() as string));
    expect((await flowRequest("GET", path)).status).toBe(404);
    expect((await flowRequest("GET", "/flow/lnk_unknown")).status).toBe(404);
    const fresh = await openFlow(`key=${app.keys.sandbox.publishable}`);
    const huge = await flowRequest("POST", `${fresh}/provider`, { form: { provider: "x".repeat(70_000) } });
    expect(huge.status).toBe(413);
    const json = await flowRequest("POST", `${fresh}/provider`, { headers: { "content-type": "application/json" } });
    expect(json.status).toBe(400);
  });

  it("answers programs at / with the service index", async () => {
    const index = await flowRequest("GET", "/", { headers: { accept: "application/json" } });
    expect(index.status).toBe(200);
    expect(JSON.parse(index.text)).toMatchObject({ name: "Telematics API" });
  });

  it("serves the agreement text at the recorded URL", async () => {
    const page = await flowRequest("GET", "/agreements/end-user-agreement/2026-11-01");
    expect(page.status).toBe(200);
    expect(page.text).toContain("End User Data Sharing Agreement");
  });

  it("keeps secrets out of the session rows", async () => {
    const path = await openFlow(`key=${app.keys.sandbox.publishable}&provider=sandbox`);
    await flowRequest("POST", `${path}/agreement`, { form: { accept: "yes" } });
    await flowRequest("POST", `${path}/credentials`, { form: SANDBOX_CREDENTIALS });
    const rows = await env.DB.prepare("SELECT * FROM link_sessions WHERE id = ?").bind(path.split("/").pop()).all();
    expect(JSON.stringify(rows.results)).not.toContain(SANDBOX_CREDENTIALS.password);
  });
});

describe("hosted flow: clean-up", () => {
  it("the cron sweep purges sessions expired for more than a day, and keeps the others", async () => {
    const old = sessionIdOf(await openFlow(`key=${app.keys.sandbox.publishable}`));
    const recent = sessionIdOf(await openFlow(`key=${app.keys.sandbox.publishable}`));
    await db()
      .update(linkSessions)
      .set({ expiresAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(linkSessions.id, old));
    await triggerSweep();
    const left = await db().select({ id: linkSessions.id }).from(linkSessions);
    const ids = left.map((row) => row.id);
    expect(ids).not.toContain(old);
    expect(ids).toContain(recent);
  });
});
