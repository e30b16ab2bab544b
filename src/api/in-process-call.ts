import type { ConnectionRow } from "../db/schema";
import type { Principal } from "../domain/api-keys/authenticate";
import type { Env } from "../env";
import { grantConnection } from "../middleware/connection-grant";
import { grantPrincipal } from "../middleware/principal-grant";

/** The Worker's own app (its `fetch`), which in-process requests go through. */
export type AppFetch = (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

/** How the MCP server reaches the REST API: the Worker's own app, in process, at the caller's environment. */
export type ApiCaller = {
  fetch: (request: Request) => Promise<Response>;
  /** The environment's base address (`…/tsp/v1`). */
  baseUrl: string;
  /** The caller's credentials as the MCP request carried them (Authorization, X-Application-Id). */
  credentials: Headers;
};

export type ApiRequest = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** The route's path after the base address, its parameters filled in. */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** The connection a connection-scoped route reads (resolved and checked by the MCP layer). */
  connection?: ConnectionRow;
  /** The caller, when the request carries no credentials of its own (the dashboard's session). */
  principal?: Principal;
  idempotencyKey?: string;
};

export type ApiAnswer = { status: number; body: unknown; headers: Headers };

/** Headers of the MCP request that the API request carries: who the caller is, and nothing else. */
const CREDENTIAL_HEADERS = ["authorization", "x-application-id"];

export function credentialsOf(request: Request): Headers {
  const headers = new Headers();
  for (const name of CREDENTIAL_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

/**
 * A query value as the REST route's query schema reads it back: the tools validate their arguments
 * with the route's own schema, whose output (numbers, booleans, sorted id lists, dates) is written
 * again in its query form, so the route sees what a REST client would send.
 */
function queryValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(queryValue).join(",");
  return String(value);
}

/**
 * One request to the REST API through the Worker's own app: the same authentication, rate limits,
 * idempotency, validation, domain services and presentation as any client's request, so a tool
 * answers exactly what the route it mirrors answers.
 */
export async function callApi(caller: ApiCaller, request: ApiRequest): Promise<ApiAnswer> {
  const url = new URL(`${caller.baseUrl}${request.path}`);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(name, queryValue(value));
  }
  const headers = new Headers(caller.credentials);
  const payload = request.body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(request.body));
  if (payload !== undefined) {
    headers.set("content-type", "application/json");
    // Its length, as a client sends it: without one, the API's body limit (hono/body-limit) reads the
    // body into a new Request, which would lose the connection's grant, kept for this Request object.
    headers.set("content-length", String(payload.byteLength));
  }
  if (request.idempotencyKey !== undefined) headers.set("idempotency-key", request.idempotencyKey);
  const outgoing = new Request(url, {
    method: request.method,
    headers,
    ...(payload === undefined ? {} : { body: payload }),
  });
  if (request.connection) grantConnection(outgoing, request.connection);
  if (request.principal) grantPrincipal(outgoing, request.principal);
  const response = await caller.fetch(outgoing);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    // Not JSON (no route answers so): kept as the text it is.
  }
  return { status: response.status, body, headers: response.headers };
}
