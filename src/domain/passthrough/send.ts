import { passthroughPerSecond, passthroughTimeoutMs } from "../../config";
import type { ServiceContext } from "../../context";
import type { ConnectionRow } from "../../db/schema";
import { DomainError, invalidInput } from "../../errors";
import { ProviderError } from "../../providers/errors";
import { findProvider } from "../../providers/registry";
import type { PassthroughRequest } from "../../providers/types";
import { LocalLimiter } from "../../rate-limit/local-limiter";
import { retryAfterSeconds } from "../../rate-limit/sliding-window";
import { providerPacer } from "../../sync/provider-pacer";
import { liveReadCredentials } from "../connections/live-credentials";
import { checkPassthrough } from "./checks";

/**
 * Passthrough requests per connection token, in this isolate: on top of the API's own limits,
 * since each one spends the customer's provider limits (the provider pacer spaces them too).
 */
export const passthroughLimiter = new LocalLimiter();

/** What a passthrough request got: the provider's answer, its body not read yet, and how long it took to start. */
export type PassthroughAnswer = { response: Response; startedAt: number };

/**
 * Sends a caller's request to the connection's provider with the connection's authorization.
 * Checked first (checks.ts, then the provider's own refusals); limited per connection token;
 * paced with the connection's syncs; `gateway_timeout` when the provider has not started to
 * answer within the deployment's timeout. The provider's answer comes back untouched, whatever
 * its status: reading (or streaming) its body is the caller's.
 */
export async function sendPassthrough(
  ctx: Pick<ServiceContext, "env">,
  connection: ConnectionRow,
  request: Omit<PassthroughRequest, "signal">,
): Promise<PassthroughAnswer> {
  checkPassthrough(request);
  if (connection.status !== "connected" || connection.credentialsEncrypted === null) {
    throw new DomainError(
      "connection_disconnected",
      `Passthrough reaches the provider live, which needs a connected connection; this one is ${connection.status}.`,
    );
  }
  const adapter = findProvider(connection.provider);
  const source = adapter?.models.passthrough;
  if (!adapter || !source) {
    throw new ProviderError("not_supported", `The provider ${connection.provider} has no passthrough.`);
  }
  const refused = source.refuse?.(request);
  if (refused) throw invalidInput(refused, "{requestBody}", "See the provider's passthrough in the API guide.");
  const perSecond = passthroughPerSecond(ctx.env);
  const verdict = passthroughLimiter.check(
    { application: Number.MAX_SAFE_INTEGER, connection: perSecond },
    "passthrough",
    connection.id,
  );
  if (!verdict.allowed) {
    throw new ProviderError(
      "rate_limited",
      `At most ${perSecond} passthrough requests per second per connection.`,
      retryAfterSeconds(verdict.retryAfterMs),
    );
  }
  const pacer = providerPacer(ctx.env, connection.id, adapter, "vehicles");
  const controller = new AbortController();
  const timeoutMs = passthroughTimeoutMs(ctx.env);
  const timer = setTimeout(
    () => controller.abort(new ProviderError("timeout", "The provider did not answer in time.")),
    timeoutMs,
  );
  const startedAt = Date.now();
  try {
    const response = await source.send(
      {
        context: { env: ctx.env, pace: (bucket) => pacer(bucket ?? source.pace) },
        credentials: await liveReadCredentials(ctx.env, connection),
        options: connection.options,
        connection: { id: connection.id, sourceId: connection.sourceId, createdAt: connection.createdAt },
        pageSize: 1,
      },
      { ...request, signal: controller.signal },
    );
    return { response, startedAt };
  } catch (error) {
    if (controller.signal.aborted) {
      throw new ProviderError("timeout", `The provider did not answer within ${Math.round(timeoutMs / 1000)} seconds.`);
    }
    if (error instanceof ProviderError || error instanceof DomainError) throw error;
    throw new ProviderError("unavailable", "The provider could not be reached.");
  } finally {
    // The answer has begun: its body streams to the caller without a deadline of ours.
    clearTimeout(timer);
  }
}
