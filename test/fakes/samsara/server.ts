/**
 * The fake Samsara API (providers.md sections 1 and 4): the endpoints the adapter reads, with
 * Samsara's auth (`Authorization: Bearer <API token>`; 401 `{ message, requestId }` for an
 * unknown token; 403 for a scope the token lacks), cursor paging (opaque base64 `endCursor`,
 * `endCursor: ""` and `hasNextPage: false` on the last page, a cursor reused with other
 * parameters is a 400), `limit` caps (over 512 is a 400: the real API's reaction is not
 * documented, this fake picks the strict one), and the account's faults: 429 with a fractional
 * `Retry-After`, 503, truncated JSON, slow answers. The EU region is this same server. The
 * time-series endpoints (stats snapshot and history, trips stream) are in series-routes.ts, the
 * hours of service (HOS logs, daily logs and clocks) in hos-routes.ts, the IFTA vehicle report in
 * ifta-routes.ts, the trailers and a document download in asset-routes.ts.
 *
 * OAuth 2.0 for marketplace apps (providers.md 1.1), by the shared fake authorization server
 * (../oauth/authorization-server.ts): `GET`/`POST /oauth2/authorize` (consent page and form),
 * `POST /oauth2/token` (code and refresh grants; HTTP Basic client auth only; refresh tokens
 * reusable), `POST /oauth2/revoke`. A live access token (`samsara-oauth-…`) is taken as
 * `Authorization: Bearer` for the account that granted it; an expired or revoked one is a 401.
 * Controls: `PUT|GET /__fake/oauth/accounts/<credential>` (`{ accessTokenSeconds }`; the grants),
 * `POST …/<credential>/expire`, `POST …/<credential>/revoke` (../oauth/controls.ts).
 *
 * Samsara-only controls (scopes taken away, scripted answers, a request log, a stopped clock),
 * keyed by the account's credential also for OAuth requests: see ./token-state.ts.
 */

import { type FakeAccount, sleep } from "../accounts.ts";
import { duplicateRecords, inject, maybeHang, wrongShape } from "../extra-faults.ts";
import { json } from "../http-server.ts";
import { OAuthAccountStore } from "../oauth/account-store.ts";
import { createAuthorizationServer } from "../oauth/authorization-server.ts";
import { SAMSARA_AUTHORIZATION_SERVER } from "../oauth/provider-configs.ts";
import { ASSET_ROUTES, assetRouteOf } from "./asset-routes.ts";
import { HOS_ROUTES } from "./hos-routes.ts";
import { IFTA_ROUTES } from "./ifta-routes.ts";
import { BadRequest, pageOf } from "./paging.ts";
import { dateOf, limitOf, timeOf } from "./params.ts";
import {
  driversOf,
  gatewaysOf,
  mediaLibraryOf,
  organizationOf,
  safetyEventById,
  safetyEventOf,
  safetyEventsCreatedBetween,
  tagsOf,
  vehicleReportsOf,
  vehiclesOf,
} from "./render.ts";
import { SERIES_ROUTES } from "./series-routes.ts";
import { createTokenStates } from "./token-state.ts";

/** Page sizes of the endpoints that take no `limit` (not documented; the fake's choice). */
export const UNLIMITED_PAGE_SIZE = 100;
export const LIST_LIMIT = 512;
const DEFAULT_RETRY_AFTER_SECONDS = 0.40235;
const DAY_MS = 86_400_000;

export type Context = { url: URL; account: FakeAccount; now: number };
/** An endpoint: the scope a token needs for it (403 without), and its answer: JSON, or a Response as it is. */
export type Route = { scope: string; handle: (context: Context) => unknown };

/** Samsara's error body. */
export function samsaraError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ message, requestId: crypto.randomUUID() }, status, headers);
}

const ROUTES: Record<string, Route> = {
  "/me": {
    scope: "Read Org Information",
    handle: ({ account }) => ({ data: organizationOf(account.credential, account.name) }),
  },
  "/fleet/vehicles": {
    scope: "Read Vehicles",
    handle: ({ url, account }) => pageOf(vehiclesOf(account.fleet), url, limitOf(url, LIST_LIMIT), "vehicles"),
  },
  "/fleet/drivers": {
    scope: "Read Drivers",
    handle: ({ url, account }) => {
      const status = url.searchParams.get("driverActivationStatus") ?? "active";
      if (status !== "active" && status !== "deactivated") {
        throw new BadRequest("driverActivationStatus must be one of: active, deactivated");
      }
      return pageOf(driversOf(account.fleet, status), url, limitOf(url, LIST_LIMIT), `drivers|${status}`);
    },
  },
  "/tags": {
    scope: "Read Tags",
    handle: ({ url, account }) => pageOf(tagsOf(account.fleet), url, limitOf(url, LIST_LIMIT), "tags"),
  },
  "/gateways": {
    scope: "Read Gateways",
    handle: ({ url, account }) => {
      const models = url.searchParams.get("models")?.split(",").filter(Boolean);
      const gateways = gatewaysOf(account.fleet).filter((gateway) => !models || models.includes(gateway.model));
      return pageOf(gateways, url, UNLIMITED_PAGE_SIZE, `gateways|${models?.join(",") ?? ""}`);
    },
  },
  "/fleet/reports/vehicles/fuel-energy": {
    scope: "Read Fuel & Energy",
    handle: ({ url, account }) => {
      const start = dateOf(url, "startDate");
      const end = dateOf(url, "endDate");
      if (end < start) throw new BadRequest("endDate must not be before startDate");
      const dates: string[] = [];
      for (let day = Date.parse(`${start}T00:00:00Z`); day <= Date.parse(`${end}T00:00:00Z`); day += DAY_MS) {
        dates.push(new Date(day).toISOString().slice(0, 10));
      }
      const page = pageOf(vehicleReportsOf(account.fleet, dates), url, UNLIMITED_PAGE_SIZE, `fuel|${start}|${end}`);
      return { data: { vehicleReports: page.data }, pagination: page.pagination };
    },
  },
  "/safety-events/stream": {
    scope: "Read Safety Events & Scores",
    handle: ({ url, account, now }) => {
      const start = timeOf(url, "startTime");
      const end = url.searchParams.has("endTime") ? timeOf(url, "endTime") : now;
      const field = url.searchParams.get("queryByTimeField") ?? "updatedAtTime";
      if (field !== "updatedAtTime" && field !== "createdAtTime") {
        throw new BadRequest("queryByTimeField must be one of: updatedAtTime, createdAtTime");
      }
      // Nothing is reviewed in this fleet: updatedAtTime is createdAtTime, so both fields select alike.
      const events = safetyEventsCreatedBetween(account.fleet, start, end).map((event) =>
        safetyEventOf(account.fleet, event, now),
      );
      events.sort((a, b) => a.createdAtTime.localeCompare(b.createdAtTime) || a.id.localeCompare(b.id));
      const binding = `stream|${url.searchParams.get("startTime")}|${url.searchParams.get("endTime")}|${field}`;
      return pageOf(events, url, UNLIMITED_PAGE_SIZE, binding);
    },
  },
  "/safety-events": {
    scope: "Read Safety Events & Scores",
    handle: ({ url, account, now }) => {
      const ids = url.searchParams.get("safetyEventIds")?.split(",").filter(Boolean) ?? [];
      if (ids.length === 0) throw new BadRequest("safetyEventIds is missing from query string");
      const events = ids.flatMap((id) => {
        const event = safetyEventById(account.fleet, id);
        return event ? [safetyEventOf(account.fleet, event, now)] : [];
      });
      return { data: events, pagination: { endCursor: "", hasNextPage: false } };
    },
  },
  "/cameras/media": {
    scope: "Read Camera Media",
    handle: ({ url, account, now }) => {
      const vehicleIds = url.searchParams.get("vehicleIds")?.split(",").filter(Boolean) ?? [];
      if (vehicleIds.length === 0 || vehicleIds.length > 20)
        throw new BadRequest("vehicleIds must list 1 to 20 vehicles");
      const start = timeOf(url, "startTime");
      const end = timeOf(url, "endTime");
      if (end < start || end - start > DAY_MS) throw new BadRequest("the time range must be at most 24 hours");
      const filter = (name: string) => url.searchParams.get(name)?.split(",").filter(Boolean);
      const [triggers, types, inputs] = [filter("triggerReasons"), filter("mediaTypes"), filter("inputs")];
      const media = mediaLibraryOf(account.fleet, vehicleIds, start, end, now).filter(
        (item) =>
          (!triggers || triggers.includes(item.triggerReason)) &&
          (!types || types.includes(item.mediaType)) &&
          (!inputs || inputs.includes(item.input)),
      );
      const binding = `media|${vehicleIds.join(",")}|${start}|${end}|${triggers}|${types}|${inputs}`;
      const page = pageOf(media, url, UNLIMITED_PAGE_SIZE, binding);
      return { data: { media: page.data }, pagination: page.pagination };
    },
  },
  ...SERIES_ROUTES,
  ...HOS_ROUTES,
  ...IFTA_ROUTES,
  ...ASSET_ROUTES,
};

function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "");
  return match?.[1]?.trim();
}

export function createSamsaraFake() {
  const accounts = new OAuthAccountStore();
  const oauth = createAuthorizationServer(SAMSARA_AUTHORIZATION_SERVER, accounts);
  accounts.onReset = oauth.forget;
  const { stateOf, control, answer } = createTokenStates();

  return {
    accounts,
    async fetch(request: Request): Promise<Response> {
      const arrivedAt = Date.now();
      const handled = await accounts.control(request);
      if (handled) return handled;
      const url = new URL(request.url);
      const controlled = (await control(request, url)) ?? (await oauth.fetch(request, url));
      if (controlled) return controlled;

      const route = Object.hasOwn(ROUTES, url.pathname) ? ROUTES[url.pathname] : assetRouteOf(url.pathname);
      if (!route) return samsaraError(404, "Not Found");
      if (request.method !== "GET") return samsaraError(405, "Method Not Allowed");
      // An OAuth access token stands for the account that granted it, while it is live.
      const token = bearerToken(request);
      const granted = oauth.resolveAccessToken(token);
      const account = accounts.get(granted === undefined ? token : granted === "dead" ? undefined : granted.credential);
      if (!account) return samsaraError(401, "Unauthorized: the API token is missing, invalid, expired or revoked.");
      const state = stateOf(account.credential);
      await sleep(account.faults.delayMs);
      const scripted = state.script.shift();
      const retryAfter = String(account.faults.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
      if (scripted === "401")
        return answer(state, request, arrivedAt, samsaraError(401, "Unauthorized: the API token is revoked."));
      if (scripted === "403" || state.denied.has(route.scope)) {
        const message = `Forbidden: this endpoint needs the "${route.scope}" scope, which the API token does not have.`;
        return answer(state, request, arrivedAt, samsaraError(403, message));
      }
      if (scripted === "429" || inject(account, "rateLimit", account.faults.rateLimitRate)) {
        return answer(
          state,
          request,
          arrivedAt,
          samsaraError(429, "Rate limit exceeded. Please slow down.", { "retry-after": retryAfter }),
        );
      }
      if (scripted === "503" || inject(account, "serverError", account.faults.serverErrorRate)) {
        return answer(state, request, arrivedAt, samsaraError(503, "Service Unavailable"));
      }
      await maybeHang(account);
      if (inject(account, "wrongShape", account.faults.wrongShapeRate))
        return answer(state, request, arrivedAt, wrongShape());
      let body: unknown;
      try {
        body = route.handle({ url, account, now: state.now ?? Date.now() });
      } catch (error) {
        if (error instanceof BadRequest) return answer(state, request, arrivedAt, samsaraError(400, error.message));
        throw error;
      }
      if (body instanceof Response) return answer(state, request, arrivedAt, body);
      if (inject(account, "duplicatePage", account.faults.duplicatePageRate)) {
        body = duplicateRecords(body);
        // Paged by cursor: the same page comes again after this one.
        const after = url.searchParams.get("after");
        const paged = body as { pagination?: unknown };
        if (after && paged.pagination) paged.pagination = { endCursor: after, hasNextPage: true };
      }
      if (scripted === "malformed" || inject(account, "malformed", account.faults.malformedRate)) {
        const text = JSON.stringify(body);
        const truncated = new Response(text.slice(0, Math.floor(text.length / 2)), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
        return answer(state, request, arrivedAt, truncated);
      }
      return answer(state, request, arrivedAt, json(body));
    },
  };
}
