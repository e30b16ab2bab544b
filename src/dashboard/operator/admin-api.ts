import type { Context } from "hono";
import type { ApiAnswer, AppFetch } from "../../api/in-process-call";
import { ADMIN_PATH } from "../../http/environments";
import { ApiError, type ErrorCode } from "../../http/errors";
import type { OperatorEnv } from "./session";

export type AdminRequest = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route's path after /admin/v1, its parameters filled in. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
};

/**
 * A request to the operator API (/admin/v1) in process, for the signed-in operator: their session
 * stands for the deployment's admin token (checked against it on every request), so the request
 * carries that token as an operator's own call would, and the API's validation, rules and messages
 * are the page's. A refused request throws the route's error (the page shows its message).
 */
export async function adminAs(c: Context<OperatorEnv>, appFetch: AppFetch, request: AdminRequest): Promise<ApiAnswer> {
  const url = new URL(`${ADMIN_PATH}${request.path}`, c.req.url);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== "") url.searchParams.set(name, value);
  }
  const headers = new Headers({ authorization: `Bearer ${c.env.ADMIN_TOKEN}` });
  if (request.body !== undefined) headers.set("content-type", "application/json");
  const response = await appFetch(
    new Request(url, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    }),
    c.env,
    c.executionCtx as unknown as ExecutionContext,
  );
  const text = await response.text();
  const body: unknown = text === "" ? null : JSON.parse(text);
  if (response.status >= 400) {
    const { code, message } = (body ?? {}) as { code?: ErrorCode; message?: string };
    throw new ApiError(code ?? "internal_server_error", message ?? `The operator API answered ${response.status}.`);
  }
  return { status: response.status, body, headers: response.headers };
}
