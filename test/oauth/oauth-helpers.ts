/**
 * The hosted flow's OAuth consent as a browser drives it, without a browser: the flow's consent
 * form, the provider's (fake's) authorization page and its form, and the flow's callback, each a
 * real HTTP request; then the public token exchanged as the application would.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { TestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { flowRequest, LINK, openFlow, pageState, reachCredentials } from "../link/flow-helpers";

export type OAuthProvider = {
  code: "samsara" | "motive";
  name: string;
  base: () => string;
  /** The form values the consent form sends (Samsara's region). */
  form: Record<string, string>;
};

export const SAMSARA: OAuthProvider = {
  code: "samsara",
  name: "Samsara",
  base: () => env.SAMSARA_BASE_URL,
  form: { region: "us" },
};
export const MOTIVE: OAuthProvider = { code: "motive", name: "Motive", base: () => env.MOTIVE_BASE_URL, form: {} };

/** Registers a customer account at the provider's fake: its credential is the login typed at consent. */
export async function registerAccount(provider: OAuthProvider, options: { accessTokenSeconds?: number } = {}) {
  const credential = `${provider.code}-oauth-${crypto.randomUUID()}`;
  const registered = await fetch(`${provider.base()}/__fake/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ credential, name: `OAuth Fleet (${provider.name})`, vehicles: 2 }),
  });
  expect(registered.status).toBe(201);
  if (options.accessTokenSeconds !== undefined) {
    const set = await oauthControl(provider, credential, "", "PUT", { accessTokenSeconds: options.accessTokenSeconds });
    expect(set.status).toBe(200);
  }
  return credential;
}

/** The fake's OAuth test controls for an account (`/__fake/oauth/accounts/<credential>[/expire|/revoke]`). */
export function oauthControl(
  provider: OAuthProvider,
  credential: string,
  action: "" | "/expire" | "/revoke",
  method = "POST",
  body?: unknown,
) {
  return fetch(`${provider.base()}/__fake/oauth/accounts/${encodeURIComponent(credential)}${action}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

export type Grants = {
  grants: {
    revoked: boolean;
    revokedBy: "client" | "customer" | null;
    refreshes: number;
    issuedAccessTokens: number;
  }[];
  codesIssued: number;
};

export async function grantsOf(provider: OAuthProvider, credential: string): Promise<Grants> {
  const response = await oauthControl(provider, credential, "", "GET");
  expect(response.status).toBe(200);
  return (await response.json()) as Grants;
}

/** From the consent step to the provider's authorization page: the flow's redirect there. */
export async function startConsent(path: string, provider: OAuthProvider): Promise<URL> {
  const started = await flowRequest("POST", `${path}/oauth`, { form: provider.form });
  expect(started.status, started.text).toBe(303);
  return new URL(started.location!);
}

/** The customer at the provider's page: signs in with `login` and allows (or denies); answers the redirect back. */
export async function answerConsent(authorize: URL, login: string, decision: "allow" | "deny"): Promise<URL> {
  const page = await fetch(authorize, { redirect: "manual" });
  expect(page.status).toBe(200);
  const html = await page.text();
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], decodeHtml(m[2]!)]),
  );
  const posted = await fetch(new URL(authorize.pathname, authorize.origin), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...hidden, login, decision }).toString(),
    redirect: "manual",
  });
  expect(posted.status).toBe(302);
  return new URL(posted.headers.get("location")!);
}

function decodeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The whole consent of a new connection; answers the connection and its token, exchanged as the app would. */
export async function connectThroughConsent(app: TestApplication, provider: OAuthProvider, login: string) {
  const path = await openFlow(`key=${app.keys.sandbox.publishable}&sync_mode=manual&backfill_days=1`);
  await reachCredentials(path, provider.code);
  const back = await answerConsent(await startConsent(path, provider), login, "allow");
  expect(back.origin).toBe(LINK);
  const done = await flowRequest("GET", `${back.pathname}${back.search}`);
  expect(done.status, done.text).toBe(200);
  const state = pageState(done.text);
  expect(state).toMatchObject({ result: "success", oauthCallback: true });
  const exchanged = await call("POST", `${BASE.sandbox}/public-token/exchange`, {
    key: app.keys.sandbox.secret,
    body: { publicToken: state.publicToken },
  });
  expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
  return { path, callback: back, connection: exchanged.body as { id: string; token: string; status: string } };
}
