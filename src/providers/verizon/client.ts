import { providerTimeoutMs } from "../../config";
import type { Env } from "../../env";
import { utf8 } from "../../lib/encoding";
import { ProviderError } from "../errors";
import { expectOk, parseRetryAfter, providerFetch, readJson } from "../http";
import type { Pacer, ProviderContext } from "../types";
import { cachedToken, forgetToken, passwordDigest, rememberToken, tokenKey, type VerizonToken } from "./tokens";

export const PROVIDER = "Verizon Connect Reveal";

/** The US Fleetmatics Integration Manager host (providers-more.md 1.1); EU tenants set VERIZON_BASE_URL. */
export const VERIZON_DEFAULT_BASE_URL = "https://fim.api.us.fleetmatics.com";

/**
 * Delay before retrying a throttled request that names none: Verizon publishes no limits nor
 * windows, and integrators see bursts refused, so a few seconds spreads the retries.
 */
export const VERIZON_DEFAULT_RETRY_AFTER_SECONDS = 5;

/** The body one tenant answers a token it no longer takes with, as a 400 instead of a 401 [LIB]. */
const INVALID_TOKEN = /provided token has an invalid format/i;
/** Mashery gateway codes of a throttled request (`ERR_403_DEVELOPER_OVER_QPS`, `…_OVER_RATE`). */
const MASHERY_THROTTLED = /OVER_(QPS|RATE)|RATE_LIMIT|QUOTA/i;

/**
 * A 403 or 404 that is not throttling: the integrator's app is not enabled for this API product
 * (providers-more.md 1.1). Not the credentials' fault: readers report it as an issue.
 */
export class VerizonForbiddenError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
  ) {
    super(`${PROVIDER} refused access to ${path} (${status}): the API product is not enabled for the app.`);
    this.name = "VerizonForbiddenError";
  }
}

export type VerizonLogin = { username: string; password: string };

/**
 * A small client over providerFetch: the token from `GET /token` (HTTP Basic, plain-text answer),
 * cached per isolate (tokens.ts), sent with the integrator's Atmosphere app id on every data call
 * (`Authorization: Atmosphere atmosphere_app_id=<AppId>, Bearer <token>`), renewed once when
 * Verizon refuses it, and the gateway's throttling (429, or 403 with a Mashery error code) as
 * `rate_limited`.
 */
export class VerizonClient {
  private readonly baseUrl: string;
  private readonly appId: string;
  private readonly key: string;
  private readonly timeoutMs: number;

  constructor(
    env: Pick<Env, "VERIZON_BASE_URL" | "VERIZON_APP_ID" | "PROVIDER_TIMEOUT_MS">,
    private readonly login: VerizonLogin,
    private readonly pace?: Pacer,
  ) {
    this.baseUrl = (env.VERIZON_BASE_URL || VERIZON_DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.appId = env.VERIZON_APP_ID ?? "";
    this.timeoutMs = providerTimeoutMs(env);
    this.key = tokenKey(this.baseUrl, login.username);
  }

  static of(context: ProviderContext, credentials: Readonly<Record<string, string>>): VerizonClient {
    const { username, password } = credentials;
    if (!username || !password) {
      throw new ProviderError("unauthorized", `${PROVIDER}: the connection has no username and password.`);
    }
    return new VerizonClient(context.env, { username, password }, context.pace);
  }

  /** GET a data path: the parsed JSON body. */
  get(path: string, query: Record<string, string> = {}): Promise<unknown> {
    return this.call("GET", path, query);
  }

  /** POST a JSON body to a data path (the bulk location and status reads). */
  post(path: string, body: unknown): Promise<unknown> {
    return this.call("POST", path, {}, JSON.stringify(body));
  }

  /**
   * `GET /token` with HTTP Basic: the bare token (some tenants quote it; one integrator met a
   * JSON body). A 401 or 403 is `unauthorized`: the username or password is wrong.
   */
  async acquire(): Promise<VerizonToken> {
    await this.pace?.("token");
    // Basic auth of the UTF-8 bytes (a password may hold any character).
    const basic = btoa(String.fromCharCode(...utf8.encode(`${this.login.username}:${this.login.password}`)));
    const response = await providerFetch(PROVIDER, `${this.baseUrl}/token`, {
      headers: { Authorization: `Basic ${basic}`, Accept: "text/plain" },
      timeoutMs: this.timeoutMs,
    });
    if (response.status === 401 || (response.status === 403 && !response.headers.get("x-mashery-error-code"))) {
      await response.body?.cancel();
      throw new ProviderError("unauthorized", `${PROVIDER} rejected the username or password (${response.status}).`);
    }
    await this.throwIfThrottled(response);
    const token = tokenOf(await (await expectOk(PROVIDER, response)).text());
    if (!token) throw new ProviderError("malformed", `${PROVIDER}: /token answered no token.`);
    const issued = { token, issuedAt: Date.now(), passwordDigest: await passwordDigest(this.login.password) };
    rememberToken(this.key, issued);
    return issued;
  }

  private async token(): Promise<VerizonToken> {
    return cachedToken(this.key, await passwordDigest(this.login.password)) ?? (await this.acquire());
  }

  private async call(method: "GET" | "POST", path: string, query: Record<string, string>, body?: string) {
    if (!this.appId) {
      throw new ProviderError(
        "unavailable",
        `${PROVIDER}: VERIZON_APP_ID (the integrator's app id) is not configured.`,
      );
    }
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const token = await this.token();
    let response = await this.send(method, url, token.token, body);
    if (await refusedToken(response)) {
      forgetToken(this.key, token.token);
      response = await this.send(method, url, (await this.acquire()).token, body);
      if (await refusedToken(response)) {
        throw new ProviderError("unauthorized", `${PROVIDER} refused a token it had just issued (${response.status}).`);
      }
    }
    await this.throwIfThrottled(response);
    if (response.status === 403 || response.status === 404) {
      await response.body?.cancel();
      throw new VerizonForbiddenError(path, response.status);
    }
    return readJson(PROVIDER, await expectOk(PROVIDER, response));
  }

  private async send(method: string, url: URL, token: string, body?: string): Promise<Response> {
    await this.pace?.();
    return providerFetch(PROVIDER, url, {
      method,
      headers: {
        Authorization: `Atmosphere atmosphere_app_id=${this.appId}, Bearer ${token}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body }),
      timeoutMs: this.timeoutMs,
    });
  }

  /** 429, or a 403 the Mashery gateway marks as over its rate: `rate_limited`. */
  private async throwIfThrottled(response: Response): Promise<void> {
    const mashery = response.headers.get("x-mashery-error-code") ?? "";
    const throttled = response.status === 429 || (response.status === 403 && MASHERY_THROTTLED.test(mashery));
    if (!throttled) return;
    const detail = response.headers.get("x-mashery-error-detail") ?? response.headers.get("x-error-detail-header");
    await response.body?.cancel();
    throw new ProviderError(
      "rate_limited",
      `${PROVIDER} answered ${response.status}${mashery ? ` ${mashery}` : ""}${detail ? `: ${detail.slice(0, 200)}` : ""}`,
      parseRetryAfter(response.headers.get("retry-after")) ?? VERIZON_DEFAULT_RETRY_AFTER_SECONDS,
    );
  }
}

/**
 * Whether Verizon refused the token: a 401, or the 400 `The provided token has an invalid
 * format.` one tenant answers instead. The body of such a 400 is read; any other is left intact.
 */
async function refusedToken(response: Response): Promise<boolean> {
  if (response.status === 401) {
    await response.body?.cancel();
    return true;
  }
  if (response.status !== 400) return false;
  const text = await response.clone().text();
  if (!INVALID_TOKEN.test(text)) return false;
  await response.body?.cancel();
  return true;
}

/** The token of a `/token` answer: the bare text, unquoted, or a JSON string or `{ token }`. */
export function tokenOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    try {
      const body = JSON.parse(trimmed) as Record<string, unknown>;
      const token = body.token ?? body.Token ?? body.access_token;
      return typeof token === "string" && token.trim() ? token.trim() : undefined;
    } catch {
      return undefined;
    }
  }
  const unquoted = trimmed.replace(/^"(.*)"$/s, "$1").trim();
  return unquoted || undefined;
}
