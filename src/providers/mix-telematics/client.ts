import { providerTimeoutMs } from "../../config";
import type { Env } from "../../env";
import { utf8 } from "../../lib/encoding";
import { ProviderError } from "../errors";
import { expectOk, parseRetryAfter, providerFetch } from "../http";
import type { Pacer, ProviderContext } from "../types";
import { parseMixJson } from "./json";
import { cachedToken, forgetToken, type MixToken, passwordDigest, rememberToken, renewAt, tokenKey } from "./tokens";

export const PROVIDER = "MiX Telematics";

/** MiX's data centres (providers-more.md section 3); `us` unless the connection names another. */
export const MIX_REGIONS = ["uk", "za", "ent", "us", "au", "om", "alg"] as const;
export const MIX_DEFAULT_IDENTITY_URL = "https://identity.{region}.mixtelematics.com";
export const MIX_DEFAULT_BASE_URL = "https://integrate.{region}.mixtelematics.com";
/** MiX documents no throttling; a 429 without Retry-After is retried after this. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

type MixEnv = Pick<
  Env,
  "MIX_IDENTITY_BASE_URL" | "MIX_BASE_URL" | "MIX_CLIENT_ID" | "MIX_CLIENT_SECRET" | "PROVIDER_TIMEOUT_MS"
>;

/** A setting's URL for the region: `{region}` replaced, no trailing slash. */
const hostOf = (template: string, region: string) => template.replace("{region}", region).replace(/\/+$/, "");

/**
 * A client of MiX Integrate: the OpenID Connect resource-owner password grant at
 * `{identity}/core/connect/token` with the integrator's client (HTTP Basic; MIX_CLIENT_ID and
 * MIX_CLIENT_SECRET, deployment configuration), the token cached per isolate (tokens.ts),
 * renewed with its refresh token before it expires (a password login when that fails), and
 * re-acquired once when MiX refuses it (401). Data calls are Bearer; 204 is an empty answer;
 * ids are read exactly (json.ts).
 */
export class MixClient {
  readonly apiUrl: string;
  private readonly identityUrl: string;
  private readonly key: string;

  /** Who the client reads as (identity server, application, user): a key for what is cached per login. */
  get loginKey(): string {
    return this.key;
  }
  private readonly timeoutMs: number;

  constructor(
    private readonly env: MixEnv,
    private readonly login: { username: string; password: string; region: string },
    private readonly pace?: Pacer,
  ) {
    this.identityUrl = hostOf(env.MIX_IDENTITY_BASE_URL || MIX_DEFAULT_IDENTITY_URL, login.region);
    this.apiUrl = hostOf(env.MIX_BASE_URL || MIX_DEFAULT_BASE_URL, login.region);
    this.timeoutMs = providerTimeoutMs(env);
    this.key = tokenKey(this.identityUrl, env.MIX_CLIENT_ID ?? "", login.username);
  }

  static of(context: ProviderContext, credentials: Readonly<Record<string, string>>): MixClient {
    const { username, password } = credentials;
    if (!username || !password) {
      throw new ProviderError("unauthorized", `${PROVIDER}: the connection has no username and password.`);
    }
    const region = credentials.region?.trim().toLowerCase() || "us";
    if (!(MIX_REGIONS as readonly string[]).includes(region)) {
      throw new ProviderError("unauthorized", `${PROVIDER}: unknown data centre ${region}.`);
    }
    return new MixClient(context.env, { username, password, region }, context.pace);
  }

  get(path: string): Promise<unknown> {
    return this.call("GET", path);
  }

  /** POST a JSON body (already written: ids must stay exact, json.ts). */
  post(path: string, body: string): Promise<unknown> {
    return this.call("POST", path, body);
  }

  /** A password login (verify uses it: a refused password is invalid credentials). */
  async acquire(): Promise<MixToken> {
    const { username, password } = this.login;
    return this.grant({ grant_type: "password", username, password, scope: "offline_access MiX.Integrate" });
  }

  private async token(): Promise<MixToken> {
    const cached = cachedToken(this.key, await passwordDigest(this.login.password));
    if (cached && Date.now() < cached.renewAt) return cached;
    if (cached?.refreshToken) {
      const refreshed = await this.grant({ grant_type: "refresh_token", refresh_token: cached.refreshToken }).catch(
        (error: unknown) => {
          // A refused refresh token (expired, revoked) falls back to the password.
          if (error instanceof ProviderError && error.kind === "unauthorized") return undefined;
          throw error;
        },
      );
      if (refreshed) return refreshed;
    }
    return this.acquire();
  }

  private async grant(form: Record<string, string>): Promise<MixToken> {
    const { MIX_CLIENT_ID: clientId, MIX_CLIENT_SECRET: secret } = this.env;
    if (!clientId || !secret) {
      throw new ProviderError("unavailable", `${PROVIDER}: MIX_CLIENT_ID and MIX_CLIENT_SECRET are not configured.`);
    }
    await this.pace?.("token");
    const basic = btoa(String.fromCharCode(...utf8.encode(`${clientId}:${secret}`)));
    const response = await providerFetch(PROVIDER, `${this.identityUrl}/core/connect/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams(form).toString(),
      timeoutMs: this.timeoutMs,
    });
    // OAuth answers a refused grant with 400 `invalid_grant`; a refused client with 400/401 `invalid_client`.
    if (response.status === 400 || response.status === 401) {
      const text = await response.text().catch(() => "");
      const kind = /invalid_client/.test(text) ? "client" : "grant";
      throw new ProviderError(
        kind === "client" ? "unavailable" : "unauthorized",
        kind === "client"
          ? `${PROVIDER} refused the integrator's client (MIX_CLIENT_ID/MIX_CLIENT_SECRET).`
          : `${PROVIDER} rejected the username or password.`,
      );
    }
    await throwIfThrottled(response);
    const body = parseMixJson(PROVIDER, await (await expectOk(PROVIDER, response)).text()) as Record<string, unknown>;
    const { access_token: access, expires_in: expiresIn, refresh_token: refresh } = body ?? {};
    if (typeof access !== "string" || !access || typeof expiresIn !== "number") {
      throw new ProviderError("malformed", `${PROVIDER}: the token endpoint answered no access token.`);
    }
    const token: MixToken = {
      accessToken: access,
      ...(typeof refresh === "string" && refresh ? { refreshToken: refresh } : {}),
      renewAt: renewAt(Date.now(), expiresIn),
      passwordDigest: await passwordDigest(this.login.password),
    };
    rememberToken(this.key, token);
    return token;
  }

  private async call(method: "GET" | "POST", path: string, body?: string): Promise<unknown> {
    const url = `${this.apiUrl}/${path.replace(/^\/+/, "")}`;
    const token = await this.token();
    let response = await this.send(method, url, token.accessToken, body);
    if (response.status === 401) {
      await response.body?.cancel();
      forgetToken(this.key, token.accessToken);
      response = await this.send(method, url, (await this.acquire()).accessToken, body);
      if (response.status === 401) {
        await response.body?.cancel();
        throw new ProviderError("unauthorized", `${PROVIDER} refused a token it had just issued.`);
      }
    }
    await throwIfThrottled(response);
    if (response.status === 204) return [];
    if (response.status === 403) {
      await response.body?.cancel();
      throw new MixForbiddenError(path);
    }
    return parseMixJson(PROVIDER, await (await expectOk(PROVIDER, response)).text());
  }

  private async send(method: string, url: string, token: string, body?: string): Promise<Response> {
    await this.pace?.();
    return providerFetch(PROVIDER, url, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body }),
      timeoutMs: this.timeoutMs,
    });
  }
}

/** A 403: the user may not read this organisation or resource (readers report an issue). */
export class MixForbiddenError extends Error {
  constructor(readonly path: string) {
    super(`${PROVIDER} refused access to ${path} (403): the user lacks the permission.`);
    this.name = "MixForbiddenError";
  }
}

/** 429 (MiX documents no throttle signal; this is the HTTP one) → rate_limited. */
async function throwIfThrottled(response: Response): Promise<void> {
  if (response.status !== 429) return;
  await response.body?.cancel();
  throw new ProviderError(
    "rate_limited",
    `${PROVIDER} answered 429`,
    parseRetryAfter(response.headers.get("retry-after")) ?? DEFAULT_RETRY_AFTER_SECONDS,
  );
}
