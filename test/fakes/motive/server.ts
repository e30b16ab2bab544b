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
import {
  type CanonicalVehicle,
  daysBetween,
  devicesAt,
  driversAt,
  GROUPS,
  safetyEventsBetween,
  vehiclesAt,
} from "../fleet.ts";
import { json } from "../http-server.ts";
import { OAuthAccountStore } from "../oauth/account-store.ts";
import { createAuthorizationServer } from "../oauth/authorization-server.ts";
import { MOTIVE_AUTHORIZATION_SERVER } from "../oauth/provider-configs.ts";
import { assetLocations, assets, faultCodes } from "./assets.ts";
import { availableTime } from "./available-time.ts";
import { logPdf } from "./documents.ts";
import { hosLogs } from "./hos.ts";
import { eventKey, MOTIVE_EVENT_TYPES, motiveIds, vehicleIsMetric } from "./ids.ts";
import { iftaTrips } from "./ifta.ts";
import {
  renderAdmin,
  renderCompany,
  renderDriver,
  renderEldDevice,
  renderEvent,
  renderGroup,
  renderRollup,
  renderVehicle,
  vehicleReference,
} from "./render.ts";
import { type Context, DAY_MS, dateRange, error, idsParam, type Json, nextDay, page } from "./respond.ts";
import {
  drivingPeriods,
  LOCATION_HISTORY_PATH,
  liveLocations,
  locationHistory,
  MAX_CONCURRENT_HISTORY_REQUESTS,
} from "./time-series.ts";

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

function route(context: Context): Response {
  const { url } = context;
  const path = url.pathname.replace(/\.json$/, "");
  const event = /^\/v1\/driver_performance_events\/(\d+)$/.exec(path);
  if (event) return oneEvent(context, Number(event[1]));
  const history = /^\/v3\/vehicle_locations\/(\d+)$/.exec(path);
  if (history) return locationHistory(context, Number(history[1]));
  const pdf = /^\/v1\/logs\/(\d+)\/pdf$/.exec(path);
  if (pdf) return logPdf(Number(pdf[1]));
  switch (path) {
    case "/v1/companies":
      return page(url, "companies", "company", [renderCompany(context.account)]);
    case "/v1/users":
      return users(context);
    case "/v1/groups": {
      const companyId = motiveIds.company(context.account.credential);
      return page(
        url,
        "groups",
        "group",
        GROUPS.map((group) => renderGroup(group, companyId)),
      );
    }
    case "/v1/vehicles":
      return vehicles(context);
    case "/v1/eld_devices":
      return eldDevices(context);
    case "/v1/vehicle_utilization":
      return utilization(context);
    case "/v1/ifta/trips":
      return iftaTrips(context);
    case "/v1/driver_performance_events":
      return events(context);
    case "/v3/vehicle_locations":
      return liveLocations(context);
    case "/v1/driving_periods":
      return drivingPeriods(context);
    case "/v1/logs":
      return hosLogs(context);
    case "/v1/available_time":
      return availableTime(context);
    case "/v1/assets":
      return assets(context);
    case "/v1/asset_locations":
      return assetLocations(context);
    case "/v1/fault_codes":
      return faultCodes(context);
    default:
      return error(404, "Not Found");
  }
}

function users({ account, url }: Context): Response {
  const role = url.searchParams.get("role");
  const status = url.searchParams.get("status");
  const all = [renderAdmin(account), ...driversAt(account.fleet).map(renderDriver)].filter(
    (user) => (!role || user.role === role) && (!status || user.status === status),
  );
  return page(url, "users", "user", all);
}

function trackersByVehicle(context: Context) {
  return new Map(
    devicesAt(context.account.fleet)
      .filter((device) => device.type === "tracker")
      .map((device) => [device.vehicleId, device]),
  );
}

function vehicles(context: Context): Response {
  const companyId = motiveIds.company(context.account.credential);
  const trackers = trackersByVehicle(context);
  const status = context.url.searchParams.get("status");
  const all = vehiclesAt(context.account.fleet)
    .map((vehicle) => renderVehicle(vehicle, companyId, trackers.get(vehicle.id)))
    .filter((vehicle) => !status || vehicle.status === status);
  return page(context.url, "vehicles", "vehicle", all);
}

/** The vehicle gateways; Motive's dashcams are not ELDs, so canonical cameras are not listed. */
function eldDevices(context: Context): Response {
  const filter = idsParam(context.url, "vehicle_ids");
  const byId = new Map(vehiclesAt(context.account.fleet).map((vehicle) => [vehicle.id, vehicle]));
  const all = devicesAt(context.account.fleet)
    .filter((device) => device.type === "tracker")
    .filter((device) => !filter || filter.has(motiveIds.vehicle(device.vehicleId)))
    .map((device) => {
      const vehicle = byId.get(device.vehicleId);
      return {
        ...renderEldDevice(device),
        vehicle: vehicle ? vehicleReference(vehicle, vehicleIsMetric(vehicle.id)) : null,
      };
    });
  return page(context.url, "eld_devices", "eld_device", all);
}

function selectedVehicles(context: Context): CanonicalVehicle[] {
  const filter = idsParam(context.url, "vehicle_ids");
  return vehiclesAt(context.account.fleet).filter((vehicle) => !filter || filter.has(motiveIds.vehicle(vehicle.id)));
}

/** Rollups over the inclusive date range, one per vehicle that was active in it. */
function utilization(context: Context): Response {
  const range = dateRange(context.url);
  if (range instanceof Response) return range;
  const days = daysBetween(context.account.fleet, range.from, nextDay(range.to));
  const all = selectedVehicles(context)
    .map((vehicle) => ({ vehicle, days: days.filter((day) => day.vehicleId === vehicle.id) }))
    .filter(({ days: active }) => active.length > 0)
    .map(({ vehicle, days: active }) => renderRollup(vehicle, active, context.metric));
  return page(context.url, "vehicle_idle_rollups", "vehicle_idle_rollup", all);
}

/** Canonical events of [from, to) that Motive has as driver performance events, rendered. */
function eventsBetween(context: Context, from: number, to: number, withMedia: boolean) {
  const fleet = context.account.fleet;
  const vehicleById = new Map(vehiclesAt(fleet).map((vehicle) => [vehicle.id, vehicle]));
  const driverById = new Map(driversAt(fleet).map((driver) => [driver.id, driver]));
  const trackers = trackersByVehicle(context);
  const companyId = motiveIds.company(context.account.credential);
  return safetyEventsBetween(fleet, from, to)
    .filter((event) => MOTIVE_EVENT_TYPES[event.type] !== undefined && vehicleById.has(event.vehicleId))
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt) || motiveIds.event(a) - motiveIds.event(b))
    .map((event) =>
      renderEvent(event, {
        vehicle: vehicleById.get(event.vehicleId)!,
        driver: driverById.get(event.driverId),
        tracker: trackers.get(event.vehicleId),
        companyId,
        withMedia,
        now: context.now,
      }),
    );
}

function events(context: Context): Response {
  const range = dateRange(context.url);
  if (range instanceof Response) return range;
  const { url } = context;
  const vehicleIds = idsParam(url, "vehicle_ids");
  const driverIds = idsParam(url, "driver_ids");
  const types = new Set([...url.searchParams.getAll("types[]"), ...url.searchParams.getAll("types")]);
  const withMedia = url.searchParams.get("media_required") === "true";
  const all = eventsBetween(
    context,
    Date.parse(`${range.from}T00:00:00Z`),
    Date.parse(`${nextDay(range.to)}T00:00:00Z`),
    withMedia,
  ).filter(
    (event) =>
      (!vehicleIds || vehicleIds.has((event.vehicle as Json).id as number)) &&
      (!driverIds || driverIds.has((event.driver as Json | null)?.id as number)) &&
      (!types.size || types.has(event.type as string)),
  );
  return page(url, "driver_performance_events", "driver_performance_event", all);
}

/** `GET /v1/driver_performance_events/{id}`: `{ "driver_performance_event": {…} }`, its media links fresh. */
function oneEvent(context: Context, id: number): Response {
  const { date } = eventKey(id);
  const day = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(day)) return error(404, "Driver performance event not found");
  const withMedia = context.url.searchParams.get("media_required") === "true";
  const found = eventsBetween(context, day, day + DAY_MS, withMedia).find((event) => event.id === id);
  return found ? json({ driver_performance_event: found }) : error(404, "Driver performance event not found");
}
