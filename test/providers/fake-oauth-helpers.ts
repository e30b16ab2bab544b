/**
 * Shared by the fake OAuth tests: the fake Samsara and Motive authorization servers reached over
 * real HTTP from the Worker, a customer's consent driven through the page's own form, token and
 * revoke requests with each provider's client authentication, and the test controls.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { MOTIVE_OAUTH_CLIENT, type OAuthClient, SAMSARA_OAUTH_CLIENT } from "../fakes/oauth/clients.ts";

export type OAuthFake = {
  provider: "Samsara" | "Motive";
  base: string;
  paths: { authorize: string; token: string; revoke: string };
  client: OAuthClient;
  /** How the service authenticates its client there (Samsara: Basic only; Motive: the form). */
  clientAuth: ClientAuth;
  /** A data API request and the 401 body shape of the provider. */
  data: (accessToken: string) => Promise<Response>;
  unauthorizedBody: unknown;
};

export type ClientAuth = "basic" | "body" | "none";

export const samsara = (): OAuthFake => ({
  provider: "Samsara",
  base: env.SAMSARA_BASE_URL,
  paths: { authorize: "/oauth2/authorize", token: "/oauth2/token", revoke: "/oauth2/revoke" },
  client: SAMSARA_OAUTH_CLIENT,
  clientAuth: "basic",
  data: (token) => fetch(`${env.SAMSARA_BASE_URL}/me`, { headers: { authorization: `Bearer ${token}` } }),
  unauthorizedBody: { message: expect.any(String), requestId: expect.any(String) },
});

export const motive = (): OAuthFake => ({
  provider: "Motive",
  base: env.MOTIVE_BASE_URL,
  paths: { authorize: "/oauth/authorize", token: "/oauth/token", revoke: "/oauth/revoke" },
  client: MOTIVE_OAUTH_CLIENT,
  clientAuth: "body",
  data: (token) => fetch(`${env.MOTIVE_BASE_URL}/v1/companies`, { headers: { authorization: `Bearer ${token}` } }),
  unauthorizedBody: { error_message: expect.any(String) },
});

export const REDIRECT_URI = "https://app.example/oauth/callback?from=test";

/** Registers (or resets) a customer account on the fake; its credential is the login at consent. */
export async function registerAccount(fake: OAuthFake, credential = `acct-${crypto.randomUUID()}`) {
  const response = await fetch(`${fake.base}/__fake/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ credential, vehicles: 2 }),
  });
  expect(response.status).toBe(201);
  return credential;
}

/** The authorize endpoint's answer to the app's redirect (GET), not followed. */
export function authorizeGet(fake: OAuthFake, params: Record<string, string>) {
  const url = new URL(fake.paths.authorize, fake.base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return fetch(url, { redirect: "manual" });
}

export const authorizeParams = (fake: OAuthFake, extra: Record<string, string> = {}) => ({
  client_id: fake.client.id,
  response_type: "code",
  redirect_uri: REDIRECT_URI,
  state: "st & ate/é=1",
  ...extra,
});

/** The hidden fields of the consent form, unescaped. */
export function hiddenFields(html: string): Record<string, string> {
  const decodeEntities = (text: string) => text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)];
  return Object.fromEntries(fields.map(([, name, value]) => [name!, decodeEntities(value!)]));
}

/** Opens the consent page and submits its form with this login and decision. */
export async function consent(
  fake: OAuthFake,
  login: string,
  decision: "allow" | "deny" = "allow",
  extra: Record<string, string> = {},
) {
  const page = await authorizeGet(fake, authorizeParams(fake, extra));
  expect(page.status).toBe(200);
  const form = new URLSearchParams({ ...hiddenFields(await page.text()), login, decision });
  return fetch(new URL(fake.paths.authorize, fake.base), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
}

/** The code of an allowed consent (checked to come back to the redirect URI with the state). */
export async function codeFor(fake: OAuthFake, login: string, extra: Record<string, string> = {}) {
  const answer = await consent(fake, login, "allow", extra);
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get("location")!);
  expect(`${location.origin}${location.pathname}`).toBe("https://app.example/oauth/callback");
  expect(location.searchParams.get("from")).toBe("test");
  expect(location.searchParams.get("state")).toBe(authorizeParams(fake).state);
  return location.searchParams.get("code")!;
}

/** A form POST to the token or revoke endpoint, the client authenticated as asked. */
export async function post(
  fake: OAuthFake,
  endpoint: "token" | "revoke",
  form: Record<string, string>,
  auth: ClientAuth = fake.clientAuth,
  secret = fake.client.secret,
) {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  const body = new URLSearchParams(form);
  if (auth === "basic") headers.authorization = `Basic ${btoa(`${fake.client.id}:${secret}`)}`;
  if (auth === "body") {
    body.set("client_id", fake.client.id);
    body.set("client_secret", secret);
  }
  const response = await fetch(new URL(fake.paths[endpoint], fake.base), { method: "POST", headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Exchanges a code (with the redirect URI) for the grant's first tokens. */
export async function exchange(fake: OAuthFake, code: string) {
  const answer = await post(fake, "token", { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI });
  expect(answer.status).toBe(200);
  return answer.body as { access_token: string; refresh_token: string; expires_in: number } & Record<string, any>;
}

export const refresh = (fake: OAuthFake, refreshToken: string) =>
  post(fake, "token", { grant_type: "refresh_token", refresh_token: refreshToken });

/** A test control of the fake's OAuth server for the account (`GET` when no action). */
export async function oauthControl(
  fake: OAuthFake,
  credential: string,
  action?: "expire" | "revoke",
  settings?: { accessTokenSeconds: number },
) {
  const url = `${fake.base}/__fake/oauth/accounts/${encodeURIComponent(credential)}${action ? `/${action}` : ""}`;
  const init: RequestInit = settings
    ? { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(settings) }
    : { method: action ? "POST" : "GET" };
  const response = await fetch(url, init);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    grants: {
      clientId: string;
      scope: string;
      revoked: boolean;
      revokedBy: string | null;
      refreshes: number;
      issuedAccessTokens: number;
    }[];
    codesIssued: number;
  };
}

/** The data API's status for an access token, checking the provider's 401 body when refused. */
export async function dataStatus(fake: OAuthFake, accessToken: string) {
  const response = await fake.data(accessToken);
  const body = await response.json();
  if (response.status === 401) expect(body).toEqual(fake.unauthorizedBody);
  return response.status;
}
