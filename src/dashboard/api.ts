import type { Context } from "hono";
import { type ApiAnswer, type ApiRequest, type AppFetch, callApi } from "../api/in-process-call";
import { baseUrlOf } from "../http/environments";
import { ApiError, type ErrorCode } from "../http/errors";
import type { DashboardEnv } from "./viewer";

/**
 * A REST request as the signed-in member, in the environment the page shows: the route's rules,
 * roles and messages apply as they would to the member's own API call. A refused request throws
 * the route's error (the page shows its message).
 */
export async function apiAs(
  c: Context<DashboardEnv>,
  appFetch: AppFetch,
  request: Omit<ApiRequest, "principal">,
): Promise<ApiAnswer> {
  const { principal } = c.var.viewer;
  const ctx = c.executionCtx as unknown as ExecutionContext;
  const answer = await callApi(
    {
      fetch: async (outgoing) => await appFetch(outgoing, c.env, ctx),
      baseUrl: baseUrlOf(principal.environment, c.env),
      credentials: new Headers(),
    },
    { ...request, principal },
  );
  if (answer.status >= 400) {
    const { code, message } = (answer.body ?? {}) as { code?: ErrorCode; message?: string };
    throw new ApiError(code ?? "internal_server_error", message ?? `The API answered ${answer.status}.`);
  }
  return answer;
}
