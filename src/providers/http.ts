import { ProviderError } from "./errors";

/** How long one provider request may take before it counts as a timeout. */
export const PROVIDER_TIMEOUT_MS = 15_000;

/**
 * Parses a Retry-After header: seconds (possibly fractional, as Samsara sends them) or an
 * HTTP date. Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

/**
 * One HTTP request to a provider, with a timeout, mapping transport failures and HTTP
 * statuses to ProviderError kinds the sync engine acts on (429 → rate_limited with its
 * Retry-After; 401 → unauthorized; 5xx → unavailable; abort → timeout). Adapters map
 * provider-specific statuses (e.g. 403 for a missing scope) before calling `expectOk`.
 */
export async function providerFetch(
  provider: string,
  input: string | URL,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Response> {
  const { timeoutMs = PROVIDER_TIMEOUT_MS, ...rest } = init;
  try {
    return await fetch(input, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new ProviderError("timeout", `${provider} did not answer within ${timeoutMs} ms.`);
    }
    throw new ProviderError("unavailable", `${provider} could not be reached.`);
  }
}

/** Throws the ProviderError an unsuccessful response means; returns it when it is a 2xx. */
export async function expectOk(provider: string, response: Response): Promise<Response> {
  if (response.ok) return response;
  const detail = await response.text().catch(() => "");
  const message = `${provider} answered ${response.status}${detail ? `: ${detail.slice(0, 200)}` : ""}`;
  if (response.status === 429) {
    throw new ProviderError("rate_limited", message, parseRetryAfter(response.headers.get("retry-after")));
  }
  if (response.status === 401) throw new ProviderError("unauthorized", message);
  if (response.status >= 500) throw new ProviderError("unavailable", message);
  throw new ProviderError("malformed", message);
}

/** The JSON body of a response; a body that is not JSON is a malformed (truncated) answer. */
export async function readJson(provider: string, response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError("malformed", `${provider} sent a body that is not valid JSON.`);
  }
}
