/**
 * The OAuth browser tests' non-browser half (./oauth-consent.test.ts): a customer account at a
 * fake provider and its OAuth controls (test/fakes/oauth/controls.ts), and the public API as the
 * application calls it for a connection (production): syncs, the connection's status, its issues.
 */
import { expect, inject } from "vitest";
import { api, seedFakeAccount, unique } from "./helpers";

/** A bound for a busy machine (two cores shared with other suites), not a measure of speed. */
const SYNC_TIMEOUT = 120_000;

export type OAuthProvider = { code: "samsara" | "motive"; name: string };
export type Grants = {
  grants: {
    revoked: boolean;
    revokedBy: "client" | "customer" | null;
    refreshes: number;
    issuedAccessTokens: number;
  }[];
  codesIssued: number;
};
export type Connected = { id: string; token: string; login: string };

/** Registers a customer account at the provider's fake: its credential is the login typed on the consent page. */
export async function registerAccount(provider: OAuthProvider): Promise<string> {
  const login = unique(`${provider.code}-oauth`);
  await seedFakeAccount(provider.code, {
    credential: login,
    name: `OAuth Fleet (${provider.name})`,
    vehicles: 2,
    seed: login,
  });
  return login;
}

/** The fake's OAuth controls of an account: `/__fake/oauth/accounts/<login>[/expire|/revoke]`. */
export async function oauthControl(
  provider: OAuthProvider,
  login: string,
  action: "" | "/expire" | "/revoke",
  method = "POST",
  body?: unknown,
): Promise<Grants> {
  const response = await fetch(
    `${inject("fakeProviderUrls")[provider.code]}/__fake/oauth/accounts/${encodeURIComponent(login)}${action}`,
    {
      method,
      headers: { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
  );
  expect(response.status, `${method} oauth control ${action || "(state)"}`).toBe(200);
  return (await response.json()) as Grants;
}

export const grantsOf = (provider: OAuthProvider, login: string) => oauthControl(provider, login, "", "GET");

/** Reads an API object as the connection (production). */
export function asConnection(token: string, method: string, pathname: string, body?: unknown) {
  return api(method, pathname, { environment: "production", connectionToken: token, ...(body ? { body } : {}) });
}

/** Waits for a sync job to end; answers it. */
export async function syncEnded(token: string, syncId: string) {
  let job: any;
  await expect
    .poll(
      async () => {
        job = (await asConnection(token, "GET", `/syncs/${syncId}`)).body;
        return job?.status;
      },
      { timeout: SYNC_TIMEOUT, interval: 250 },
    )
    .toMatch(/^(completed|failed)$/);
  return job as { id: string; status: string; failureReason?: string };
}

/** Waits for the connection's latest sync (the first one, or one a reconnect started) to end. */
export async function lastSyncEnded(token: string) {
  const current = await asConnection(token, "GET", "/connections/current");
  const id = current.body?.lastSync?.id;
  return id ? syncEnded(token, id) : undefined;
}

/** Requests a sync once none is running, and waits for it to end. */
export async function requestSync(token: string) {
  await lastSyncEnded(token);
  const requested = await asConnection(token, "POST", "/syncs", {});
  expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  return syncEnded(token, requested.body.id);
}

export async function connectionOf(token: string) {
  const current = await asConnection(token, "GET", "/connections/current");
  expect(current.status).toBe(200);
  return current.body as { id: string; status: string };
}

export async function missingPermissions(connectionId: string) {
  const listed = await api("GET", `/issues?connectionId=${connectionId}&errorCode=missing_permissions`, {
    environment: "production",
  });
  expect(listed.status).toBe(200);
  return listed.body.results as { status: string; error: { code: string; message: string } }[];
}
