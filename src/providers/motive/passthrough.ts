import { ProviderError } from "../errors";
import type { LiveReadRequest, PassthroughRequest, PassthroughSource } from "../types";
import { motiveAuthorization, PROVIDER } from "./client";

/**
 * Passthrough to Motive's own API (providers-families.md 2.8), at the adapter's one conservative
 * pace: the caller's request sent under the API base the client reads from, with the company API
 * key in `X-Api-Key` or the OAuth grant's access token (client.ts motiveAuthorization). The caller's headers go as they are, `X-Time-Zone`, `X-Metric-Units` and
 * `X-User-Id` included (they change values, never field names); none is added for it, so Motive
 * answers in the company's own units and zone unless the caller asks otherwise. Motive's answer
 * is returned untouched, its body unread, whatever its status.
 */
export const motivePassthrough: PassthroughSource = { pace: "api", send: sendPassthrough };

async function sendPassthrough(request: LiveReadRequest, passthrough: PassthroughRequest): Promise<Response> {
  const headers = new Headers(passthrough.headers);
  // The connection's own authorization, whatever key the caller may have tried to send.
  headers.delete("X-Api-Key");
  for (const [name, value] of Object.entries(motiveAuthorization(request.credentials))) headers.set(name, value);
  await request.context.pace?.(motivePassthrough.pace);
  // Appended, not resolved: a base URL with a path (a proxy) keeps it, as the client does.
  const url = `${request.context.env.MOTIVE_BASE_URL.replace(/\/+$/, "")}${passthrough.path}`;
  try {
    return await fetch(url, {
      method: passthrough.method,
      headers,
      ...(passthrough.body !== undefined && passthrough.method !== "GET" ? { body: passthrough.body } : {}),
      signal: passthrough.signal,
    });
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new ProviderError("timeout", `${PROVIDER} did not answer the passthrough request in time.`);
    }
    throw new ProviderError("unavailable", `${PROVIDER} could not be reached.`);
  }
}
