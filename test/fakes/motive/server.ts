/**
 * The fake Motive API (providers.md section 2 and the fidelity checklist of section 4), serving
 * each registered account's canonical fleet at its revision:
 * - auth: the company API key in `X-Api-Key`; an API key sent as `Authorization: Bearer` is
 *   refused with 401 (Bearer is for OAuth tokens: the live access tokens of the OAuth server
 *   below, or accounts whose credential starts with `oauth:`); an expired or revoked token is a 401;
 * - OAuth 2.0 (providers.md 2.1, Doorkeeper), by the shared fake authorization server
 *   (../oauth/authorization-server.ts) on this origin: `GET`/`POST /oauth/authorize` (consent page
 *   and form), `POST /oauth/token` (client credentials in the form or as Basic; `redirect_uri`
 *   required at the code exchange; refresh tokens rotate: each is good once), `POST /oauth/revoke`;
 *   access tokens are `oauth:…`;
 * - paging: `per_page` (default 25, clamped to 100) and 1-based `page_no`; every list answer
 *   carries `pagination { per_page, page_no, total }` and wraps each element in a singular key;
 * - units: `X-Metric-Units: true` → litres, otherwise US gallons (the company's imperial
 *   default), echoed in `vehicle.metric_units`; IFTA distances in each vehicle's own units;
 * - `X-Time-Zone`: Rails zone names are accepted (times stay UTC instants); an IANA id is a 400;
 * - the account's faults: delay, 429 with `Retry-After` (whole seconds, only when the fault sets
 *   one), 5xx, truncated JSON bodies;
 * - errors as small `{ "error_message": … }` bodies (an assumption: Motive documents none);
 * - the time series (live locations, location histories, driving periods): ./time-series.ts;
 * - hours of service (drivers' logs with their duty-status changes): ./hos.ts, and the drivers'
 *   clocks (available time): ./available-time.ts;
 * - IFTA trips (each vehicle's distance per day and jurisdiction): ./ifta.ts;
 * - assets (the canonical trailers), their current locations, and vehicles' fault codes: ./assets.ts;
 * - a binary answer for passthrough (a daily log's PDF): ./documents.ts.
 *
 * Motive-only controls, beside the shared `/__fake/accounts`:
 * - `PUT /__fake/motive/accounts/<credential>/forbidden` `{ paths: ["/v1/…"] }`: those paths answer
 *   403, as Motive does for a scope or a feature the fleet lacks (a path with an id by its
 *   collection's path, or on its own as `/v3/vehicle_locations/{id}`);
 * - `GET /__fake/motive/accounts/<credential>/stats`: requests served and faults injected;
 * - `PUT /__fake/motive/accounts/<credential>/clock` `{ now }`: the account's answers are computed
 *   at that instant (ms) instead of the real time (`null` lets the clock run again).
 * OAuth controls (../oauth/controls.ts): `PUT|GET /__fake/oauth/accounts/<credential>`
 * (`{ accessTokenSeconds }`; the grants), `POST …/<credential>/expire`, `POST …/<credential>/revoke`.
 * Stats, clock and forbidden paths are the account's, whether it is reached by key or OAuth token.
 */

import { type FakeAccount, nextRoll, sleep } from "../accounts.ts";
import { duplicateRecords, inject, maybeHang, wrongShape } from "../extra-faults.ts";
import { json } from "../http-server.ts";
import { OAuthAccountStore } from "../oauth/account-store.ts";
import { createAuthorizationServer } from "../oauth/authorization-server.ts";
import { MOTIVE_AUTHORIZATION_SERVER } from "../oauth/provider-configs.ts";
import { error } from "./respond.ts";
import { route } from "./routes.ts";
import { LOCATION_HISTORY_PATH, MAX_CONCURRENT_HISTORY_REQUESTS } from "./time-series.ts";

/** The zone names Motive documents for `X-Time-Zone` (Rails names), plus UTC. */
const RAILS_TIME_ZONES = new Set([
  "UTC",
  "Atlantic Time (Canada)",
  "Eastern Time (US & Canada)",
  "Indiana (East)",
  "Central Time (US & Canada)",
  "Saskatchewan",
  "Mountain Time (US & Canada)",
  "Arizona",
  "Pacific Time (US & Canada)",
  "Alaska",
  "Hawaii",
]);

type Stats = { requests: number; rateLimited: number; serverErrors: number; malformed: number };

export function createMotiveFake() {
  const accounts = new OAuthAccountStore();
  const oauth = createAuthorizationServer(MOTIVE_AUTHORIZATION_SERVER, accounts);
  accounts.onReset = oauth.forget;
  const forbidden = new Map<string, Set<string>>();
  const stats = new Map<string, Stats>();
  const historyInFlight = new Map<string, number>();
  /** The instant each stopped account's answers are computed at. */
  const clocks = new Map<string, number>();
  const statsOf = (credential: string) => {
    const entry = stats.get(credential) ?? { requests: 0, rateLimited: 0, serverErrors: 0, malformed: 0 };
    stats.set(credential, entry);
    return entry;
  };

  async function motiveControl(request: Request, url: URL): Promise<Response> {
    const match = /^\/__fake\/motive\/accounts\/([^/]+)\/(forbidden|stats|clock)$/.exec(url.pathname);
    const credential = match ? decodeURIComponent(match[1]!) : undefined;
    if (!match || !accounts.get(credential)) return json({ message: "no such account or control" }, 404);
    if (match[2] === "stats") return json(statsOf(credential!));
    const body = (await request.json().catch(() => ({}))) as { paths?: unknown; now?: unknown };
    if (match[2] === "clock") {
      if (typeof body.now === "number") clocks.set(credential!, body.now);
      else clocks.delete(credential!);
      return json({ now: clocks.get(credential!) ?? null });
    }
    const paths = Array.isArray(body.paths) ? body.paths.filter((path) => typeof path === "string") : [];
    forbidden.set(credential!, new Set(paths));
    return json({ paths });
  }

  function authenticate(request: Request): FakeAccount | undefined {
    const apiKey = request.headers.get("x-api-key");
    if (apiKey) return apiKey.startsWith("oauth:") ? undefined : accounts.get(apiKey);
    const bearer = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
    // Bearer is for OAuth access tokens only: a company API key sent that way is refused. A token of
    // the fake authorization server stands for the account that granted it, while it is live.
    if (!bearer?.startsWith("oauth:")) return undefined;
    const granted = oauth.resolveAccessToken(bearer);
    return accounts.get(granted === undefined ? bearer : granted === "dead" ? undefined : granted.credential);
  }

  async function serve(request: Request, url: URL, account: FakeAccount, counters: Stats): Promise<Response> {
    const zone = request.headers.get("x-time-zone");
    if (zone !== null && !RAILS_TIME_ZONES.has(zone)) return error(400, `Invalid time zone: ${zone}`);

    await sleep(account.faults.delayMs);
    if (inject(account, "rateLimit", account.faults.rateLimitRate)) {
      counters.rateLimited++;
      const retryAfter = account.faults.retryAfterSeconds;
      return error(
        429,
        "Too many requests",
        retryAfter === undefined ? {} : { "Retry-After": String(Math.ceil(retryAfter)) },
      );
    }
    if (inject(account, "serverError", account.faults.serverErrorRate)) {
      counters.serverErrors++;
      return error(nextRoll(account) < 0.5 ? 500 : 503, "Internal Server Error");
    }
    await maybeHang(account);
    if (inject(account, "wrongShape", account.faults.wrongShapeRate)) return wrongShape();
    const denied = forbidden.get(account.credential);
    const path = url.pathname.replace(/\.json$/, "");
    // A path with an id is denied with its collection (`/v1/…/{id}` with `/v1/…`) or on its own (`/v1/…/{id}`).
    if (denied?.has(path.replace(/\/\d+$/, "")) || denied?.has(path.replace(/\/\d+$/, "/{id}"))) {
      return error(403, "Forbidden: the API key may not access this resource");
    }

    const metric = (request.headers.get("x-metric-units") ?? "").toLowerCase() === "true";
    const response =
      request.method === "GET"
        ? route({ account, url, metric, now: clocks.get(account.credential) ?? Date.now() })
        : error(405, `${request.method} is not allowed here`);
    if (response.status === 200 && inject(account, "duplicatePage", account.faults.duplicatePageRate)) {
      return json(duplicateRecords(await response.json()));
    }
    if (response.status === 200 && inject(account, "malformed", account.faults.malformedRate)) {
      counters.malformed++;
      const body = await response.text();
      return new Response(body.slice(0, Math.floor(body.length / 2)), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }
    return response;
  }

  return {
    accounts,
    async fetch(request: Request): Promise<Response> {
      const control = await accounts.control(request);
      if (control) return control;
      const url = new URL(request.url);
      const authorizing = await oauth.fetch(request, url);
      if (authorizing) return authorizing;
      if (url.pathname.startsWith("/__fake/motive/")) return motiveControl(request, url);
      if (!/^\/v[13]\//.test(url.pathname)) return error(404, "Not Found");
      const account = authenticate(request);
      if (!account) return error(401, "Unauthorized: invalid or missing API key");
      const counters = statsOf(account.credential);
      counters.requests++;
      // Motive allows at most 10 simultaneous requests for location histories (providers-families.md 2.1).
      const history = LOCATION_HISTORY_PATH.test(url.pathname);
      const running = historyInFlight.get(account.credential) ?? 0;
      if (history && running >= MAX_CONCURRENT_HISTORY_REQUESTS) {
        counters.rateLimited++;
        return error(429, "Too many concurrent requests for vehicle location histories");
      }
      if (history) historyInFlight.set(account.credential, running + 1);
      try {
        return await serve(request, url, account, counters);
      } finally {
        if (history) historyInFlight.set(account.credential, (historyInFlight.get(account.credential) ?? 1) - 1);
      }
    },
  };
}
