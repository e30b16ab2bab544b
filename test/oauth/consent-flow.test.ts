/**
 * Samsara and Motive connected through their OAuth consent in the hosted flow (providers.md 1.1,
 * 2.1), against the fakes' authorization servers: the consent step, the provider's page and the
 * callback; a sync with the grant's access token; declined consent; a replayed callback.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { consentView } from "../../src/link/oauth-choice";
import { samsaraAdapter } from "../../src/providers/samsara/adapter";
import { createTestApplication, type TestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { waitForLastSync } from "../helpers/sync";
import { flowRequest, LINK, openFlow, pageState, reachCredentials } from "../link/flow-helpers";
import {
  answerConsent,
  connectThroughConsent,
  grantsOf,
  MOTIVE,
  type OAuthProvider,
  registerAccount,
  SAMSARA,
  startConsent,
} from "./oauth-helpers";

let app: TestApplication;
beforeAll(async () => {
  app = await createTestApplication();
});

describe.each([SAMSARA, MOTIVE])("$name through OAuth", (provider: OAuthProvider) => {
  it("offers the consent first, with the credential form a link away", async () => {
    const path = await openFlow(`key=${app.keys.sandbox.publishable}`);
    await reachCredentials(path, provider.code);
    const step = await flowRequest("GET", path);
    expect(step.status).toBe(200);
    expect(step.text).toContain(`Continue to ${provider.name}`);
    expect(step.text).toContain(`action="${path}/oauth"`);
    expect(step.text).toContain("Use an API token instead");
    // Chromium applies form-action to the form's redirect: the provider's page must be allowed.
    expect(step.headers.get("content-security-policy")).toContain(new URL(provider.base()).origin);
    const form = await flowRequest("GET", `${path}?method=credentials`);
    expect(form.text).toContain(`Sign in with ${provider.name} instead`);
    expect(form.text).toContain(`action="${path}/credentials"`);
  });

  it("sends the customer to the provider's page and back; the grant connects and syncs", async () => {
    const login = await registerAccount(provider);
    const path = await openFlow(`key=${app.keys.sandbox.publishable}&sync_mode=manual&backfill_days=1`);
    await reachCredentials(path, provider.code);
    const authorize = await startConsent(path, provider);
    expect(authorize.origin).toBe(new URL(provider.base()).origin);
    expect(authorize.searchParams.get("response_type")).toBe("code");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${LINK}/oauth/callback`);
    expect(authorize.searchParams.get("state")).toMatch(/^[0-9A-Za-z]{32}$/);
    if (provider.code === "motive") expect(authorize.searchParams.get("scope")).toContain("vehicles.read");

    const back = await answerConsent(authorize, login, "allow");
    const done = await flowRequest("GET", `${back.pathname}${back.search}`);
    expect(done.status, done.text).toBe(200);
    const state = pageState(done.text);
    expect(state).toMatchObject({
      result: "success",
      oauthCallback: true,
      publicToken: expect.stringMatching(/^pub_tkn_/),
    });
    // The provider's code and tokens never reach the page.
    expect(done.text).not.toContain(back.searchParams.get("code")!);

    // The same answer again finds no consent under way.
    const replayed = await flowRequest("GET", `${back.pathname}${back.search}`);
    expect(replayed.status).toBe(404);

    const exchanged = await call("POST", `${BASE.sandbox}/public-token/exchange`, {
      key: app.keys.sandbox.secret,
      body: { publicToken: state.publicToken },
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({ provider: { code: provider.code }, status: "connected" });
    const caller = { key: app.keys.sandbox.secret, token: exchanged.body.token as string };
    const job = await waitForLastSync(caller);
    expect(job.status, job.failureReason).toBe("completed");
    const vehicles = await call("GET", `${BASE.sandbox}/vehicles`, caller);
    expect(vehicles.body.results).toHaveLength(2);
    const grants = await grantsOf(provider, login);
    expect(grants.grants).toEqual([expect.objectContaining({ revoked: false })]);
  });

  it("a declined consent leaves the flow open to try again", async () => {
    const login = await registerAccount(provider);
    const path = await openFlow(`key=${app.keys.sandbox.publishable}`);
    await reachCredentials(path, provider.code);
    const back = await answerConsent(await startConsent(path, provider), login, "deny");
    expect(back.searchParams.get("error")).toBe("access_denied");
    const page = await flowRequest("GET", `${back.pathname}${back.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Access was not granted on ${provider.name}`);
    expect(page.text).toContain(`Continue to ${provider.name}`);
    // In the consent popup, its script hands `declined` to the embedded flow, which shows the step so.
    expect(pageState(page.text)).toMatchObject({ oauthCallback: true, consent: "declined" });
    const shown = await flowRequest("GET", `${path}?consent=declined`);
    expect(shown.text).toContain(`Access was not granted on ${provider.name}`);
    expect((await flowRequest("GET", `${path}?consent=<script>`)).text).not.toContain('role="alert"');
    expect((await grantsOf(provider, login)).grants).toEqual([]);
    const second = await answerConsent(await startConsent(path, provider), login, "allow");
    const done = await flowRequest("GET", `${second.pathname}${second.search}`);
    expect(pageState(done.text).result).toBe("success");
  });

  it("redirect mode goes to redirect_url with the public token", async () => {
    const login = await registerAccount(provider);
    const redirect = "https://app.customer.example/connected";
    const path = await openFlow(`key=${app.keys.sandbox.publishable}&redirect_url=${encodeURIComponent(redirect)}`);
    await reachCredentials(path, provider.code);
    const back = await answerConsent(await startConsent(path, provider), login, "allow");
    const done = await flowRequest("GET", `${back.pathname}${back.search}`);
    expect(done.status).toBe(303);
    const location = new URL(done.location!);
    expect(`${location.origin}${location.pathname}`).toBe(redirect);
    expect(location.searchParams.get("public_token")).toMatch(/^pub_tkn_/);
  });
});

describe("where OAuth is not offered", () => {
  it("a deployment without the provider's client shows the credential form alone", () => {
    const unconfigured = { ...env, SAMSARA_OAUTH_CLIENT_ID: undefined, SAMSARA_OAUTH_CLIENT_SECRET: undefined };
    expect(consentView(unconfigured, { id: "lnk_x" }, samsaraAdapter, undefined)).toEqual({});
    expect(consentView(env, { id: "lnk_x" }, samsaraAdapter, undefined).oauth?.credentialsHref).toBe(
      "/flow/lnk_x?method=credentials",
    );
  });

  it("a provider without OAuth refuses the consent step", async () => {
    const path = await openFlow(`key=${app.keys.sandbox.publishable}`);
    await reachCredentials(path, "sandbox");
    const refused = await flowRequest("POST", `${path}/oauth`, { form: {} });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("connect with their credentials here");
  });
});

describe("the callback refuses what it did not ask for", () => {
  it("an unknown or malformed state is a not-found page, and no connection is made", async () => {
    for (const query of ["state=x&code=y", "code=y", `state=${"a".repeat(32)}&code=y`, `state=${"b".repeat(5000)}`]) {
      const page = await flowRequest("GET", `/oauth/callback?${query}`);
      expect(page.status).toBe(404);
      expect(page.text).toContain("expired or was already used");
    }
  });

  it("a code the provider refuses is shown on the consent step, which can be tried again", async () => {
    const login = await registerAccount(SAMSARA);
    const path = await openFlow(`key=${app.keys.sandbox.publishable}`);
    await reachCredentials(path, "samsara");
    const back = await answerConsent(await startConsent(path, SAMSARA), login, "allow");
    back.searchParams.set("code", "not-a-code-the-provider-issued");
    const page = await flowRequest("GET", `${back.pathname}${back.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('role="alert"');
    expect(page.text).toContain("Continue to Samsara");
    const retried = await connectThroughConsent(app, SAMSARA, login);
    expect(retried.connection.status).toBe("connected");
  });
});
