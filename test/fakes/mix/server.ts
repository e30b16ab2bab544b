/**
 * The fake MiX Integrate API and its identity server on one host (providers-more.md section 3
 * and the fidelity checklist of section 11), serving each registered account's canonical fleet:
 * - auth: `POST /core/connect/token`, the resource-owner password grant (`scope` must name
 *   `MiX.Integrate`; `offline_access` adds a refresh token) and the refresh grant, with the
 *   integrator's client in HTTP Basic (ids.ts; another is `invalid_client`). A refused grant is
 *   a 400 `{"error":"invalid_grant"}`. Access tokens expire after `tokenTtlSeconds` or
 *   `tokenTtlCalls` data requests (accounts.ts): 401 with `WWW-Authenticate: Bearer error="invalid_token"`;
 * - Bearer data calls, PascalCase bare arrays, ids as 64-bit integers (ids.ts), UTC times, **204
 *   No Content for an empty answer**, JSON-array bodies on the POST position and trip queries,
 *   path times `yyyyMMddHHmmss[fff]` (anything else is a 400), the `createdsince` feed paged
 *   with the `HasMoreItems` and `GetSinceToken` response headers (./routes.ts);
 * - the account's faults: delay, 429 throttling (`Retry-After` when the fault sets one), 5xx,
 *   hangs, wrong shapes, duplicated elements, truncated bodies.
 */
import { type FakeAccount, nextRoll, sleep } from "../accounts.ts";
import { inject, maybeHang, wrongShape } from "../extra-faults.ts";
import { MixAccountStore } from "./accounts.ts";
import { errorText, FAKE_MIX_CLIENT, json } from "./ids.ts";
import { route } from "./routes.ts";

const DEFAULT_TOKEN_TTL_SECONDS = 3600;

type Issued = { credential: string; issuedAt: number; ttlSeconds: number; calls: number };

const invalid = (error: string, status = 400) => json({ error }, status);

export function createMixFake() {
  const accounts = new MixAccountStore();
  const tokens = new Map<string, Issued>();
  const refreshTokens = new Map<string, string>();
  let serial = 0;
  accounts.onReset = (credential) => {
    for (const [token, issued] of tokens) if (issued.credential === credential) tokens.delete(token);
    for (const [token, owner] of refreshTokens) if (owner === credential) refreshTokens.delete(token);
  };

  function issue(credential: string, offline: boolean): Response {
    const ttlSeconds = accounts.optionsOf(credential).tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
    const access = `mix-at-${++serial}-${crypto.randomUUID()}`;
    tokens.set(access, { credential, issuedAt: Date.now(), ttlSeconds, calls: 0 });
    const refresh = offline ? `mix-rt-${serial}-${crypto.randomUUID()}` : undefined;
    if (refresh) refreshTokens.set(refresh, credential);
    return json({
      access_token: access,
      expires_in: ttlSeconds,
      token_type: "Bearer",
      ...(refresh ? { refresh_token: refresh } : {}),
    });
  }

  async function token(request: Request): Promise<Response> {
    const basic = /^Basic (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    let client = "";
    try {
      client = basic ? atob(basic) : "";
    } catch {
      client = "";
    }
    if (client !== `${FAKE_MIX_CLIENT.id}:${FAKE_MIX_CLIENT.secret}`) return invalid("invalid_client", 401);
    const form = new URLSearchParams(await request.text());
    const grant = form.get("grant_type");
    if (grant === "refresh_token") {
      const owner = refreshTokens.get(form.get("refresh_token") ?? "");
      if (!owner || accounts.optionsOf(owner).refreshTokens === false) return invalid("invalid_grant");
      accounts.statsOf(owner).refreshes++;
      return issue(owner, true);
    }
    if (grant !== "password") return invalid("unsupported_grant_type");
    const scopes = (form.get("scope") ?? "").split(/\s+/);
    if (!scopes.includes("MiX.Integrate")) return invalid("invalid_scope");
    const account = accounts.get(`${form.get("username") ?? ""}/${form.get("password") ?? ""}`);
    if (!account) return invalid("invalid_grant");
    accounts.statsOf(account.credential).logins++;
    return issue(account.credential, scopes.includes("offline_access"));
  }

  function authenticate(request: Request): FakeAccount | Response {
    const bearer = /^Bearer (\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    const issued = bearer ? tokens.get(bearer) : undefined;
    const account = issued ? accounts.get(issued.credential) : undefined;
    const refused = () => errorText(401, "Unauthorized", { "WWW-Authenticate": 'Bearer error="invalid_token"' });
    if (!issued || !account || !bearer) return refused();
    const options = accounts.optionsOf(account.credential);
    issued.calls++;
    const expired =
      Date.now() - issued.issuedAt >= issued.ttlSeconds * 1000 ||
      (options.tokenTtlCalls !== undefined && issued.calls > options.tokenTtlCalls);
    if (!expired) return account;
    tokens.delete(bearer);
    accounts.statsOf(account.credential).expiredTokens++;
    return refused();
  }

  async function serve(request: Request, url: URL, account: FakeAccount): Promise<Response> {
    const stats = accounts.statsOf(account.credential);
    await sleep(account.faults.delayMs);
    if (inject(account, "rateLimit", account.faults.rateLimitRate)) {
      stats.throttled++;
      const retryAfter = account.faults.retryAfterSeconds;
      return errorText(429, "Too Many Requests", retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) });
    }
    if (inject(account, "serverError", account.faults.serverErrorRate)) {
      return errorText(nextRoll(account) < 0.5 ? 500 : 503, "An error has occurred.");
    }
    await maybeHang(account);
    if (inject(account, "wrongShape", account.faults.wrongShapeRate)) return wrongShape();
    const response = await route(request, url, account);
    if (response.status === 200 && inject(account, "duplicatePage", account.faults.duplicatePageRate)) {
      const text = (await response.text()).trim();
      // The body doubled as text: ids stay exact.
      const doubled = text.startsWith("[") && text.length > 2 ? `${text.slice(0, -1)},${text.slice(1)}` : text;
      return new Response(doubled, { status: 200, headers: response.headers });
    }
    if (response.status === 200 && inject(account, "malformed", account.faults.malformedRate)) {
      const body = await response.text();
      return new Response(body.slice(0, Math.floor(body.length / 2)), { status: 200, headers: response.headers });
    }
    return response;
  }

  return {
    accounts,
    async fetch(request: Request): Promise<Response> {
      const control = await accounts.control(request);
      if (control) return control;
      const url = new URL(request.url);
      if (url.pathname === "/core/connect/token" && request.method === "POST") return token(request);
      if (url.pathname === "/core/.well-known/openid-configuration") {
        return json({ issuer: `${url.origin}/core`, token_endpoint: `${url.origin}/core/connect/token` });
      }
      if (!url.pathname.startsWith("/api/")) return errorText(404, "Not Found");
      const account = authenticate(request);
      if (account instanceof Response) return account;
      const stats = accounts.statsOf(account.credential);
      stats.dataRequests++;
      const pattern = url.pathname.replace(/\/-?\d+/g, "/{n}");
      stats.requests[pattern] = (stats.requests[pattern] ?? 0) + 1;
      return serve(request, url, account);
    },
  };
}
