import { providerTimeoutMs } from "../../config";
import type { Env } from "../../env";
import { utf8 } from "../../lib/encoding";
import { ProviderError } from "../errors";
import { expectOk, parseRetryAfter, providerFetch, readJson } from "../http";
import type { Pacer, ProviderContext } from "../types";
import { BUCKETS, type Tn360Bucket } from "./pace";
import { cachedToken, forgetToken, passwordDigest, rememberToken, renewAt, type Tn360Token, tokenKey } from "./tokens";

export const PROVIDER = "Teletrac Navman 360";
/** TN360's AU API host (providers-more.md section 7 [DOC]); other regions' hosts are [UNVERIFIED]. */
export const DEFAULT_BASE_URL = "https://api-au.telematics.com";
/**
 * The token endpoint under TN360_IDENTITY_BASE_URL: the OpenID Connect standard path
 * [UNVERIFIED]: TN360 documents a regional identity service and the client id/secret its
 * integrations team issues, not the service's addresses or paths.
 */
export const TOKEN_PATH = "/connect/token";
/** TN360 documents no throttle signal; a 429 without Retry-After is retried after this. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

type Settings = Pick<
  Env,
  "TN360_IDENTITY_BASE_URL" | "TN360_BASE_URL" | "TN360_CLIENT_ID" | "TN360_CLIENT_SECRET" | "PROVIDER_TIMEOUT_MS"
>;
export type Tn360Login = { username: string; password: string };

/** A 403: the user (or its key's policy) may not read this resource. */
export class Tn360ForbiddenError extends Error {
  constructor(readonly path: string) {
    super(`${PROVIDER} refused access to ${path} (403): the user lacks the permission.`);
    this.name = "Tn360ForbiddenError";
  }
}

/** A 404 on a path naming a record (a vehicle removed since it was listed). */
export class Tn360NotFoundError extends ProviderError {
  constructor(path: string) {
    super("malformed", `${PROVIDER}: ${path} was not found (404).`);
    this.name = "Tn360NotFoundError";
  }
}

/**
 * A client of the TN360 API: the customer's user logs in with the OpenID Connect resource-owner
 * password grant of the integrator's client (TN360_CLIENT_ID and TN360_CLIENT_SECRET in HTTP
 * Basic, deployment configuration) at TN360_IDENTITY_BASE_URL; the access token is cached per
 * isolate (tokens.ts), renewed before it expires and re-acquired once when a data call answers
 * 401. Data calls are `GET {TN360_BASE_URL}/v1/…` with `Authorization: Bearer <token>`
 * [DOC: the API reads a Bearer key]. No `Expect` header is sent: the 417 integrators avoid with
 * an empty one comes from `Expect: 100-continue` on request bodies, and these calls have none.
 */
export class Tn360Client {
  private readonly identityUrl: string;
  private readonly baseUrl: string;
  private readonly key: string;
  private readonly timeoutMs: number;

  constructor(
    private readonly env: Settings,
    private readonly login: Tn360Login,
    private readonly pace?: Pacer,
  ) {
    this.identityUrl = (env.TN360_IDENTITY_BASE_URL ?? "").replace(/\/+$/, "");
    this.baseUrl = (env.TN360_BASE_URL || DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.timeoutMs = providerTimeoutMs(env);
    this.key = tokenKey(this.identityUrl, env.TN360_CLIENT_ID ?? "", login.username);
  }

  static of(context: ProviderContext, credentials: Readonly<Record<string, string>>): Tn360Client {
    return new Tn360Client(context.env, loginOf(credentials), context.pace);
  }

  /** A password login (verify uses it: a refused password is invalid credentials). */
  async acquire(): Promise<Tn360Token> {
    const { TN360_CLIENT_ID: clientId, TN360_CLIENT_SECRET: secret } = this.env;
    if (!clientId || !secret || !this.identityUrl) {
      throw new ProviderError(
        "unavailable",
        `${PROVIDER}: TN360_IDENTITY_BASE_URL, TN360_CLIENT_ID and TN360_CLIENT_SECRET are not all configured.`,
      );
    }
    await this.pace?.(BUCKETS.token);
    const basic = btoa(String.fromCharCode(...utf8.encode(`${clientId}:${secret}`)));
    const { username, password } = this.login;
    const response = await providerFetch(PROVIDER, `${this.identityUrl}${TOKEN_PATH}`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams({ grant_type: "password", username, password, scope: "openid" }).toString(),
      timeoutMs: this.timeoutMs,
    });
    // OAuth answers a refused grant with 400 `invalid_grant`, a refused client with 400/401 `invalid_client`.
    if (response.status === 400 || response.status === 401) {
      const client = /invalid_client/.test(await response.text().catch(() => ""));
      throw new ProviderError(
        client ? "unavailable" : "unauthorized",
        client
          ? `${PROVIDER} refused the integrator's client (TN360_CLIENT_ID/TN360_CLIENT_SECRET).`
          : `${PROVIDER} rejected the username or password.`,
      );
    }
    throwIfThrottled(response);
    const body = (await readJson(PROVIDER, await expectOk(PROVIDER, response))) as Record<string, unknown> | null;
    const { access_token: access, expires_in: expiresIn } = body ?? {};
    if (typeof access !== "string" || !access || typeof expiresIn !== "number") {
      throw new ProviderError("malformed", `${PROVIDER}: the token endpoint answered no access token.`);
    }
    const token = {
      accessToken: access,
      renewAt: renewAt(Date.now(), expiresIn),
      passwordDigest: await passwordDigest(password),
    };
    rememberToken(this.key, token);
    return token;
  }

  /** `GET {base}{path}?query` with the token: the JSON answer. */
  async get(bucket: Tn360Bucket, path: string, query: Record<string, string> = {}): Promise<unknown> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const token = await this.token();
    let response = await this.send(bucket, url, token.accessToken);
    if (response.status === 401) {
      // Expired or revoked: one new login, one retry (a sync never fails on an expired token).
      await response.body?.cancel();
      forgetToken(this.key, token.accessToken);
      response = await this.send(bucket, url, (await this.acquire()).accessToken);
      if (response.status === 401) {
        await response.body?.cancel();
        throw new ProviderError("unauthorized", `${PROVIDER} refused a token it had just issued.`);
      }
    }
    throwIfThrottled(response);
    if (response.status === 403) {
      await response.body?.cancel();
      throw new Tn360ForbiddenError(path);
    }
    if (response.status === 404) {
      await response.body?.cancel();
      throw new Tn360NotFoundError(path);
    }
    return readJson(PROVIDER, await expectOk(PROVIDER, response));
  }

  private async token(): Promise<Tn360Token> {
    return cachedToken(this.key, await passwordDigest(this.login.password)) ?? (await this.acquire());
  }

  private async send(bucket: Tn360Bucket, url: URL, token: string): Promise<Response> {
    await this.pace?.(bucket);
    return providerFetch(PROVIDER, url, {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
      timeoutMs: this.timeoutMs,
    });
  }
}

/** 429 (TN360 documents no throttle signal; this is the HTTP one [UNVERIFIED]) → rate_limited. */
function throwIfThrottled(response: Response): void {
  if (response.status !== 429) return;
  void response.body?.cancel();
  throw new ProviderError(
    "rate_limited",
    `${PROVIDER} answered 429`,
    parseRetryAfter(response.headers.get("retry-after")) ?? DEFAULT_RETRY_AFTER_SECONDS,
  );
}

/** The login of a connection's credentials (validated by credentialFields on creation). */
export function loginOf(credentials: Readonly<Record<string, string>>): Tn360Login {
  const { username, password } = credentials;
  if (!username || !password) {
    throw new ProviderError("unauthorized", `${PROVIDER}: the connection has no username and password.`);
  }
  return { username, password };
}
