/**
 * The fake Verizon Connect Reveal REST API (providers-more.md section 1 and the fidelity
 * checklist of section 11), serving each registered account's canonical fleet:
 * - auth: `GET /token` with HTTP Basic (`<username>:<password>`, the account's credential
 *   `<username>/<password>`) answers a `text/plain` token (quoted with `quotedToken`); data calls
 *   need `Authorization: Atmosphere atmosphere_app_id=<AppId>, Bearer <token>` with the one app id
 *   the fake knows (ids.ts; another is a 403). Tokens expire after 20 minutes (`tokenTtlSeconds`)
 *   or `tokenTtlCalls` data requests: 401, or the 400 `The provided token has an invalid format.`;
 * - PascalCase bare arrays: vehicles, drivers wrapped `{ Driver, Links }`; the bulk location
 *   `POST` answered per vehicle (`StatusCode`, `ContentResource.Value`); the history's `UpdateUtc`;
 *   private points and locations (`IsPrivate`); each vehicle's DTC history (its last 30 days); segments of the 24 h from `startdateutc`, the
 *   one running now `IsComplete: false` with its end null; dates `YYYY-MM-DDTHH:mm:ss` UTC
 *   (a date with a zone or milliseconds is a 400);
 * - the endpoints the adapter does not read, for fidelity: ./extras.ts (ECM's `EngineMintutes`,
 *   users `{ user, _links }`, single vehicles, drivers, locations, statuses, active DTCs);
 * - the account's faults: delay, throttling as a 429 or a 403 with `X-Mashery-Error-Code:
 *   ERR_403_DEVELOPER_OVER_QPS` (alternately; `Retry-After` only when the fault sets one), 5xx,
 *   hangs, wrong shapes, duplicated elements, truncated JSON bodies.
 */
import { type FakeAccount, nextRoll, sleep } from "../accounts.ts";
import { duplicateRecords, inject, maybeHang, wrongShape } from "../extra-faults.ts";
import { faultsBetween } from "../faults.ts";
import { driversAt, vehiclesAt } from "../fleet.ts";
import { json } from "../http-server.ts";
import { breadcrumbsBetween, latestOf, tripsOfDay } from "../series.ts";
import { VerizonAccountStore } from "./accounts.ts";
import { extraRoute } from "./extras.ts";
import { FAKE_VERIZON_APP_ID, vehicleIdOf } from "./ids.ts";
import {
  newToken,
  renderDriver,
  renderDtcHistory,
  renderHistoryPoint,
  renderLocation,
  renderSegmentGroups,
  renderVehicle,
} from "./render.ts";

const DAY_MS = 86_400_000;
const DEFAULT_TOKEN_TTL_SECONDS = 20 * 60;
/** How far back a vehicle's DTC history goes in the fake (Verizon documents no limit). */
const DTC_HISTORY_DAYS = 30;
const VERIZON_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

type Issued = { credential: string; issuedAt: number; calls: number };

const message = (status: number, text: string, headers: Record<string, string> = {}) =>
  json({ Message: text }, status, headers);

export function createVerizonFake() {
  const accounts = new VerizonAccountStore();
  const tokens = new Map<string, Issued>();
  accounts.onReset = (credential) => {
    for (const [token, issued] of tokens) if (issued.credential === credential) tokens.delete(token);
  };

  function issueToken(request: Request): Response {
    const basic = /^Basic (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    let decoded = "";
    try {
      // The UTF-8 bytes of `<username>:<password>`, base64.
      decoded = basic ? new TextDecoder().decode(Uint8Array.from(atob(basic), (char) => char.charCodeAt(0))) : "";
    } catch {
      decoded = "";
    }
    const colon = decoded.indexOf(":");
    const credential = colon < 0 ? undefined : `${decoded.slice(0, colon)}/${decoded.slice(colon + 1)}`;
    const account = accounts.get(credential);
    if (!account) return message(401, "Authorization has been denied for this request.");
    const stats = accounts.statsOf(account.credential);
    stats.tokensIssued++;
    const token = newToken(account.credential, stats.tokensIssued);
    tokens.set(token, { credential: account.credential, issuedAt: Date.now(), calls: 0 });
    const body = accounts.optionsOf(account.credential).quotedToken ? `"${token}"` : token;
    return new Response(body, { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
  }

  /** The account of a data call, or the answer refusing it. */
  function authenticate(request: Request): FakeAccount | Response {
    const header = request.headers.get("authorization") ?? "";
    const match = /^Atmosphere\s+atmosphere_app_id=([^,\s]+)\s*,\s*Bearer\s+(\S+)$/i.exec(header);
    if (!match) return message(401, "Authorization has been denied for this request.");
    if (match[1] !== FAKE_VERIZON_APP_ID) {
      return message(403, "Developer Inactive", { "X-Mashery-Error-Code": "ERR_403_DEVELOPER_INACTIVE" });
    }
    const issued = tokens.get(match[2]!);
    const account = issued ? accounts.get(issued.credential) : undefined;
    if (!issued || !account) return message(401, "Authorization has been denied for this request.");
    const options = accounts.optionsOf(account.credential);
    issued.calls++;
    const ttlMs = (options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS) * 1000;
    const expired =
      Date.now() - issued.issuedAt >= ttlMs ||
      (options.tokenTtlCalls !== undefined && issued.calls > options.tokenTtlCalls);
    if (!expired) return account;
    tokens.delete(match[2]!);
    accounts.statsOf(account.credential).expiredTokens++;
    return options.expiredTokenStatus === 400
      ? new Response("The provided token has an invalid format.", {
          status: 400,
          headers: { "content-type": "text/plain" },
        })
      : message(401, "Authorization has been denied for this request.");
  }

  async function serve(request: Request, url: URL, account: FakeAccount): Promise<Response> {
    const stats = accounts.statsOf(account.credential);
    await sleep(account.faults.delayMs);
    if (inject(account, "rateLimit", account.faults.rateLimitRate)) {
      stats.throttled++;
      const retryAfter = account.faults.retryAfterSeconds;
      const headers: Record<string, string> =
        retryAfter === undefined ? {} : { "Retry-After": String(Math.ceil(retryAfter)) };
      // Mashery refuses bursts with a 403 and its error code, or a 429 [OBS]: both, by turns.
      return stats.throttled % 2 === 0
        ? message(403, "Account Over Queries Per Second Limit", {
            ...headers,
            "X-Mashery-Error-Code": "ERR_403_DEVELOPER_OVER_QPS",
          })
        : message(429, "Too Many Requests", { ...headers, "X-Mashery-Error-Code": "ERR_429_DEVELOPER_OVER_RATE" });
    }
    if (inject(account, "serverError", account.faults.serverErrorRate)) {
      return message(nextRoll(account) < 0.5 ? 500 : 503, "An error has occurred.");
    }
    await maybeHang(account);
    if (inject(account, "wrongShape", account.faults.wrongShapeRate)) return wrongShape();
    const response = await route(request, url, account);
    if (response.status === 200 && inject(account, "duplicatePage", account.faults.duplicatePageRate)) {
      return json(duplicateRecords(await response.json()));
    }
    if (response.status === 200 && inject(account, "malformed", account.faults.malformedRate)) {
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
      if (url.pathname === "/token" && request.method === "GET") return issueToken(request);
      if (!/^\/(cmd|rad)\/v1\//.test(url.pathname))
        return message(404, "No HTTP resource was found that matches the request URI.");
      const account = authenticate(request);
      if (account instanceof Response) return account;
      const stats = accounts.statsOf(account.credential);
      stats.dataRequests++;
      const pattern = url.pathname.replace(
        /\/vehicles\/[^/]+\/(status|segments|location|getdtchistorybyvehiclenumber)/,
        "/vehicles/{n}/$1",
      );
      stats.requests[pattern] = (stats.requests[pattern] ?? 0) + 1;
      return serve(request, url, account);
    },
  };
}

async function route(request: Request, url: URL, account: FakeAccount): Promise<Response> {
  const fleet = account.fleet;
  const now = Date.now();
  const path = url.pathname;
  if (request.method === "GET" && path === "/cmd/v1/vehicles") return json(vehiclesAt(fleet).map(renderVehicle));
  if (request.method === "GET" && path === "/cmd/v1/drivers") {
    return json(driversAt(fleet).map((driver) => renderDriver(driver, url.origin)));
  }
  if (path === "/rad/v1/vehicles/locations") {
    if (request.method !== "POST") return message(405, "The requested resource does not support this method.");
    const asked = (await request.json().catch(() => undefined)) as unknown;
    if (!Array.isArray(asked) || asked.some((number) => typeof number !== "string")) {
      return message(400, "The request body must be an array of vehicle numbers.");
    }
    const known = new Set(vehiclesAt(fleet).map((vehicle) => vehicle.id));
    return json(
      (asked as string[]).map((number) => {
        const vehicleId = vehicleIdOf(number);
        if (!vehicleId || !known.has(vehicleId))
          return { VehicleNumber: number, StatusCode: 404, ContentResource: null };
        const latest = latestOf(fleet, vehicleId, now);
        const previous = breadcrumbsBetween(fleet, vehicleId, latest.time - 60_000, latest.time).at(-1);
        return {
          VehicleNumber: number,
          StatusCode: 200,
          ContentResource: { Value: renderLocation(latest, previous), StatusCode: 200 },
        };
      }),
    );
  }
  const extra = extraRoute(request, url, fleet, now);
  if (extra) return extra;
  const perVehicle = /^\/rad\/v1\/vehicles\/([^/]+)\/(status\/history|segments|getdtchistorybyvehiclenumber)$/.exec(
    path,
  );
  if (request.method !== "GET" || !perVehicle)
    return message(404, "No HTTP resource was found that matches the request URI.");
  const vehicleId = vehicleIdOf(decodeURIComponent(perVehicle[1]!));
  const vehicle = vehiclesAt(fleet).find((candidate) => candidate.id === vehicleId);
  if (!vehicle) return message(404, "Vehicle not found.");
  if (perVehicle[2] === "getdtchistorybyvehiclenumber") {
    const faults = faultsBetween(fleet, now - DTC_HISTORY_DAYS * DAY_MS, now + 1, now);
    return json(
      renderDtcHistory(
        vehicle,
        faults.filter((fault) => fault.vehicleId === vehicle.id),
      ),
    );
  }
  const drivers = new Map(driversAt(fleet).map((driver) => [driver.id, driver]));
  if (perVehicle[2] === "segments") {
    const start = dateParam(url, "startdateutc");
    if (typeof start !== "number") return start;
    if (start > now) return message(400, "The start date cannot be in the future.");
    const trips = [Math.floor(start / DAY_MS), Math.floor(start / DAY_MS) + 1]
      .flatMap((day) => tripsOfDay(fleet, vehicle.id, day))
      .filter((trip) => trip.startedAt >= start && trip.startedAt < start + DAY_MS && trip.startedAt <= now);
    return json(trips.length === 0 ? [] : renderSegmentGroups(vehicle, trips, drivers, now));
  }
  const from = dateParam(url, "startdatetimeutc");
  if (typeof from !== "number") return from;
  const to = dateParam(url, "enddatetimeutc");
  if (typeof to !== "number") return to;
  if (to < from) return message(400, "The end date must be after the start date.");
  const points = [];
  for (let day = Math.floor(from / DAY_MS); day * DAY_MS <= to; day++) {
    for (const trip of tripsOfDay(fleet, vehicle.id, day)) {
      for (const point of trip.points) {
        if (point.time < from || point.time > to || point.time > now) continue;
        points.push(renderHistoryPoint(vehicle, trip, point, trip.driverId ? drivers.get(trip.driverId) : undefined));
      }
    }
  }
  return json(points);
}

/** A required date parameter in Verizon's format (UTC, no zone, no milliseconds), or the 400 refusing it. */
function dateParam(url: URL, name: string): number | Response {
  const value = url.searchParams.get(name);
  if (value === null) return message(400, `The ${name} parameter is required.`);
  if (!VERIZON_DATE.test(value))
    return message(400, `The ${name} parameter is not a valid date (yyyy-MM-ddTHH:mm:ss).`);
  return Date.parse(`${value}Z`);
}
