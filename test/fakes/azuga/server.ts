/**
 * The fake Azuga v3 OAuth API (providers-more.md §5 and the checklist of §11), serving each
 * registered account's canonical fleet (render.ts has the shapes), all hosts on one server:
 * - `POST /azuga-as/oauth2/login/oauthtoken.json?loginType=1` `{ userName, password, clientId }`
 *   → `data: { access_token, token_type, expires_in: 15552000 }`; the account's credential is
 *   `userName/password`; any non-empty client id is accepted; a wrong login is a 401;
 * - data calls need `Authorization: Bearer <token>`; unknown or expired tokens answer 401;
 * - POST-only: a GET of a data endpoint is a 400;
 * - `{ generatedAtInMillis, data, error }`: `error` null on the v3 lists, `[]` on the reports;
 * - `/azuga-ws-oauth/v3/trackees[.json]` and `/users[.json]?userType=driver` by `limit`/`offset`;
 *   `/vehicles/latestlocation` whole; `/reports/v3/reports/{trip|breadcrumb}` with `startDate`,
 *   `endDate` (ISO), `browserTimezone` (required), `index` (page number) and `size` (≤ 5000),
 *   oldest first, `data: { result, totalCount }`; trips only once finished;
 * - the quota: each endpoint answers 429 once an account made `quotaPerMinute` calls to it in
 *   the last 60 s (default 1, the documented "1 request per minute per API call"), the text saying
 *   the seconds to wait;
 * - the shared faults (../accounts.ts): delay, 429, 500, hangs, truncated and wrong-shape bodies,
 *   duplicated records.
 *
 * Azuga-only account settings, in the `POST /__fake/accounts` body: `quotaPerMinute`, and
 * `tokenTtlCalls` (a token expires after that many data calls). `GET
 * /__fake/azuga/accounts/<credential>/stats`: logins, expired tokens, throttled calls, calls by endpoint.
 */
import { AccountStore, type FakeAccount, sleep } from "../accounts.ts";
import { duplicateRecords, inject, maybeHang, wrongShape } from "../extra-faults.ts";
import { json } from "../http-server.ts";
import { breadcrumbsBetween, latestOf, tripsBetween } from "../series.ts";
import {
  listedDriver,
  listedDrivers,
  listedVehicles,
  renderBreadcrumb,
  renderLatest,
  renderTrackee,
  renderTripRow,
  renderUser,
} from "./render.ts";

const LOGIN = "/azuga-as/oauth2/login/oauthtoken.json";
const V3 = "/azuga-ws-oauth/v3";
const REPORTS = "/reports/v3/reports";
const TOKEN_LIFE_SECONDS = 15_552_000;
const DEFAULT_QUOTA_PER_MINUTE = 1;

type Options = { quotaPerMinute?: number; tokenTtlCalls?: number };
type Stats = { logins: number; expiredTokens: number; throttled: number; calls: Record<string, number> };
type Answer =
  | { data: unknown; error?: null | [] }
  | { status: number; message: string; headers?: Record<string, string> };

class AzugaError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function createAzugaFake() {
  const accounts = new AccountStore();
  const options = new Map<string, Options>();
  const tokens = new Map<string, { credential: string; calls: number }>();
  const stats = new Map<string, Stats>();
  /** Call times per `credential|endpoint`, for the quota. */
  const calls = new Map<string, number[]>();
  const statsOf = (credential: string) => {
    let entry = stats.get(credential);
    if (!entry) {
      entry = { logins: 0, expiredTokens: 0, throttled: 0, calls: {} };
      stats.set(credential, entry);
    }
    return entry;
  };

  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const control = await controls(request, url);
    if (control) return control;
    if (url.pathname === LOGIN) {
      if (request.method !== "POST") return envelope({ status: 400, message: "Request method 'GET' not supported" });
      return envelope(login((await request.json().catch(() => ({}))) as Record<string, unknown>));
    }
    const endpoint = endpointOf(url.pathname);
    if (!endpoint) return envelope({ status: 404, message: `No endpoint ${url.pathname}` });
    const bearer = /^Bearer (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    const session = bearer ? tokens.get(bearer) : undefined;
    const account = session ? accounts.get(session.credential) : undefined;
    if (!session || !account) return envelope({ status: 401, message: "Unauthorized: invalid access token" });
    if (request.method !== "POST") return envelope({ status: 400, message: "Request method 'GET' not supported" });
    const ttl = options.get(session.credential)?.tokenTtlCalls;
    session.calls++;
    if (ttl !== undefined && session.calls > ttl) {
      tokens.delete(bearer!);
      statsOf(session.credential).expiredTokens++;
      return envelope({ status: 401, message: "Unauthorized: access token expired" });
    }
    const stat = statsOf(account.credential);
    stat.calls[endpoint] = (stat.calls[endpoint] ?? 0) + 1;
    const wait = spendQuota(account, endpoint);
    if (wait !== undefined) {
      stat.throttled++;
      return envelope({
        status: 429,
        message: `Rate limit exceeded: 1 request per minute per API. Retry after ${wait} seconds.`,
      });
    }
    const faults = account.faults;
    await sleep(faults.delayMs);
    if (inject(account, "rateLimit", faults.rateLimitRate)) {
      const seconds = faults.retryAfterSeconds ?? 1;
      return envelope({ status: 429, message: `Too many requests. Retry after ${seconds} seconds.` });
    }
    if (inject(account, "serverError", faults.serverErrorRate)) {
      return envelope({ status: 500, message: "Internal Server Error" });
    }
    await maybeHang(account);
    if (inject(account, "wrongShape", faults.wrongShapeRate)) return wrongShape({ unexpected: "shape" });
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    let answer: Answer;
    try {
      answer = dispatch(account, endpoint, url.searchParams, body);
    } catch (error) {
      if (error instanceof AzugaError) return envelope({ status: error.status, message: error.message });
      throw error;
    }
    if ("data" in answer && inject(account, "duplicatePage", faults.duplicatePageRate)) {
      answer = { ...answer, data: duplicateRecords(answer.data) };
    }
    const response = envelope(answer);
    if (inject(account, "malformed", faults.malformedRate)) {
      const text = await response.text();
      return new Response(text.slice(0, Math.floor(text.length / 2)), { status: 200, headers: response.headers });
    }
    return response;
  }

  function endpointOf(path: string): string | undefined {
    if (path.startsWith(`${V3}/`)) {
      const rest = path.slice(V3.length).replace(/\.json$/, "");
      return ["/trackees", "/users", "/vehicles/latestlocation"].includes(rest) ? rest : undefined;
    }
    if (path.startsWith(`${REPORTS}/`)) {
      const rest = path.slice(REPORTS.length);
      return ["/trip", "/breadcrumb"].includes(rest) ? `report${rest}` : undefined;
    }
    return undefined;
  }

  /** Seconds to wait when the endpoint's quota is spent (the call is not counted), else undefined. */
  function spendQuota(account: FakeAccount, endpoint: string): number | undefined {
    const perMinute = options.get(account.credential)?.quotaPerMinute ?? DEFAULT_QUOTA_PER_MINUTE;
    const key = `${account.credential}|${endpoint}`;
    const now = Date.now();
    const recent = (calls.get(key) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= perMinute) {
      calls.set(key, recent);
      return Math.max(1, Math.ceil((recent[0]! + 60_000 - now) / 1000));
    }
    recent.push(now);
    calls.set(key, recent);
    return undefined;
  }

  function login(body: Record<string, unknown>): Answer {
    const credential = `${String(body.userName ?? "")}/${String(body.password ?? "")}`;
    if (!body.clientId || typeof body.clientId !== "string") return { status: 401, message: "Invalid client id" };
    if (!accounts.get(credential)) return { status: 401, message: "Invalid username or password" };
    const token = crypto.randomUUID();
    tokens.set(token, { credential, calls: 0 });
    statsOf(credential).logins++;
    return {
      data: { access_token: token, token_type: "bearer", expires_in: TOKEN_LIFE_SECONDS, scope: "read write" },
      error: null,
    };
  }

  function dispatch(
    account: FakeAccount,
    endpoint: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): Answer {
    const fleet = account.fleet;
    const now = Date.now();
    const vehicles = listedVehicles(fleet);
    const drivers = new Map<string, ReturnType<typeof listedDriver>>();
    const driverOf = (vehicleId: string) => {
      if (!drivers.has(vehicleId))
        drivers.set(vehicleId, listedDriver(fleet, latestOf(fleet, vehicleId, now).driverId));
      return drivers.get(vehicleId);
    };
    if (endpoint === "/trackees" || endpoint === "/users") {
      const limit = Number(query.get("limit") ?? 50);
      const offset = Number(query.get("offset") ?? 0);
      if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(offset) || offset < 0) {
        throw new AzugaError(400, "limit and offset must be non-negative integers");
      }
      const rows =
        endpoint === "/trackees"
          ? vehicles.map((vehicle) => renderTrackee(vehicle, latestOf(fleet, vehicle.id, now), driverOf(vehicle.id)))
          : query.get("userType") === "driver"
            ? listedDrivers(fleet).map(renderUser)
            : [];
      return { data: rows.slice(offset, offset + limit), error: null };
    }
    if (endpoint === "/vehicles/latestlocation") {
      const names = typeof body.trackeeNames === "string" ? body.trackeeNames.split(",") : undefined;
      const rows = vehicles
        .filter((vehicle) => !names || names.includes(vehicle.name))
        .map((vehicle) => renderLatest(vehicle, latestOf(fleet, vehicle.id, now), driverOf(vehicle.id)));
      return { data: rows, error: null };
    }
    const start = Date.parse(String(body.startDate ?? ""));
    const end = Date.parse(String(body.endDate ?? ""));
    const index = Number(body.index ?? 0);
    const size = Number(body.size ?? 100);
    if (Number.isNaN(start) || Number.isNaN(end) || end < start || !body.browserTimezone) {
      throw new AzugaError(400, "startDate, endDate and browserTimezone are required");
    }
    if (!Number.isInteger(index) || index < 0 || !Number.isInteger(size) || size < 1 || size > 5000) {
      throw new AzugaError(400, "index must be >= 0 and size between 1 and 5000");
    }
    const byId = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
    let rows: Record<string, unknown>[];
    if (endpoint === "report/trip") {
      rows = tripsBetween(fleet, [...byId.keys()], start, end)
        .filter((trip) => trip.endedAt <= now)
        .sort((a, b) => a.startedAt - b.startedAt || a.vehicleId.localeCompare(b.vehicleId))
        .map((trip) => renderTripRow(byId.get(trip.vehicleId)!, trip, driverOf(trip.vehicleId)));
    } else {
      rows = vehicles
        .flatMap((vehicle) =>
          breadcrumbsBetween(fleet, vehicle.id, start, Math.min(end, now + 1)).map((point) =>
            renderBreadcrumb(vehicle, point, driverOf(vehicle.id)),
          ),
        )
        .sort((a, b) => a.eventTime - b.eventTime || a.vehicleId.localeCompare(b.vehicleId));
    }
    return { data: { result: rows.slice(index * size, (index + 1) * size), totalCount: rows.length }, error: [] };
  }

  function envelope(answer: Answer): Response {
    const generatedAtInMillis = Date.now();
    if ("data" in answer) return json({ generatedAtInMillis, data: answer.data, error: answer.error ?? null });
    return json(
      { generatedAtInMillis, data: null, error: [{ code: answer.status, message: answer.message }] },
      answer.status,
      answer.headers ?? {},
    );
  }

  async function controls(request: Request, url: URL): Promise<Response | undefined> {
    const own = /^\/__fake\/azuga\/accounts\/([^/]+)\/stats$/.exec(url.pathname);
    if (own) return json(statsOf(decodeURIComponent(own[1]!)));
    if (request.method === "POST" && url.pathname === "/__fake/accounts") {
      const body = (await request
        .clone()
        .json()
        .catch(() => ({}))) as Options & { credential?: string };
      const response = await accounts.control(request);
      if (response && response.status < 300 && body.credential) {
        options.set(body.credential, {
          ...(body.quotaPerMinute !== undefined ? { quotaPerMinute: body.quotaPerMinute } : {}),
          ...(body.tokenTtlCalls !== undefined ? { tokenTtlCalls: body.tokenTtlCalls } : {}),
        });
        stats.delete(body.credential);
        for (const key of calls.keys()) if (key.startsWith(`${body.credential}|`)) calls.delete(key);
      }
      return response;
    }
    return accounts.control(request);
  }

  return { fetch };
}
