/**
 * The fake WEBFLEET.connect: one route, `GET` (or form `POST`) `/extern`, dispatching on `action`,
 * serving each account's canonical fleet in Webfleet's shapes (render.ts). Like the real API:
 * - `account`, `apikey` and the user (`username` + `password` in the query, or HTTP Basic) on
 *   every call; wrong ones are error 1001, a missing or unknown API key error 8;
 * - CSV unless `outputformat=json`; account-local times unless `useISO8601=true`;
 * - errors as HTTP 200 with `X-Webfleet-Errorcode`/`-Errormessage` (respond.ts);
 * - a quota per action and user, a sliding minute (accounts.ts `quotas`, default the documented
 *   ones): over it, error 8011; with `sessionLocking`, a call made while another of the same
 *   user runs is error 8015;
 * - the account's faults: quota answers (rateLimitRate), server errors (a bare 503, or 9199),
 *   truncated bodies, hangs, wrong shapes and duplicated rows.
 */
import { type FakeAccount, nextRoll, sleep } from "../accounts.ts";
import { duplicateRecords, inject, maybeHang, wrongShape } from "../extra-faults.ts";
import { vehiclesAt } from "../fleet.ts";
import { DOCUMENTED_QUOTAS, WebfleetAccountStore } from "./accounts.ts";
import {
  driverRows,
  groupObjectRows,
  groupRows,
  objectNoOf,
  objectRows,
  type TimeFormat,
  trackRows,
  tripRows,
} from "./render.ts";
import { ERRORS, errorAnswer, type OutputFormat, rowsAnswer, WebfleetFault } from "./respond.ts";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
type Rows = Record<string, unknown>[];

export function createWebfleetFake() {
  const accounts = new WebfleetAccountStore();
  /** Request times per `credential|action`, for the per-action quotas. */
  const recent = new Map<string, number[]>();
  /** Requests of each user being answered, for session locking. */
  const running = new Map<string, number>();
  accounts.onReset = (credential) => {
    for (const key of recent.keys()) if (key.startsWith(`${credential}|`)) recent.delete(key);
  };

  function accountOf(params: URLSearchParams, request: Request): FakeAccount {
    let username = params.get("username") ?? "";
    let password = params.get("password") ?? "";
    const basic = request.headers.get("authorization")?.match(/^Basic\s+(.+)$/i)?.[1];
    if (basic && !username) [username, password] = splitOnce(atob(basic), ":");
    const credential = `${params.get("account") ?? ""}/${username}/${password}`;
    const account = accounts.get(credential);
    if (!account || accounts.optionsOf(credential).revoked) {
      if (account) accounts.statsOf(credential).refused++;
      throw new WebfleetFault(ERRORS.invalidCredentials, "Authentication failed: invalid account, user or password.");
    }
    const apiKey = params.get("apikey") ?? "";
    const expected = accounts.optionsOf(credential).apiKey;
    if (!apiKey || (expected !== undefined && apiKey !== expected)) {
      accounts.statsOf(credential).refused++;
      throw new WebfleetFault(ERRORS.actionNotAllowed, "Action not allowed: missing or unknown API key.");
    }
    return account;
  }

  function spendQuota(account: FakeAccount, action: string): void {
    const perMinute = accounts.optionsOf(account.credential).quotas?.[action] ?? DOCUMENTED_QUOTAS[action] ?? 10;
    const key = `${account.credential}|${action}`;
    const now = Date.now();
    const times = (recent.get(key) ?? []).filter((time) => time > now - MINUTE_MS);
    if (times.length >= perMinute) {
      recent.set(key, times);
      const stats = accounts.statsOf(account.credential);
      stats.overQuota[action] = (stats.overQuota[action] ?? 0) + 1;
      throw new WebfleetFault(ERRORS.quotaReached, `Request quota reached for ${action} (${perMinute} per minute).`);
    }
    recent.set(key, [...times, now]);
  }

  function rowsOf(account: FakeAccount, action: string, params: URLSearchParams, format: TimeFormat): Rows {
    const fleet = account.fleet;
    const one = (rows: Rows, ...keys: string[]) =>
      rows.filter((row) => keys.every((key) => !params.get(key) || String(row[key]) === params.get(key)));
    switch (action) {
      case "showObjectReportExtern":
        return one(objectRows(fleet, Date.now(), format), "objectno", "objectuid");
      case "showObjectGroups":
        return one(groupRows(fleet), "objectgroupname");
      case "showObjectGroupObjects":
        return one(groupObjectRows(fleet), "objectgroupname", "objectno", "objectuid");
      case "showDriverReportExtern":
        return one(driverRows(fleet), "driverno", "driveruid");
      case "showTripReportExtern": {
        const { from, to } = rangeOf(params);
        return one(tripRows(fleet, from, to, format), "objectno", "objectuid", "driveruid");
      }
      case "showTracks": {
        const { from, to } = rangeOf(params);
        const vehicle = vehiclesAt(fleet).find(
          (candidate) =>
            (params.get("objectuid") ?? objectNoOf(candidate.id)) === candidate.id ||
            params.get("objectno") === objectNoOf(candidate.id),
        );
        if (!vehicle || (!params.get("objectno") && !params.get("objectuid"))) {
          throw new WebfleetFault(ERRORS.generalError, "showTracks needs one object (objectno or objectuid).");
        }
        return trackRows(fleet, vehicle.id, from, to, format);
      }
      default:
        throw new WebfleetFault(ERRORS.generalError, `Unknown action ${action}.`);
    }
  }

  async function answer(request: Request, params: URLSearchParams, output: OutputFormat): Promise<Response> {
    const action = params.get("action") ?? "";
    const account = accountOf(params, request);
    const options = accounts.optionsOf(account.credential);
    const stats = accounts.statsOf(account.credential);
    stats.calls[action] = (stats.calls[action] ?? 0) + 1;
    const user = account.credential;
    if (options.sessionLocking && (running.get(user) ?? 0) > 0) {
      stats.busy++;
      throw new WebfleetFault(ERRORS.userBusy, "The user is busy processing another request.");
    }
    running.set(user, (running.get(user) ?? 0) + 1);
    try {
      spendQuota(account, action);
      const { faults } = account;
      await sleep(faults.delayMs);
      if (inject(account, "rateLimit", faults.rateLimitRate)) {
        stats.overQuota[action] = (stats.overQuota[action] ?? 0) + 1;
        throw new WebfleetFault(ERRORS.quotaReached, `Request quota reached for ${action}.`);
      }
      if (inject(account, "serverError", faults.serverErrorRate)) {
        if (nextRoll(account) < 0.5)
          return new Response("<html><body>503 Service Unavailable</body></html>", { status: 503 });
        throw new WebfleetFault(ERRORS.upstreamTimeout, "The upstream system did not respond.");
      }
      await maybeHang(account);
      if (inject(account, "wrongShape", faults.wrongShapeRate)) return wrongShape();
      const format: TimeFormat = {
        iso: params.get("useISO8601") === "true",
        timeZone: options.timeZone ?? "Europe/Berlin",
      };
      let rows = rowsOf(account, action, params, format);
      if (inject(account, "duplicatePage", faults.duplicatePageRate)) rows = duplicateRecords(rows);
      if (inject(account, "malformed", faults.malformedRate)) {
        const text = JSON.stringify(rows);
        return new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), { status: 200 });
      }
      return rowsAnswer(rows, output, params.get("separator") ?? ";");
    } finally {
      running.set(user, (running.get(user) ?? 1) - 1);
    }
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.replace(/\/$/, "") !== "/extern") return new Response("Not found", { status: 404 });
    const params = new URLSearchParams(url.search);
    if (request.method === "POST") {
      for (const [name, value] of new URLSearchParams(await request.text())) params.set(name, value);
    } else if (request.method !== "GET") {
      return new Response("Method not allowed", { status: 405 });
    }
    const output: OutputFormat = params.get("outputformat") === "json" ? "json" : "csv";
    try {
      return await answer(request, params, output);
    } catch (error) {
      if (error instanceof WebfleetFault) return errorAnswer(error, output);
      throw error;
    }
  }

  return {
    accounts,
    async fetch(request: Request): Promise<Response> {
      return (await accounts.control(request)) ?? handle(request);
    },
  };
}

/** The date range of a report: `ud` with `rangefrom_string`/`rangeto_string`, or `d0`…`d-6` (UTC days). */
function rangeOf(params: URLSearchParams): { from: number; to: number } {
  const pattern = params.get("range_pattern") ?? "";
  const day = pattern.match(/^d(0|-[1-6])$/);
  if (day) {
    const from = (Math.floor(Date.now() / DAY_MS) + Number(day[1])) * DAY_MS;
    return { from, to: from + DAY_MS };
  }
  if (pattern !== "ud")
    throw new WebfleetFault(ERRORS.generalError, `Unsupported range_pattern ${pattern || "(none)"}.`);
  const from = Date.parse(params.get("rangefrom_string") ?? "");
  const to = Date.parse(params.get("rangeto_string") ?? "");
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) {
    throw new WebfleetFault(ERRORS.generalError, "rangefrom_string/rangeto_string are not a range.");
  }
  return { from, to };
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + 1)];
}
