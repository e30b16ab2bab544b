/**
 * Test controls of a fake authorization server, per registered account (404 for another):
 * - `PUT /__fake/oauth/accounts/<credential>` `{ accessTokenSeconds }`: the lifetime of the access
 *   tokens issued to the account from now on (default 3600);
 * - `POST …/<credential>/expire`: every access token of the account expires now (its refresh
 *   tokens stay good);
 * - `POST …/<credential>/revoke`: the customer revoked the app (uninstalled it): every grant of
 *   the account is revoked (refresh → `invalid_grant`, access tokens → 401);
 * - `GET …/<credential>`: `{ grants: [{ clientId, scope, revoked, revokedBy, refreshes,
 *   issuedAccessTokens }], codesIssued, accessTokenSeconds }`, for assertions.
 */
import type { FakeAccount } from "../accounts.ts";
import { json } from "../http-server.ts";
import type { GrantStore } from "./grants.ts";

export async function oauthControl(
  request: Request,
  url: URL,
  grants: GrantStore,
  accounts: { get(credential: string | undefined): FakeAccount | undefined },
): Promise<Response> {
  const match = /^\/__fake\/oauth\/accounts\/([^/]+)(?:\/(expire|revoke))?$/.exec(url.pathname);
  const credential = match ? decodeURIComponent(match[1]!) : undefined;
  if (!match || !accounts.get(credential)) return json({ message: "no such account or control" }, 404);
  const state = grants.accountOf(credential!);
  const action = match[2];
  if (action && request.method !== "POST") return json({ message: `POST to ${action}` }, 405);
  if (action === "expire") grants.expireAccessTokens(credential!);
  if (action === "revoke") for (const grant of state.grants) grants.revoke(grant, "customer");
  if (!action && request.method === "PUT") {
    const body = (await request.json().catch(() => ({}))) as { accessTokenSeconds?: unknown };
    const seconds = body.accessTokenSeconds;
    if (seconds !== undefined) {
      if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) {
        return json({ message: "accessTokenSeconds must be a number of seconds, 0 or more" }, 400);
      }
      state.accessTokenSeconds = seconds;
    }
  } else if (!action && request.method !== "GET") {
    return json({ message: "GET or PUT" }, 405);
  }
  return json({
    grants: state.grants.map((grant) => ({
      clientId: grant.clientId,
      scope: grant.scope,
      revoked: grant.revokedBy !== null,
      revokedBy: grant.revokedBy,
      refreshes: grant.refreshes,
      issuedAccessTokens: grant.issuedAccessTokens,
    })),
    codesIssued: state.codesIssued,
    accessTokenSeconds: state.accessTokenSeconds,
  });
}
