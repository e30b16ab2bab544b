/**
 * An OAuth connection's grant over its life: access tokens refreshed before they expire and once
 * on the provider's refusal (Motive's refresh tokens rotating), concurrent refreshes stored once,
 * a grant the customer revoked disconnecting the connection with an issue and its webhooks, the
 * consent again reconnecting it, and the grant revoked at the provider when it is deleted.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { connections, webhookEvents } from "../../src/db/schema";
import { connectionCredentials } from "../../src/sync/fresh-credentials";
import { endGracePeriod, requestDeletion, triggerSweep } from "../deletion/helpers";
import { createTestApplication, db, type TestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { waitForLastSync, waitForSync } from "../helpers/sync";
import { flowRequest, pageState } from "../link/flow-helpers";
import {
  answerConsent,
  connectThroughConsent,
  grantsOf,
  MOTIVE,
  type OAuthProvider,
  oauthControl,
  registerAccount,
  SAMSARA,
  startConsent,
} from "./oauth-helpers";

let app: TestApplication;
beforeAll(async () => {
  app = await createTestApplication();
});

async function connect(provider: OAuthProvider, options: { accessTokenSeconds?: number } = {}) {
  const login = await registerAccount(provider, options);
  const { connection } = await connectThroughConsent(app, provider, login);
  const caller = { key: app.keys.sandbox.secret, token: connection.token };
  const first = await waitForLastSync(caller);
  expect(first.status, first.failureReason).toBe("completed");
  return { login, connection, caller };
}

async function syncOnce(caller: { key: string; token: string }) {
  const requested = await call("POST", `${BASE.sandbox}/syncs`, { ...caller, body: { days: 1 } });
  expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  return (await waitForSync(caller.key, caller.token, requested.body.id)).job;
}

describe.each([SAMSARA, MOTIVE])("$name grant", (provider: OAuthProvider) => {
  it("is refreshed before its access token expires: the provider never refuses one", async () => {
    // Tokens of a minute are always within the refresh margin: every use refreshes first.
    const { login, caller } = await connect(provider, { accessTokenSeconds: 60 });
    const before = (await grantsOf(provider, login)).grants[0]!;
    expect(before.refreshes).toBeGreaterThanOrEqual(1);
    expect((await syncOnce(caller)).status).toBe("completed");
    const after = (await grantsOf(provider, login)).grants[0]!;
    // Two refreshes in a row work only if each rotated refresh token was kept (Motive's are single use).
    expect(after.refreshes).toBeGreaterThan(before.refreshes);
    expect(after.revoked).toBe(false);
    if (provider === SAMSARA) {
      const served = await fetch(`${provider.base()}/__fake/samsara/log/${encodeURIComponent(login)}`);
      const { requests } = (await served.json()) as { requests: { status: number }[] };
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.filter((entry) => entry.status === 401)).toEqual([]);
    }
  });

  it("is refreshed once when the provider refuses an access token early, and the sync goes on", async () => {
    const { login, caller } = await connect(provider);
    const before = (await grantsOf(provider, login)).grants[0]!.refreshes;
    expect((await oauthControl(provider, login, "/expire")).status).toBe(200);
    const job = await syncOnce(caller);
    expect(job.status, job.failureReason).toBe("completed");
    expect((await grantsOf(provider, login)).grants[0]!.refreshes).toBe(before + 1);
  });

  it("revoked by the customer, disconnects the connection with an issue; the consent again reconnects it", async () => {
    const { login, connection, caller } = await connect(provider);
    expect((await oauthControl(provider, login, "/revoke")).status).toBe(200);
    const failed = await syncOnce(caller);
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toMatch(/rejected the connection's credentials/);
    // Isolates may answer from the connection as they remember it for AUTH_CACHE_SECONDS.
    await expect
      .poll(async () => (await call("GET", `${BASE.sandbox}/connections/current`, caller)).body.status, {
        timeout: 10_000,
      })
      .toBe("disconnected");
    const issues = await call("GET", `${BASE.sandbox}/issues?connectionId=${connection.id}`, { key: caller.key });
    expect(issues.status).toBe(200);
    expect(issues.body.results).toEqual([
      expect.objectContaining({
        status: "ongoing",
        error: { code: "missing_permissions", message: expect.stringContaining("Reconnect it") },
      }),
    ]);
    const events = await db()
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.applicationId, app.id), eq(webhookEvents.connectionId, connection.id)));
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(["connection.disconnected", "issue.reported"]),
    );

    // The reconnect link runs the consent again, for the same account.
    const opened = await flowRequest("GET", `/connection/${connection.id}?key=${app.keys.sandbox.publishable}`);
    expect(opened.status, opened.text).toBe(303);
    const path = new URL(opened.location!, "https://x").pathname;
    await flowRequest("POST", `${path}/agreement`, { form: { accept: "yes" } });
    const back = await answerConsent(await startConsent(path, provider), login, "allow");
    const done = await flowRequest("GET", `${back.pathname}${back.search}`);
    expect(pageState(done.text).result).toBe("success");
    await expect
      .poll(async () => (await call("GET", `${BASE.sandbox}/connections/current`, caller)).body.status, {
        timeout: 10_000,
      })
      .toBe("connected");
    // A reconnection syncs at once.
    const resumed = await waitForLastSync(caller);
    expect(resumed.status, resumed.failureReason).toBe("completed");
    const resolved = await call("GET", `${BASE.sandbox}/issues?connectionId=${connection.id}`, { key: caller.key });
    expect(resolved.body.results).toEqual([expect.objectContaining({ status: "resolved" })]);
  });

  it("is revoked at the provider when the connection is deleted", async () => {
    const { login, connection, caller } = await connect(provider);
    await requestDeletion(app, caller.token);
    await endGracePeriod(connection.id);
    // A sweep run takes a bounded amount of work: beside the other tests' deletions, this connection
    // may take several runs to reach.
    await expect
      .poll(
        async () => {
          await triggerSweep();
          return (await grantsOf(provider, login)).grants[0];
        },
        { timeout: 90_000, interval: 500 },
      )
      .toMatchObject({ revoked: true, revokedBy: "client" });
  });
});

describe("concurrent refreshes", () => {
  it("of one grant are one refresh, and a connection row read before it uses the stored result", async () => {
    const { login, connection } = await connect(MOTIVE, { accessTokenSeconds: 3600 });
    const [row] = await db().select().from(connections).where(eq(connections.id, connection.id));
    expect((await oauthControl(MOTIVE, login, "/expire")).status).toBe(200);
    const refusedToken = (await connectionCredentials(env, row!)).accessToken!;
    const before = (await grantsOf(MOTIVE, login)).grants[0]!.refreshes;
    const both = await Promise.all([
      connectionCredentials(env, row!, { rejectedAccessToken: refusedToken }),
      connectionCredentials(env, row!, { rejectedAccessToken: refusedToken }),
    ]);
    expect(both[0]).toEqual(both[1]);
    expect(both[0]!.accessToken).not.toBe(refusedToken);
    // The row read before the refresh: its token is the refused one, but the stored one is used,
    // without another refresh (which, with Motive's single-use refresh tokens, would be refused).
    const stale = await connectionCredentials(env, row!, { rejectedAccessToken: refusedToken });
    expect(stale.accessToken).toBe(both[0]!.accessToken);
    expect((await grantsOf(MOTIVE, login)).grants[0]!.refreshes).toBe(before + 1);
    const [stored] = await db().select().from(connections).where(eq(connections.id, connection.id));
    expect(stored!.credentialsEncrypted).not.toBe(row!.credentialsEncrypted);
  });
});
