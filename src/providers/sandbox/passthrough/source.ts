import { ProviderError } from "../../errors";
import { NOT_PACED } from "../../kit/define-adapter";
import type { PassthroughSource } from "../../types";
import { openSandbox } from "../connection-fleet";
import { errorResponse } from "./responses";
import { apiRequestOf, dispatch } from "./router";
import { SANDBOX_API } from "./routes";

/**
 * Passthrough to the sandbox: its small HTTP API (routes.ts) answered from the simulated fleet,
 * without a network. Like a real provider it answers what goes wrong at its end as HTTP: revoked
 * credentials 401, injected rate limits 429 with Retry-After, injected server errors 503. An
 * injected timeout, or a request the caller stopped waiting for, gets no answer (ProviderError).
 */
export const sandboxPassthrough: PassthroughSource = {
  pace: NOT_PACED,
  async send(request, passthrough) {
    await request.context.pace?.(NOT_PACED);
    if (passthrough.signal.aborted) throw new ProviderError("timeout", "Sandbox: the request was abandoned.");
    let fleetAt: ReturnType<typeof openSandbox>["fleetAt"];
    try {
      fleetAt = openSandbox(request).fleetAt;
    } catch (error) {
      return failureAnswer(error);
    }
    const apiRequest = apiRequestOf(passthrough);
    // The connection's authorization, as the adapter of a real provider adds it (echo shows it redacted).
    const headers = { ...apiRequest.headers, authorization: "Basic <connection credentials>" };
    return dispatch(SANDBOX_API, { ...apiRequest, headers }, fleetAt);
  },
};

/** What the sandbox answers for the failures openSandbox raises; a timeout has no answer. */
function failureAnswer(error: unknown): Response {
  if (!(error instanceof ProviderError)) throw error;
  switch (error.kind) {
    case "unauthorized":
      return errorResponse(
        "unauthorized",
        "The credentials were rejected.",
        {},
        { "www-authenticate": 'Basic realm="sandbox"' },
      );
    case "rate_limited":
      return errorResponse(
        "rate_limited",
        "Too many requests.",
        {},
        {
          "retry-after": String(Math.max(1, Math.ceil(error.retryAfterSeconds ?? 1))),
        },
      );
    case "unavailable":
      return errorResponse("unavailable", "The sandbox API is temporarily unavailable.");
    default:
      throw error;
  }
}
