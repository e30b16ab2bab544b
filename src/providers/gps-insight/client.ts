import { providerTimeoutMs } from "../../config";
import type { Env } from "../../env";
import { ProviderError } from "../errors";
import { expectOk, parseRetryAfter, providerFetch } from "../http";
import type { LiveReadRequest, Pacer } from "../types";
import { type Envelope, envelope, loginData } from "./payloads";
import {
  cachedSession,
  forgetSession,
  type GpsInsightSession,
  passwordDigest,
  rememberSession,
  sessionKey,
} from "./sessions";

export const PROVIDER = "GPS Insight";

export type GpsInsightLogin = { username: string; password: string };

/** The session token was refused (403 "Forbidden (session does not exist)"): expired or revoked. */
export class GpsInsightSessionGone extends ProviderError {
  constructor(message: string) {
    super("unauthorized", message);
    this.name = "GpsInsightSessionGone";
  }
}

/** `userauth/login` refused the user name or password. */
export class GpsInsightLoginRefused extends ProviderError {
  constructor(message: string) {
    super("unauthorized", message);
    this.name = "GpsInsightLoginRefused";
  }
}

/**
 * A small GPS Insight API v2 client over providerFetch: `GET {base}/{class}/{method}/json` with
 * the `session_token` query parameter, the session cache (sessions.ts), one new login when a
 * token is refused, and the `{head, errors, data}` envelope (whatever the HTTP status, which the
 * reference leaves unverified) mapped to the ProviderError kinds the sync engine acts on.
 */
export class GpsInsightClient {
  private readonly base: string;
  private readonly key: string;

  /** Who the client reads as (the API's address and the user): a key for what is cached per login. */
  get loginKey(): string {
    return this.key;
  }
  private readonly timeoutMs: number;

  constructor(
    env: Pick<Env, "GPS_INSIGHT_BASE_URL" | "PROVIDER_TIMEOUT_MS">,
    private readonly login: GpsInsightLogin,
    private readonly pace?: Pacer,
  ) {
    this.base = (env.GPS_INSIGHT_BASE_URL || "https://api.gpsinsight.com/v2").replace(/\/+$/, "");
    this.timeoutMs = providerTimeoutMs(env);
    this.key = sessionKey(this.base, login.username);
  }

  /** The client of a connection's reads, paced with the connection's other requests. */
  static of(request: LiveReadRequest): GpsInsightClient {
    return new GpsInsightClient(request.context.env, loginOf(request.credentials), request.context.pace);
  }

  /** Logs in with the password and caches the token; GpsInsightLoginRefused when refused. */
  async authenticate(): Promise<GpsInsightSession> {
    const data = await this.request("userauth/login", {
      username: this.login.username,
      password: this.login.password,
    }).catch((error: unknown) => {
      // On login, a 401/403 is the user name or password, not a session.
      if (error instanceof ProviderError && error.kind === "unauthorized") {
        throw new GpsInsightLoginRefused(`${PROVIDER} refused the user name or password.`);
      }
      throw error;
    });
    const parsed = loginData.safeParse(Array.isArray(data) ? data[0] : data);
    if (!parsed.success) throw new ProviderError("malformed", `${PROVIDER}: userauth/login answered without a token.`);
    const session = {
      token: parsed.data.token,
      passwordDigest: await passwordDigest(this.login.password),
      obtainedAt: Date.now(),
    };
    rememberSession(this.key, session);
    return session;
  }

  /**
   * `{class}/{method}` with the session: its `data` as a list (a single object is a list of one).
   * A refused session logs in again once and retries; a second refusal is `unauthorized`.
   */
  async list(method: string, params: Record<string, string> = {}): Promise<unknown[]> {
    const session = await this.session();
    let data: unknown;
    try {
      data = await this.request(method, { ...params, session_token: session.token });
    } catch (error) {
      if (!(error instanceof GpsInsightSessionGone)) throw error;
      forgetSession(this.key, session.token);
      const renewed = await this.authenticate();
      data = await this.request(method, { ...params, session_token: renewed.token });
    }
    if (data === undefined || data === null) return [];
    if (Array.isArray(data)) return data;
    if (typeof data === "object") return [data];
    throw new ProviderError("malformed", `${PROVIDER}: ${method} answered data that is not a list.`);
  }

  private async session(): Promise<GpsInsightSession> {
    return cachedSession(this.key, await passwordDigest(this.login.password)) ?? (await this.authenticate());
  }

  private async request(method: string, params: Record<string, string>): Promise<unknown> {
    await this.pace?.(method === "userauth/login" ? "login" : undefined);
    const url = new URL(`${this.base}/${method}/json`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const response = await providerFetch(PROVIDER, url, {
      headers: { accept: "application/json" },
      timeoutMs: this.timeoutMs,
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      if (!response.ok) await expectOk(PROVIDER, new Response(text, response));
      throw new ProviderError("malformed", `${PROVIDER}: ${method} sent a body that is not valid JSON.`);
    }
    const parsed = envelope.safeParse(body);
    if (!parsed.success) {
      if (!response.ok) await expectOk(PROVIDER, new Response(text, response));
      throw new ProviderError("malformed", `${PROVIDER}: ${method} answered without its {head, data} envelope.`);
    }
    if (parsed.data.head.status.toUpperCase() === "OK" && response.ok) return parsed.data.data;
    throw failure(method, parsed.data, response);
  }
}

/** An ERROR answer as the ProviderError the sync engine acts on, by its error code (else the HTTP status). */
export function failure(method: string, answer: Envelope, response: Response): ProviderError {
  const [first] = answer.errors ?? [];
  const code = Number(first?.code ?? response.status);
  const message = `${PROVIDER}: ${method} failed with ${code}${first?.message ? ` (${first.message.slice(0, 200)})` : ""}.`;
  if (code === 403 && /session/i.test(first?.message ?? "")) return new GpsInsightSessionGone(message);
  if (code === 401 || code === 403) return new ProviderError("unauthorized", message);
  if (code === 429) {
    return new ProviderError("rate_limited", message, parseRetryAfter(response.headers.get("retry-after")));
  }
  if (code >= 500 || code === 408) return new ProviderError("unavailable", message);
  return new ProviderError("malformed", message);
}

/** The login of a connection's credentials (validated by credentialFields on creation). */
export function loginOf(credentials: Readonly<Record<string, string>>): GpsInsightLogin {
  const { username, password } = credentials;
  if (!username || !password) {
    throw new ProviderError("unauthorized", `${PROVIDER}: the connection's credentials lack a user name or password.`);
  }
  return { username, password };
}
