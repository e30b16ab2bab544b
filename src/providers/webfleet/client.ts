import { providerTimeoutMs } from "../../config";
import type { Env } from "../../env";
import { ProviderError } from "../errors";
import { expectOk, providerFetch } from "../http";
import type { LiveReadRequest, Pacer } from "../types";
import { NO_DATA, webfleetFailure } from "./errors";
import { quotaRetrySeconds, type WebfleetPaceSettings } from "./pace";

export const PROVIDER = "Webfleet";

/** What a connection's credentials hold (credentialFields of the adapter). */
export type WebfleetLogin = { accountName: string; username: string; password: string };

export type WebfleetEnv = Pick<Env, "WEBFLEET_BASE_URL" | "WEBFLEET_API_KEY" | "PROVIDER_TIMEOUT_MS"> &
  WebfleetPaceSettings;

/**
 * A WEBFLEET.connect client: every action is `GET <base>/extern?action=…` with the account, user
 * and password of the connection and the integrator's API key (deployment configuration) on
 * every call: there is no token to expire, so nothing to cache or refresh. JSON output and ISO
 * 8601 times in UTC are asked for on every call (the defaults are CSV and the account's zone).
 * Each call is paced in its action's bucket (per-action quotas, pace.ts).
 */
export class WebfleetClient {
  constructor(
    private readonly env: WebfleetEnv,
    private readonly login: WebfleetLogin,
    private readonly pace?: Pacer,
  ) {}

  /** One action's rows: the bare array of flat objects WEBFLEET.connect answers. */
  async rows(action: string, params: Readonly<Record<string, string>> = {}): Promise<unknown[]> {
    const apiKey = this.env.WEBFLEET_API_KEY;
    if (!apiKey) throw new ProviderError("unavailable", "Webfleet: WEBFLEET_API_KEY is not configured.");
    await this.pace?.(action);
    const url = new URL("/extern", this.env.WEBFLEET_BASE_URL);
    const query = {
      action,
      account: this.login.accountName,
      username: this.login.username,
      password: this.login.password,
      apikey: apiKey,
      lang: "en",
      outputformat: "json",
      useISO8601: "true",
      useUTF8: "true",
      ...params,
    };
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const response = await providerFetch(PROVIDER, url, {
      headers: { accept: "application/json" },
      timeoutMs: providerTimeoutMs(this.env),
    });
    await expectOk(PROVIDER, response);
    const text = await response.text();
    const code = response.headers.get("x-webfleet-errorcode");
    const body = parseBody(text);
    const error = errorOf(code, response.headers.get("x-webfleet-errormessage"), body);
    if (error) {
      if (error.code === NO_DATA) return [];
      throw webfleetFailure(action, error.code, error.message, quotaRetrySeconds(this.env, action));
    }
    if (text.trim() === "") return [];
    if (!Array.isArray(body)) throw new ProviderError("malformed", `Webfleet: ${action} did not answer a list.`);
    return body;
  }
}

const UNPARSED = Symbol("unparsed");

function parseBody(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return UNPARSED;
  }
}

/** The error an answer carries: its headers, else a `{ errorCode, errorMsg }` body. */
function errorOf(
  header: string | null,
  headerMessage: string | null,
  body: unknown,
): { code: number; message: string } | undefined {
  if (header !== null && header.trim() !== "") {
    const code = Number(header);
    return { code: Number.isFinite(code) ? code : -1, message: headerMessage ?? "" };
  }
  if (body === UNPARSED) throw new ProviderError("malformed", "Webfleet: the answer is not valid JSON.");
  if (body && typeof body === "object" && !Array.isArray(body) && "errorCode" in body) {
    const { errorCode, errorMsg } = body as { errorCode: unknown; errorMsg?: unknown };
    return { code: Number(errorCode), message: typeof errorMsg === "string" ? errorMsg : "" };
  }
  return undefined;
}

/** The client of a connection's reads, paced with the connection's other requests. */
export function webfleetClient(request: LiveReadRequest): WebfleetClient {
  return new WebfleetClient(request.context.env, loginOf(request.credentials), request.context.pace);
}

/** The login of a connection's credentials (validated by credentialFields on creation). */
export function loginOf(credentials: Readonly<Record<string, string>>): WebfleetLogin {
  const { accountName, username, password } = credentials;
  if (!accountName || !username || !password) {
    throw new ProviderError(
      "unauthorized",
      "Webfleet: the connection's credentials lack an account, user or password.",
    );
  }
  return { accountName, username, password };
}
