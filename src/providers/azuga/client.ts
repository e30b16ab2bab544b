import { providerTimeoutMs } from "../../config";
import type { Env } from "../../env";
import { ProviderError } from "../errors";
import { parseRetryAfter, providerFetch } from "../http";
import type { LiveReadRequest, Pacer } from "../types";
import { type AzugaBucket, ENDPOINTS } from "./pace";
import { envelope, loginAnswer } from "./payloads";
import { type AzugaToken, cachedToken, forgetToken, passwordDigest, rememberToken, tokenKey } from "./tokens";

export const PROVIDER = "Azuga";
export const DEFAULT_AUTH_BASE_URL = "https://auth.azuga.com";
export const DEFAULT_BASE_URL = "https://services.azuga.com";
const LOGIN_PATH = "/azuga-as/oauth2/login/oauthtoken.json";
/** The v3 OAuth data API and the reports API, both on the services host. */
export const API_PATH = "/azuga-ws-oauth/v3";
export const REPORTS_PATH = "/reports/v3/reports";

export type AzugaLogin = { username: string; password: string };
type Settings = Pick<Env, "AZUGA_AUTH_BASE_URL" | "AZUGA_BASE_URL" | "AZUGA_CLIENT_ID" | "PROVIDER_TIMEOUT_MS">;

/** The login refused the user name or password (or the integrator's client id). */
export class AzugaLoginRefused extends ProviderError {
  constructor(message: string) {
    super("unauthorized", message);
    this.name = "AzugaLoginRefused";
  }
}

/** A data call answered 401: the token expired or was revoked. */
class AzugaTokenRefused extends ProviderError {
  constructor(message: string) {
    super("unauthorized", message);
    this.name = "AzugaTokenRefused";
  }
}

/**
 * A small client of Azuga's OAuth flavour over providerFetch: a Bearer token from the login
 * (cached per isolate, tokens.ts; renewed once when a data call answers 401), POST-only data
 * endpoints with JSON bodies, the `{generatedAtInMillis, data, error}` envelope (only a non-empty
 * `error` is a failure) and the status codes mapped to the ProviderError kinds the engine acts on.
 */
export class AzugaClient {
  private readonly authUrl: string;
  private readonly baseUrl: string;
  private readonly clientId: string;
  private readonly key: string;
  private readonly timeoutMs: number;

  constructor(
    env: Settings,
    private readonly login: AzugaLogin,
    private readonly pace?: Pacer,
  ) {
    this.authUrl = (env.AZUGA_AUTH_BASE_URL || DEFAULT_AUTH_BASE_URL).replace(/\/+$/, "");
    this.baseUrl = (env.AZUGA_BASE_URL || DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.clientId = env.AZUGA_CLIENT_ID ?? "";
    this.timeoutMs = providerTimeoutMs(env);
    this.key = tokenKey(this.authUrl, login.username);
  }

  static of(request: LiveReadRequest): AzugaClient {
    return new AzugaClient(request.context.env, loginOf(request.credentials), request.context.pace);
  }

  /** Logs in with the user name and password; AzugaLoginRefused when refused. */
  async authenticate(): Promise<AzugaToken> {
    if (!this.clientId) {
      throw new ProviderError(
        "unavailable",
        `${PROVIDER}: AZUGA_CLIENT_ID (the integrator's client id) is not configured.`,
      );
    }
    const url = new URL(`${this.authUrl}${LOGIN_PATH}`);
    url.searchParams.set("loginType", "1");
    const body = { userName: this.login.username, password: this.login.password, clientId: this.clientId };
    const data = await this.send(ENDPOINTS.login, url, body).catch((error: unknown) => {
      if (error instanceof ProviderError && error.kind === "unauthorized") {
        throw new AzugaLoginRefused(`${PROVIDER} refused the user name or password.`);
      }
      throw error;
    });
    const parsed = loginAnswer.safeParse(data);
    if (!parsed.success) throw new ProviderError("malformed", `${PROVIDER}: the login answered without a token.`);
    const token = {
      token: parsed.data.access_token,
      expiresAt: Date.now() + parsed.data.expires_in * 1000,
      passwordDigest: await passwordDigest(this.login.password),
    };
    rememberToken(this.key, token);
    return token;
  }

  /** `POST {v3}{path}` (or `{reports}{path}`) with the token: the envelope's `data`. */
  async post(
    bucket: AzugaBucket,
    path: string,
    options: { query?: Record<string, string>; body?: unknown; reports?: boolean } = {},
  ): Promise<unknown> {
    const url = new URL(`${this.baseUrl}${options.reports ? REPORTS_PATH : API_PATH}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const token = await this.token();
    try {
      return await this.send(bucket, url, options.body ?? {}, token.token);
    } catch (error) {
      if (!(error instanceof AzugaTokenRefused)) throw error;
      forgetToken(this.key, token.token);
      const renewed = await this.authenticate();
      return await this.send(bucket, url, options.body ?? {}, renewed.token);
    }
  }

  private async token(): Promise<AzugaToken> {
    return cachedToken(this.key, await passwordDigest(this.login.password)) ?? (await this.authenticate());
  }

  private async send(bucket: AzugaBucket, url: URL, body: unknown, token?: string): Promise<unknown> {
    await this.pace?.(bucket);
    const response = await providerFetch(PROVIDER, url, {
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      timeoutMs: this.timeoutMs,
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      if (!response.ok) throw failure(url, response, text, token !== undefined);
      throw new ProviderError("malformed", `${PROVIDER}: ${url.pathname} sent a body that is not valid JSON.`);
    }
    const answer = envelope.safeParse(parsed);
    const errors = answer.success ? (answer.data.error ?? []) : [];
    if (!response.ok || errors.length > 0) throw failure(url, response, errorText(errors) || text, token !== undefined);
    if (!answer.success) {
      throw new ProviderError("malformed", `${PROVIDER}: ${url.pathname} answered without its {data, error} envelope.`);
    }
    return answer.data.data;
  }
}

const errorText = (errors: unknown[]) =>
  errors.map((error) => (typeof error === "string" ? error : JSON.stringify(error))).join("; ");

/**
 * A failed answer as the ProviderError the engine acts on. A 429 says in its text how many
 * seconds to wait (a Retry-After header is read too); without either, the quota's minute.
 */
export function failure(url: URL, response: Response, detail: string, withToken: boolean): ProviderError {
  const status = response.status;
  const message = `${PROVIDER}: ${url.pathname} failed with ${status}${detail ? ` (${detail.slice(0, 200)})` : ""}.`;
  if (status === 401 || status === 403) {
    return withToken && status === 401 ? new AzugaTokenRefused(message) : new ProviderError("unauthorized", message);
  }
  if (status === 429) {
    const stated = /(\d+(?:\.\d+)?)\s*sec/i.exec(detail)?.[1];
    const wait = parseRetryAfter(response.headers.get("retry-after")) ?? (stated ? Number(stated) : 60);
    return new ProviderError("rate_limited", message, wait);
  }
  if (status >= 500 || status === 408) return new ProviderError("unavailable", message);
  return new ProviderError("malformed", message);
}

/** The login of a connection's credentials (validated by credentialFields on creation). */
export function loginOf(credentials: Readonly<Record<string, string>>): AzugaLogin {
  const { username, password } = credentials;
  if (!username || !password) {
    throw new ProviderError("unauthorized", `${PROVIDER}: the connection's credentials lack a user name or password.`);
  }
  return { username, password };
}
