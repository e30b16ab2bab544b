/**
 * The fake TN360 API and its identity server on one host (providers-more.md section 7), serving
 * each registered account's canonical fleet (render.ts has the shapes):
 * - auth: `POST /connect/token`, the OpenID Connect resource-owner password grant with the
 *   integrator's client in HTTP Basic (ids.ts; another is 401 `invalid_client`); a refused grant
 *   is a 400 `{"error":"invalid_grant"}`. Tokens expire after `tokenTtlSeconds` or
 *   `tokenTtlCalls` data requests (accounts.ts): 401;
 * - Bearer data calls: `GET /v1/vehicles` (a bare array), `/v1/vehicles/stats?embed=vehicles&
 *   gps=true&last_updated=<ISO>` (the fixes updated since, `last_updated` required),
 *   `/v1/vehicles/{id}/positions?from&to&pruning&limit` (bounds inclusive; 404 for an unknown
 *   vehicle), `/v1/events?types&from&to` wrapped in `{data, meta}`: ignition events `ON`/`OFF`
 *   of each trip (none before it ended), at most 7 days (400 beyond), a day by default, an unknown
 *   type name a 400 `invalid_type_name`; ISO times in the vehicle's local offset, `timeAt` epoch ms;
 * - the account's faults: delay, 429 throttling (`Retry-After` when the fault sets one), 5xx,
 *   hangs, wrong shapes, duplicated records, truncated bodies.
 */
import { type FakeAccount, nextRoll, sleep } from "../accounts.ts";
import { duplicateRecords, inject, maybeHang, wrongShape } from "../extra-faults.ts";
import { vehiclesAt } from "../fleet.ts";
import { json } from "../http-server.ts";
import { breadcrumbsBetween, latestOf, tripsBetween } from "../series.ts";
import { Tn360AccountStore } from "./accounts.ts";
import { canonicalVehicleOf, companyIdOf, FAKE_TN360_CLIENT } from "./ids.ts";
import { renderIgnition, renderPosition, renderStats, renderVehicle } from "./render.ts";

const DEFAULT_TOKEN_TTL_SECONDS = 3600;
const DAY_MS = 86_400_000;
const MAX_EVENTS_MS = 7 * DAY_MS;
/** The type names the events endpoint knows (providers-more.md section 7). */
const EVENT_TYPES = new Set(["ignition", "driver", "speed", "camera", "geofence", "ior", "position", "alarm"]);

type Issued = { credential: string; issuedAt: number; ttlSeconds: number; calls: number };

const problem = (status: number, error: string, message = error) => json({ error, message }, status);

export function createTn360Fake() {
  const accounts = new Tn360AccountStore();
  const tokens = new Map<string, Issued>();
  let serial = 0;
  accounts.onReset = (credential) => {
    for (const [token, issued] of tokens) if (issued.credential === credential) tokens.delete(token);
  };

  async function token(request: Request): Promise<Response> {
    const basic = /^Basic (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    let client = "";
    try {
      client = basic ? atob(basic) : "";
    } catch {
      client = "";
    }
    if (client !== `${FAKE_TN360_CLIENT.id}:${FAKE_TN360_CLIENT.secret}`) return problem(401, "invalid_client");
    const form = new URLSearchParams(await request.text());
    if (form.get("grant_type") !== "password") return problem(400, "unsupported_grant_type");
    const account = accounts.get(`${form.get("username") ?? ""}/${form.get("password") ?? ""}`);
    if (!account) return problem(400, "invalid_grant");
    accounts.statsOf(account.credential).logins++;
    const ttlSeconds = accounts.optionsOf(account.credential).tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
    const access = `tn360-at-${++serial}-${crypto.randomUUID()}`;
    tokens.set(access, { credential: account.credential, issuedAt: Date.now(), ttlSeconds, calls: 0 });
    return json({ access_token: access, expires_in: ttlSeconds, token_type: "Bearer", scope: "openid" });
  }

  function authenticate(request: Request): FakeAccount | Response {
    const bearer = /^Bearer (\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    const issued = bearer ? tokens.get(bearer) : undefined;
    const account = issued ? accounts.get(issued.credential) : undefined;
    if (!issued || !account || !bearer) return problem(401, "unauthorized", "Invalid or expired token");
    const options = accounts.optionsOf(account.credential);
    issued.calls++;
    const expired =
      Date.now() - issued.issuedAt >= issued.ttlSeconds * 1000 ||
      (options.tokenTtlCalls !== undefined && issued.calls > options.tokenTtlCalls);
    if (!expired) return account;
    tokens.delete(bearer);
    accounts.statsOf(account.credential).expiredTokens++;
    return problem(401, "unauthorized", "Invalid or expired token");
  }

  async function serve(url: URL, account: FakeAccount): Promise<Response> {
    const faults = account.faults;
    await sleep(faults.delayMs);
    if (inject(account, "rateLimit", faults.rateLimitRate)) {
      accounts.statsOf(account.credential).throttled++;
      const wait = faults.retryAfterSeconds;
      return json({ error: "too_many_requests" }, 429, wait === undefined ? {} : { "Retry-After": String(wait) });
    }
    if (inject(account, "serverError", faults.serverErrorRate)) {
      return problem(nextRoll(account) < 0.5 ? 500 : 503, "server_error");
    }
    await maybeHang(account);
    if (inject(account, "wrongShape", faults.wrongShapeRate)) return wrongShape();
    const answer = route(url, account);
    if (answer instanceof Response) return answer;
    const body = inject(account, "duplicatePage", faults.duplicatePageRate) ? duplicateRecords(answer) : answer;
    if (inject(account, "malformed", faults.malformedRate)) {
      const text = JSON.stringify(body);
      return new Response(text.slice(0, Math.floor(text.length / 2)), {
        headers: { "content-type": "application/json" },
      });
    }
    return json(body);
  }

  return {
    accounts,
    async fetch(request: Request): Promise<Response> {
      const control = await accounts.control(request);
      if (control) return control;
      const url = new URL(request.url);
      if (url.pathname === "/connect/token" && request.method === "POST") return token(request);
      if (!url.pathname.startsWith("/v1/")) return problem(404, "not_found");
      if (request.method !== "GET") return problem(405, "method_not_allowed");
      const account = authenticate(request);
      if (account instanceof Response) return account;
      const stats = accounts.statsOf(account.credential);
      stats.dataRequests++;
      const pattern = url.pathname.replace(/\/\d+(?=\/|$)/g, "/{id}");
      stats.requests[pattern] = (stats.requests[pattern] ?? 0) + 1;
      return serve(url, account);
    },
  };
}

/** An ISO date-time query parameter in epoch ms (undefined when absent, NaN when unreadable). */
const timeParam = (url: URL, name: string) => {
  const value = url.searchParams.get(name);
  return value === null ? undefined : Date.parse(value);
};

/** The data routes: a JSON body, or the error Response. */
function route(url: URL, account: FakeAccount): unknown {
  const fleet = account.fleet;
  const now = Date.now();
  const vehicles = vehiclesAt(fleet);
  const path = url.pathname.replace(/\/+$/, "");
  if (path === "/v1/vehicles") return vehicles.map(renderVehicle);
  if (path === "/v1/vehicles/stats") {
    const since = timeParam(url, "last_updated");
    if (since === undefined || Number.isNaN(since))
      return problem(400, "invalid_parameter", "last_updated is required");
    return vehicles
      .map((vehicle) => ({ vehicle, latest: latestOf(fleet, vehicle.id, now) }))
      .filter(({ latest }) => latest.time >= since)
      .map(({ vehicle, latest }) => renderStats(vehicle, latest));
  }
  const positions = /^\/v1\/vehicles\/(\d+)\/positions$/.exec(path);
  if (positions) {
    const vehicleId = canonicalVehicleOf(positions[1]!);
    if (!vehicleId || !vehicles.some((vehicle) => vehicle.id === vehicleId)) return problem(404, "not_found");
    const from = timeParam(url, "from") ?? now - DAY_MS;
    const to = timeParam(url, "to") ?? now;
    if (Number.isNaN(from) || Number.isNaN(to) || to < from) return problem(400, "invalid_date_range");
    return breadcrumbsBetween(fleet, vehicleId, from, Math.min(to, now) + 1).map((point) =>
      renderPosition(vehicleId, point),
    );
  }
  if (path === "/v1/events") {
    const types = (url.searchParams.get("types") ?? "").split(",").filter(Boolean);
    const unknown = types.find((type) => !EVENT_TYPES.has(type));
    if (unknown) return problem(400, "invalid_type_name", `Unknown event type ${unknown}`);
    const to = timeParam(url, "to") ?? now;
    const from = timeParam(url, "from") ?? to - DAY_MS;
    if (Number.isNaN(from) || Number.isNaN(to) || to < from) return problem(400, "invalid_date_range");
    if (to - from > MAX_EVENTS_MS) return problem(400, "invalid_date_range", "The range may not exceed 7 days");
    const data =
      types.length > 0 && !types.includes("ignition")
        ? []
        : ignitionEvents(
            account,
            vehicles.map((vehicle) => vehicle.id),
            from,
            Math.min(to, now),
          );
    return { data, meta: { count: data.length } };
  }
  return problem(404, "not_found");
}

/** The ignition events in [from, to] of the trips around it: `ON` at each start, `OFF` at each end. */
function ignitionEvents(account: FakeAccount, vehicleIds: string[], from: number, to: number) {
  const companyId = companyIdOf(account.fleet.seed);
  const events = tripsBetween(account.fleet, vehicleIds, from - DAY_MS, to + 1).flatMap((trip) => [
    ...(trip.startedAt >= from && trip.startedAt <= to ? [renderIgnition(trip, "ON", companyId)] : []),
    ...(trip.endedAt >= from && trip.endedAt <= to ? [renderIgnition(trip, "OFF", companyId)] : []),
  ]);
  return events.sort((a, b) => Number(a.timeAt) - Number(b.timeAt));
}
