/**
 * The fake MyGeotab API: one endpoint, `POST /apiv1`, dispatching on the JSON-RPC `method`
 * (Authenticate, Get, GetFeed, ExecuteMultiCall, GetVersion), serving each account's canonical
 * fleet and its time series in Geotab's shapes (render.ts, render-series.ts). Like the real API:
 * - errors come back as HTTP 200 with an `error` object (`data.type` = the exception name);
 * - Authenticate answers `credentials` + `path` (`ThisServer`, or another server's host name
 *   for a `federated` account, whose data calls must then go there); it is limited to 10 calls a
 *   minute per user (successes and failures), over which OverLimitException + Retry-After;
 * - every data call carries the session in `params.credentials`; an unknown, expired
 *   (`sessionTtlCalls`) or revoked session is InvalidUserException ("Invalid session");
 * - GetFeed allows one call a second per entity type and user (OverLimitException, Retry-After: 1);
 * - the account's faults apply to data requests: OverLimitException with its Retry-After,
 *   server errors (a bare 503, or DbUnavailableException), truncated bodies, slow answers.
 */

import { type FakeAccount, nextRoll, sleep } from "../accounts.ts";
import { duplicateRecords, inject, maybeHang, wrongShape } from "../extra-faults.ts";
import { json } from "../http-server.ts";
import { GeotabAccountStore } from "./accounts.ts";
import { get, getFeed } from "./methods.ts";
import { errorResponse, invalidUser, overLimit, RpcException, resultResponse } from "./rpc.ts";

const AUTHENTICATE_LIMIT = 10;
const AUTHENTICATE_WINDOW_MS = 60_000;
const FEED_INTERVAL_MS = 1000;

type Session = { credential: string; database: string; userName: string; calls: number };
type Params = Record<string, any>;

export function createGeotabFake() {
  const accounts = new GeotabAccountStore();
  const sessions = new Map<string, Session>();
  /** Authenticate calls per user (`database/userName`), for the 10-a-minute limit. */
  const authentications = new Map<string, number[]>();
  /** Last GetFeed per user and type, for the one-a-second limit. */
  const lastFeed = new Map<string, number>();

  accounts.onReset = (credential) => {
    for (const [id, session] of sessions) if (session.credential === credential) sessions.delete(id);
  };

  /** The Host the request was sent to (the fake answers on several names: server federation). */
  const hostOf = (request: Request) => request.headers.get("host") ?? new URL(request.url).host;
  const federatedHost = (request: Request) => `localhost:${hostOf(request).split(":").at(-1)}`;

  function authenticate(params: Params, request: Request): { account: FakeAccount; session: string; path: string } {
    const database = String(params.database ?? "");
    const userName = String(params.userName ?? "");
    const user = `${database}/${userName}`.toLowerCase();
    const now = Date.now();
    const recent = (authentications.get(user) ?? []).filter((time) => time > now - AUTHENTICATE_WINDOW_MS);
    if (recent.length >= AUTHENTICATE_LIMIT) {
      authentications.set(user, recent);
      const retryAfter = Math.ceil((recent[0]! + AUTHENTICATE_WINDOW_MS - now) / 1000);
      throw overLimit(
        `API calls quota exceeded. Maximum admitted ${AUTHENTICATE_LIMIT} per 1m.`,
        String(Math.max(1, retryAfter)),
      );
    }
    authentications.set(user, [...recent, now]);
    const credential = `${database}/${userName}/${String(params.password ?? "")}`;
    const account = accounts.get(credential);
    if (!account || accounts.optionsOf(credential).revoked) {
      const known = [...accounts.stats.keys()].find((key) => key.toLowerCase().startsWith(`${user}/`));
      if (known) accounts.statsOf(known).failedAuthentications++;
      throw invalidUser("Incorrect login credentials");
    }
    accounts.statsOf(credential).authentications++;
    const session = crypto.randomUUID().replaceAll("-", "").slice(0, 22);
    sessions.set(session, { credential, database, userName, calls: 0 });
    const federated = accounts.optionsOf(credential).federated === true;
    const path = federated && hostOf(request) !== federatedHost(request) ? federatedHost(request) : "ThisServer";
    return { account, session, path };
  }

  /** The account a data call's `credentials` open (a session, or a password, which counts as a login). */
  function accountOf(params: Params, request: Request): FakeAccount {
    const credentials = params.credentials;
    if (!credentials || typeof credentials !== "object") throw invalidUser("Incorrect login credentials");
    if (credentials.password !== undefined && credentials.sessionId === undefined)
      return authenticate(credentials, request).account;
    const database = String(credentials.database ?? "");
    const session = sessions.get(String(credentials.sessionId ?? ""));
    const invalid = invalidUser(`Invalid session @ '${database}'`);
    if (
      !session ||
      session.database.toLowerCase() !== database.toLowerCase() ||
      session.userName.toLowerCase() !== String(credentials.userName ?? "").toLowerCase()
    ) {
      throw invalid;
    }
    const account = accounts.get(session.credential);
    const options = accounts.optionsOf(session.credential);
    if (!account || options.revoked) {
      sessions.delete(String(credentials.sessionId));
      throw invalid;
    }
    const stats = accounts.statsOf(session.credential);
    // A federated database is not on this server: the session is unknown here.
    if (options.federated && hostOf(request) !== federatedHost(request)) throw invalid;
    session.calls++;
    if (options.sessionTtlCalls !== undefined && session.calls > options.sessionTtlCalls) {
      sessions.delete(String(credentials.sessionId));
      stats.expiredSessions++;
      throw invalid;
    }
    return account;
  }

  function throttleFeed(account: FakeAccount, typeName: string): void {
    const key = `${account.credential}|${typeName}`;
    const now = Date.now();
    const last = lastFeed.get(key);
    if (last !== undefined && now - last < FEED_INTERVAL_MS) {
      accounts.statsOf(account.credential).overLimit++;
      throw overLimit(`API calls quota exceeded. Maximum admitted 1 per 1s (GetFeed ${typeName}).`, "1");
    }
    lastFeed.set(key, now);
  }

  function count(account: FakeAccount, name: string): void {
    const calls = accounts.statsOf(account.credential).calls;
    calls[name] = (calls[name] ?? 0) + 1;
  }

  function dispatch(account: FakeAccount, method: string, params: Params): unknown {
    switch (method) {
      case "Get":
        count(account, `Get ${params.typeName}`);
        return get(account, params);
      case "GetFeed":
        count(account, `GetFeed ${params.typeName}`);
        throttleFeed(account, String(params.typeName));
        return getFeed(account, params);
      case "ExecuteMultiCall": {
        const calls = Array.isArray(params.calls) ? (params.calls as { method?: string; params?: Params }[]) : [];
        return calls.map((call, index) => {
          if (call.method === "ExecuteMultiCall" || call.method === "Authenticate") {
            throw Object.assign(
              new RpcException("ArgumentException", `${call.method} cannot be inside ExecuteMultiCall.`),
              {
                requestIndex: index,
              },
            );
          }
          try {
            return dispatch(account, String(call.method), call.params ?? {});
          } catch (error) {
            if (error instanceof RpcException) error.requestIndex = index;
            throw error;
          }
        });
      }
      default:
        throw new RpcException("MissingMethodException", `Method '${method}' not found.`, { code: -32601 });
    }
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.replace(/\/$/, "") !== "/apiv1") return json({ message: "Not found" }, 404);
    if (request.method !== "POST") return json({ message: "Use POST with a JSON-RPC body." }, 405);
    const body = (await request.json().catch(() => undefined)) as { method?: unknown; params?: Params } | undefined;
    if (!body || typeof body.method !== "string") {
      return errorResponse(
        new RpcException("JsonSerializerException", "The request is not a JSON-RPC call.", { code: -32700 }),
      );
    }
    const params: Params = body.params && typeof body.params === "object" ? body.params : {};
    try {
      if (body.method === "GetVersion") return resultResponse("12.2.0.0");
      if (body.method === "Authenticate") {
        const { session, path } = authenticate(params, request);
        const user = `${params.database}/${params.userName}`.toLowerCase();
        return resultResponse(
          { credentials: { database: params.database, userName: params.userName, sessionId: session }, path },
          {
            "x-rate-limit-limit": "1m",
            "x-rate-limit-remaining": String(AUTHENTICATE_LIMIT - (authentications.get(user)?.length ?? 0)),
            "x-rate-limit-reset": new Date(Date.now() + AUTHENTICATE_WINDOW_MS).toISOString(),
          },
        );
      }
      const account = accountOf(params, request);
      const stats = accounts.statsOf(account.credential);
      stats.dataRequests++;
      stats.requestsByHost[hostOf(request)] = (stats.requestsByHost[hostOf(request)] ?? 0) + 1;
      const { faults } = account;
      await sleep(faults.delayMs);
      if (inject(account, "rateLimit", faults.rateLimitRate)) {
        stats.overLimit++;
        throw overLimit("API calls quota exceeded. Maximum admitted 60 per 1m.", String(faults.retryAfterSeconds ?? 1));
      }
      if (inject(account, "serverError", faults.serverErrorRate)) {
        if (nextRoll(account) < 0.5)
          return new Response("<html><body>503 Service Unavailable</body></html>", { status: 503 });
        throw new RpcException(
          "DbUnavailableException",
          `The database '${params.credentials?.database}' is temporarily unavailable.`,
        );
      }
      await maybeHang(account);
      if (inject(account, "wrongShape", faults.wrongShapeRate)) return wrongShape({ jsonrpc: "2.0", result: 42 });
      let result = dispatch(account, body.method, params);
      if (inject(account, "duplicatePage", faults.duplicatePageRate)) result = duplicateRecords(result);
      if (inject(account, "malformed", faults.malformedRate)) {
        const text = JSON.stringify({ result, jsonrpc: "2.0" });
        return new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      }
      return resultResponse(result);
    } catch (error) {
      if (error instanceof RpcException) return errorResponse(error);
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
