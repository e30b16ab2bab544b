import { ProviderError } from "../errors";
import type { LiveReadRequest, PassthroughRequest, PassthroughSource } from "../types";
import { PROVIDER, samsaraBaseUrl, samsaraCredentials } from "./client";

/**
 * Passthrough to Samsara's API (providers-families.md 1.8): any path under the region's base URL
 * (legacy `/v1/…` paths included) with the connection's API token as a bearer token, the
 * caller's method, headers and body; the caller's `X-Samsara-Version` goes as it came (none is
 * pinned here, so Samsara answers in the account's default version, as the adapter's own reads
 * are). Paced per token: a path may be any endpoint, and the token's limit is the one they all
 * share (providers.md 1.3); an endpoint's own tier answers 429, which is returned as it came.
 */
export const samsaraPassthrough: PassthroughSource = { pace: "token", send: sendToSamsara };

async function sendToSamsara(request: LiveReadRequest, passthrough: PassthroughRequest): Promise<Response> {
  const credentials = samsaraCredentials(request.credentials);
  await request.context.pace?.(samsaraPassthrough.pace);
  const headers = new Headers(passthrough.headers);
  // Set, not appended: the connection's token is the only authorization Samsara sees.
  headers.set("authorization", `Bearer ${credentials.apiToken}`);
  // A GET carries no body (fetch refuses one).
  const hasBody = passthrough.body !== undefined && passthrough.method !== "GET";
  try {
    // Redirects are returned, not followed: a redirect elsewhere must not carry the token there.
    return await fetch(`${samsaraBaseUrl(request.context.env, credentials.region)}${passthrough.path}`, {
      method: passthrough.method,
      headers,
      ...(hasBody ? { body: passthrough.body } : {}),
      redirect: "manual",
      signal: passthrough.signal,
    });
  } catch (error) {
    if (passthrough.signal.aborted || (error instanceof Error && error.name === "AbortError")) {
      throw new ProviderError("timeout", `${PROVIDER} did not answer the passthrough request in time.`);
    }
    throw new ProviderError("unavailable", `${PROVIDER} could not be reached.`);
  }
}
