/**
 * The fake GPS Insight API v2 (providers-more.md §4 and the fidelity checklist of §11), serving
 * each registered account's canonical fleet at its revision (render.ts has the shapes):
 * - `GET [/v2]/{class}/{method}[/json|/xjson]`; other formats are not served by the fake;
 * - `userauth/login?username&password` → `data: { token }`; the account's credential is
 *   `username/password`; a wrong login is an ERROR answer with code 401;
 * - every other call needs `session_token`: unknown, logged-out or expired tokens answer ERROR
 *   `{ code: 403, message: "Forbidden (session does not exist)" }` with HTTP 200 (whether GPS
 *   Insight sends a non-200 status is unverified; the envelope is what the adapter must read);
 * - `{ head: { status, method, context, request_time, session_start, request_count }, errors, data }`;
 * - `vehicle/listvehiclegroups`: `ALL VEHICLES` and the vehicle's canonical group (numeric ids);
 * - no paging: whole lists; `vehicle/history` by `start`/`end` (`M/D/YYYY HH:MM:SS`, inclusive)
 *   or `date` (`M/D/YYYY`), `vehicle/tripdetail` by `date`, all account-local (MST);
 * - the shared faults (../accounts.ts): delay, 429 with Retry-After and an ERROR envelope
 *   (GPS Insight documents no throttle: an assumption), 500, hangs, truncated and wrong-shape
 *   bodies, duplicated records.
 *
 * GPS Insight-only controls, beside `/__fake/accounts`:
 * - `PUT /__fake/gps-insight/accounts/<credential>/sessions` `{ ttlCalls?, ttlMs? }`: a session
 *   expires after that many data calls, or that long after login;
 * - `GET /__fake/gps-insight/accounts/<credential>/stats`: logins, expired sessions, calls by method.
 */
import { AccountStore, type FakeAccount, sleep } from "../accounts.ts";
import { duplicateRecords, inject, maybeHang, wrongShape } from "../extra-faults.ts";
import { GROUPS } from "../fleet.ts";
import { json } from "../http-server.ts";
import { breadcrumbsBetween, latestOf, tripsOfDay } from "../series.ts";
import {
  gpsiIds,
  listedDrivers,
  listedVehicles,
  localDayBounds,
  parseLocalParam,
  renderDriver,
  renderHistoryPoint,
  renderLatest,
  renderTripRow,
  renderVehicle,
  renderVehicleGroups,
  tripDateTime,
} from "./render.ts";

const DAY_MS = 86_400_000;
type Session = { credential: string; calls: number; startedAt: number };
type SessionPolicy = { ttlCalls?: number; ttlMs?: number };
type Stats = { logins: number; expiredSessions: number; calls: Record<string, number> };
type Answer =
  | { data: unknown }
  | { error: { code: number; message: string }; status?: number; headers?: Record<string, string> };

export function createGpsInsightFake() {
  const accounts = new AccountStore();
  const sessions = new Map<string, Session>();
  const policies = new Map<string, SessionPolicy>();
  const stats = new Map<string, Stats>();
  const statsOf = (credential: string) => {
    let entry = stats.get(credential);
    if (!entry) {
      entry = { logins: 0, expiredSessions: 0, calls: {} };
      stats.set(credential, entry);
    }
    return entry;
  };

  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const control = await controls(request, url);
    if (control) return control;
    const parts = url.pathname
      .replace(/^\/v2(?=\/)/, "")
      .split("/")
      .filter(Boolean);
    const [klass, method, format = "json"] = parts;
    if (!klass || !method || parts.length > 3)
      return envelope("unknown", { error: { code: 404, message: "Not Found" } });
    const name = `${klass}/${method}`.toLowerCase();
    if (format !== "json" && format !== "xjson") {
      return new Response(`The fake serves json and xjson only, not ${format}.`, { status: 501 });
    }
    const params = url.searchParams;
    if (name === "userauth/login") return envelope(name, login(params), format);
    const session = sessions.get(params.get("session_token") ?? "");
    const account = session ? accounts.get(session.credential) : undefined;
    if (!session || !account) return envelope(name, sessionGone(), format);
    const policy = policies.get(session.credential) ?? {};
    session.calls++;
    if (
      (policy.ttlCalls !== undefined && session.calls > policy.ttlCalls) ||
      (policy.ttlMs !== undefined && Date.now() - session.startedAt > policy.ttlMs)
    ) {
      sessions.delete(params.get("session_token") ?? "");
      statsOf(session.credential).expiredSessions++;
      return envelope(name, sessionGone(), format);
    }
    if (name === "userauth/logout") {
      sessions.delete(params.get("session_token") ?? "");
      return envelope(name, { data: [] }, format);
    }
    const counted = statsOf(session.credential).calls;
    counted[name] = (counted[name] ?? 0) + 1;
    const faults = account.faults;
    await sleep(faults.delayMs);
    if (inject(account, "rateLimit", faults.rateLimitRate)) {
      return envelope(name, {
        error: { code: 429, message: "Too Many Requests" },
        status: 429,
        headers: { "retry-after": String(faults.retryAfterSeconds ?? 1) },
      });
    }
    if (inject(account, "serverError", faults.serverErrorRate)) {
      return envelope(name, { error: { code: 500, message: "Internal Server Error" }, status: 500 });
    }
    await maybeHang(account);
    if (inject(account, "wrongShape", faults.wrongShapeRate)) return wrongShape({ unexpected: "shape" });
    let answer = dispatch(account, name, params);
    if ("data" in answer && inject(account, "duplicatePage", faults.duplicatePageRate)) {
      answer = { data: duplicateRecords(answer.data) };
    }
    const response = envelope(name, answer, format);
    if (inject(account, "malformed", faults.malformedRate)) {
      const text = await response.text();
      return new Response(text.slice(0, Math.floor(text.length / 2)), { status: 200, headers: response.headers });
    }
    return response;
  }

  function login(params: URLSearchParams): Answer {
    const credential = `${params.get("username") ?? ""}/${params.get("password") ?? ""}`;
    if (!accounts.get(credential))
      return { error: { code: 401, message: "Unauthorized (invalid username or password)" } };
    const token = crypto.randomUUID().replaceAll("-", "");
    sessions.set(token, { credential, calls: 0, startedAt: Date.now() });
    statsOf(credential).logins++;
    return { data: { token } };
  }

  function dispatch(account: FakeAccount, name: string, params: URLSearchParams): Answer {
    const fleet = account.fleet;
    const now = Date.now();
    const vehicles = listedVehicles(fleet);
    if (name === "vehicle/list") {
      const details = params.get("details");
      return { data: vehicles.map((vehicle) => renderVehicle(vehicle, details !== null && details !== "0")) };
    }
    if (name === "driver/list") return { data: listedDrivers(fleet).map(renderDriver) };
    const wanted = params.get("vehicle");
    const vehicle = vehicles.find((candidate) => gpsiIds.vehicle(candidate.id) === wanted || candidate.name === wanted);
    // The vehicle's canonical driver (../series.ts), when the account lists it: a driver out of
    // service is not the account's, so no location names it (as at Azuga's fake).
    const driverOf = (vehicleId: string) => {
      const id = `drv-${vehicleId.slice(4)}`;
      return listedDrivers(fleet).find((driver) => driver.id === id);
    };
    if (["vehicle/location", "vehicle/history", "vehicle/tripdetail", "vehicle/listvehiclegroups"].includes(name)) {
      if (!vehicle) return { error: { code: 400, message: "Bad Request (vehicle not found)" } };
    }
    if (name === "vehicle/listvehiclegroups") return { data: renderVehicleGroups(vehicle!, GROUPS) };
    if (name === "vehicle/location") {
      const latest = latestOf(fleet, vehicle!.id, now);
      return { data: [renderLatest(vehicle!, latest, driverOf(vehicle!.id), now)] };
    }
    if (name === "vehicle/history") {
      const span = spanOf(params);
      if (!span) return { error: { code: 400, message: "Bad Request (date or start and end required)" } };
      const points = breadcrumbsBetween(fleet, vehicle!.id, span.start, Math.min(span.end, now + 1));
      return { data: points.map((point) => renderHistoryPoint(vehicle!, point, driverOf(vehicle!.id), now)) };
    }
    if (name === "vehicle/tripdetail") {
      const day = localDayBounds(params.get("date") ?? "");
      if (!day) return { error: { code: 400, message: "Bad Request (date required)" } };
      return { data: tripRows(fleet, vehicle!.id, day, now).map((row) => renderTripRow(vehicle!, row, now)) };
    }
    return { error: { code: 404, message: `Not Found (${name})` } };
  }

  /** The rows reaching into a local day: its trips and the stops between them (a day either side looked at). */
  function tripRows(fleet: FakeAccount["fleet"], vehicleId: string, day: { start: number; end: number }, now: number) {
    const first = Math.floor(day.start / DAY_MS) - 1;
    const trips = [first, first + 1, first + 2].flatMap((utcDay) => tripsOfDay(fleet, vehicleId, utcDay));
    const rows: {
      type: "T" | "S";
      start: number;
      end: number;
      trip?: (typeof trips)[number];
      at?: { latitude: number; longitude: number };
    }[] = [];
    trips.forEach((trip, index) => {
      rows.push({ type: "T", start: trip.startedAt, end: trip.endedAt, trip });
      const next = trips[index + 1];
      if (next) rows.push({ type: "S", start: trip.endedAt, end: next.startedAt, at: trip.end });
    });
    return rows.filter((row) => row.start < day.end && row.end > day.start && row.start <= now);
  }

  function spanOf(params: URLSearchParams): { start: number; end: number } | undefined {
    const date = params.get("date");
    if (date) return localDayBounds(date);
    const start = parseLocalParam(params.get("start") ?? "");
    const end = parseLocalParam(params.get("end") ?? "");
    // `end` is inclusive, to the second.
    return Number.isNaN(start) || Number.isNaN(end) || end < start ? undefined : { start, end: end + 1000 };
  }

  function sessionGone(): Answer {
    return { error: { code: 403, message: "Forbidden (session does not exist)" } };
  }

  function envelope(method: string, answer: Answer, format = "json"): Response {
    const now = Date.now();
    const head = {
      status: "data" in answer ? "OK" : "ERROR",
      method,
      context: "customer",
      request_time: tripDateTime(now),
      session_start: tripDateTime(now),
      request_count: 1,
    };
    const errors = "data" in answer ? [] : [answer.error];
    const data = "data" in answer ? answer.data : [];
    const status = "data" in answer ? 200 : (answer.status ?? 200);
    const headers = "data" in answer ? {} : (answer.headers ?? {});
    if (format === "xjson") {
      return json(data, status, { ...headers, "x-json": JSON.stringify({ head, errors }) });
    }
    return json({ head, errors, data }, status, headers);
  }

  async function controls(request: Request, url: URL): Promise<Response | undefined> {
    const own = /^\/__fake\/gps-insight\/accounts\/([^/]+)\/(sessions|stats)$/.exec(url.pathname);
    if (own) {
      const credential = decodeURIComponent(own[1]!);
      if (own[2] === "stats") return json(statsOf(credential));
      const body = (await request.json().catch(() => ({}))) as SessionPolicy;
      policies.set(credential, body);
      return json(body);
    }
    return accounts.control(request);
  }

  return { fetch };
}
