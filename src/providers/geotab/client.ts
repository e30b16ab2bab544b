import type { z } from "@hono/zod-openapi";
import { providerTimeoutMs } from "../../config";
import type { Env } from "../../env";
import { ProviderError } from "../errors";
import { expectOk, parseRetryAfter, providerFetch, readJson } from "../http";
import type { Pacer } from "../types";
import { authenticateResult, type RpcError, rpcResponse } from "./payloads";
import { configuredOrigin, endpointOf, resolveServer } from "./servers";
import {
  cachedSession,
  forgetSession,
  type GeotabSession,
  passwordDigest,
  rememberSession,
  sessionKey,
} from "./sessions";

export const PROVIDER = "Geotab";

/** One `Get`: the type and its search, results limit and other parameters. */
export type GetCall = { typeName: string } & Record<string, unknown>;

/** What a connection's credentials hold (credentialFields of the adapter). */
export type GeotabLogin = { database: string; userName: string; password: string; server?: string };

/**
 * InvalidUserException: wrong user name, password or database on Authenticate, or a session
 * that expired or was revoked on any other call. An `unauthorized` ProviderError, so that if it
 * escapes (after the one re-authentication) the engine disconnects the connection.
 */
export class GeotabInvalidUser extends ProviderError {
  constructor(message: string) {
    super("unauthorized", message);
    this.name = "GeotabInvalidUser";
  }
}

/** A server given in the credentials that is not a MyGeotab server (see servers.ts). */
export class GeotabServerRejected extends ProviderError {
  constructor(server: string) {
    super("unauthorized", `Geotab: \`${server}\` is not a MyGeotab server.`);
    this.name = "GeotabServerRejected";
  }
}

/** Exception names that mean the request itself was not understood: our fault, not the server's state. */
const REQUEST_ERRORS = new Set([
  "MissingMethodException",
  "MissingMemberException",
  "ArgumentException",
  "ArgumentNullException",
  "ArgumentOutOfRangeException",
  "InvalidCastException",
  "JsonSerializerException",
  "JSONRPCError",
]);

/**
 * A small MyGeotab JSON-RPC client over providerFetch: Authenticate with server federation, the
 * session cache (sessions.ts), one re-authentication on an expired session, and Geotab's errors
 * (HTTP 200 with an `error` object) mapped to the ProviderError kinds the sync engine acts on.
 */
export class GeotabClient {
  private readonly configured: URL;
  private readonly origin: string;
  private readonly key: string;

  private readonly timeoutMs: number;

  constructor(
    env: Pick<Env, "GEOTAB_BASE_URL" | "PROVIDER_TIMEOUT_MS">,
    private readonly login: GeotabLogin,
    private readonly pace?: Pacer,
  ) {
    this.timeoutMs = providerTimeoutMs(env);
    this.configured = configuredOrigin(env.GEOTAB_BASE_URL);
    const server = login.server?.trim() ? resolveServer(login.server, this.configured) : this.configured.origin;
    if (server === undefined) throw new GeotabServerRejected(login.server ?? "");
    this.origin = server;
    this.key = sessionKey(this.origin, login.database, login.userName);
  }

  /**
   * Logs in (always with the password; one of the 10 Authenticate calls a minute), follows the
   * server federation redirect, and caches the session. GeotabInvalidUser when MyGeotab rejects
   * the user name, password or database.
   */
  async authenticate(): Promise<GeotabSession> {
    const result = await this.rpc(this.origin, "Authenticate", {
      database: this.login.database,
      userName: this.login.userName,
      password: this.login.password,
    });
    const parsed = authenticateResult.safeParse(result);
    if (!parsed.success) throw new ProviderError("malformed", "Geotab: Authenticate answered without a session.");
    const { credentials, path } = parsed.data;
    let origin = this.origin;
    if (path !== "ThisServer") {
      const redirected = resolveServer(path, this.configured);
      if (redirected === undefined) {
        throw new ProviderError(
          "malformed",
          `Geotab: Authenticate sent the session to \`${path}\`, not a MyGeotab server.`,
        );
      }
      origin = redirected;
    }
    const session = { origin, credentials, passwordDigest: await passwordDigest(this.login.password) };
    rememberSession(this.key, session);
    return session;
  }

  /**
   * Calls a method with the session's credentials. An InvalidUserException (the session
   * expired, or the database moved server) re-authenticates once and retries; a second one is
   * `unauthorized`.
   */
  async call(method: string, params: Record<string, unknown>): Promise<unknown> {
    const session = await this.session();
    try {
      return await this.rpc(session.origin, method, { ...params, credentials: session.credentials });
    } catch (error) {
      if (!(error instanceof GeotabInvalidUser)) throw error;
      const renewed = await this.renew(session);
      return await this.rpc(renewed.origin, method, { ...params, credentials: renewed.credentials });
    }
  }

  /** The session to call with: the cached one of this user and password, else a new one. */
  async session(): Promise<GeotabSession> {
    const digest = await passwordDigest(this.login.password);
    return cachedSession(this.key, digest) ?? (await this.authenticate());
  }

  /** A new session in place of one MyGeotab refused (InvalidUserException: expired, revoked, moved). */
  async renew(refused: GeotabSession): Promise<GeotabSession> {
    forgetSession(this.key, refused.credentials.sessionId);
    return await this.authenticate();
  }

  /** `Get` of a type: the bare array of results. */
  async get(typeName: string, params: Record<string, unknown> = {}): Promise<unknown[]> {
    return expectArray(await this.call("Get", { typeName, ...params }), `Get ${typeName}`);
  }

  /**
   * Several `Get`s: one as a plain `Get`, more as one ExecuteMultiCall (a request, whatever their
   * number); each one's list of records, in the order asked.
   */
  async getEach(gets: ReadonlyArray<GetCall>): Promise<unknown[][]> {
    if (gets.length === 1) {
      const { typeName, ...params } = gets[0]!;
      return [await this.get(typeName, params)];
    }
    const results = await this.multiCall(gets.map((params) => ({ method: "Get", params })));
    return results.map((result, index) => expectArray(result, `Get ${gets[index]!.typeName}`));
  }

  /** `ExecuteMultiCall`: several calls in one request, their results in order. */
  async multiCall(calls: ReadonlyArray<{ method: string; params: Record<string, unknown> }>): Promise<unknown[]> {
    if (calls.length === 0) return [];
    const results = expectArray(await this.call("ExecuteMultiCall", { calls }), "ExecuteMultiCall");
    if (results.length !== calls.length) {
      throw new ProviderError(
        "malformed",
        `Geotab: ExecuteMultiCall answered ${results.length} of ${calls.length} calls.`,
      );
    }
    return results;
  }

  private async rpc(origin: string, method: string, params: Record<string, unknown>): Promise<unknown> {
    // Authenticate has its own published limit (10 a minute per user); other calls share the operation's pace.
    await this.pace?.(method === "Authenticate" ? "authenticate" : undefined);
    const response = await providerFetch(PROVIDER, endpointOf(origin), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ method, params }),
      timeoutMs: this.timeoutMs,
    });
    await expectOk(PROVIDER, response);
    const envelope = rpcResponse.safeParse(await readJson(PROVIDER, response));
    if (!envelope.success)
      throw new ProviderError("malformed", `Geotab: ${method} answered something other than JSON-RPC.`);
    if (envelope.data.error) throw rpcFailure(method, envelope.data.error, response.headers.get("retry-after"));
    if (!("result" in envelope.data))
      throw new ProviderError("malformed", `Geotab: ${method} answered without a result.`);
    return envelope.data.result;
  }
}

/** The exception name of a JSON-RPC error: `data.type`, else `errors[0].name`, else the error's own name. */
export function exceptionName(error: RpcError): string {
  return error.data?.type ?? error.errors?.[0]?.name ?? error.name ?? "UnknownException";
}

/** A JSON-RPC error as the ProviderError the sync engine acts on. */
export function rpcFailure(method: string, error: RpcError, retryAfter: string | null): ProviderError {
  const name = exceptionName(error);
  const message = `Geotab: ${method} failed with ${name}${error.message ? `: ${error.message.slice(0, 200)}` : ""}`;
  if (name === "InvalidUserException") return new GeotabInvalidUser(message);
  if (name === "OverLimitException") return new ProviderError("rate_limited", message, parseRetryAfter(retryAfter));
  if (REQUEST_ERRORS.has(name) || error.code === -32601 || error.code === -32602) {
    return new ProviderError("malformed", message);
  }
  // DbUnavailableException, timeouts, database maintenance and anything unknown: the server's state, worth a retry.
  return new ProviderError("unavailable", message);
}

function expectArray(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new ProviderError("malformed", `Geotab: ${what} did not answer a list.`);
  return value;
}

/** Parses a result with a schema; a result of another shape is a malformed answer. */
export function parseResult<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ProviderError("malformed", `Geotab: ${what} answered an unexpected shape.`);
  return parsed.data;
}
