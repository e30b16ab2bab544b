import { z } from "@hono/zod-openapi";
import { invalidInput } from "../../errors";
import { ProviderError } from "../errors";
import type { LiveReadRequest, Pacer, PassthroughRequest, PassthroughSource } from "../types";
import { exceptionName, PROVIDER } from "./client";
import { geotabClient } from "./login";
import { rpcResponse } from "./payloads";
import { endpointOf } from "./servers";
import type { GeotabSession } from "./sessions";

/**
 * Passthrough to MyGeotab, which is JSON-RPC only (providers-families.md §3.8): the caller sends
 * `POST /apiv1` with `{"method": …, "params": {…}}`, and the adapter puts the connection's
 * session into `params.credentials` (after Authenticate and its server redirect, as every call
 * does: client.ts, sessions.ts), so the caller never holds it. Anything else is refused before
 * it is sent, as the caller's mistake (DomainError invalid_input, a bad_request): another path
 * or method (`GET /apiv1/<Method>?…` works at Geotab but carries credentials in the URL), a body
 * that is not such a call, credentials of the caller's own, and Authenticate (the service holds
 * the session). In MyGeotab's one pace for calls (providers.md 3.3).
 *
 * Geotab answers an expired session with HTTP 200 and an InvalidUserException, so the answer
 * is read to see it (then one new session and one retry, as the client does), and handed back
 * as a new Response with the same status, headers and bytes. JSON-RPC answers are JSON, never
 * binary or streamed.
 */
export const geotabPassthrough: PassthroughSource = {
  pace: "calls",
  send: sendPassthrough,
};

const RPC_PATH = "/apiv1";

/** A JSON-RPC call as Geotab takes it (`id` and `jsonrpc` are allowed, and sent on). */
const rpcCall = z
  .object({
    method: z.string().min(1).max(200),
    params: z.record(z.string(), z.unknown()).optional(),
    id: z.union([z.string(), z.number(), z.null()]).optional(),
    jsonrpc: z.literal("2.0").optional(),
  })
  .strict();
type RpcCall = z.infer<typeof rpcCall>;

/** Headers that describe the caller's own connection or body, not the call: the adapter's request sets its own. */
const NOT_FORWARDED = new Set([
  "content-length",
  "content-type",
  "host",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
]);

async function sendPassthrough(request: LiveReadRequest, passthrough: PassthroughRequest): Promise<Response> {
  const call = checkedCall(passthrough);
  const client = geotabClient(request);
  const session = await client.session();
  const first = await post(session, call, passthrough, request.context.pace);
  if (!first.invalidUser) return first.response;
  const renewed = await client.renew(session);
  return (await post(renewed, call, passthrough, request.context.pace)).response;
}

/** The caller's JSON-RPC call, or invalid_input saying why it is refused. */
function checkedCall(passthrough: PassthroughRequest): RpcCall {
  if (passthrough.method !== "POST" || passthrough.path !== RPC_PATH) {
    throw invalidInput(
      `MyGeotab's API is JSON-RPC: send POST ${RPC_PATH}, not ${passthrough.method} ${passthrough.path}.`,
      passthrough.method !== "POST" ? "{requestBody}.method" : "{requestBody}.path",
      `Use {"method": "POST", "path": "${RPC_PATH}", "body": "{\\"method\\": \\"Get\\", \\"params\\": {…}}"}.`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(passthrough.body ?? "");
  } catch {
    body = undefined;
  }
  const parsed = rpcCall.safeParse(body);
  if (!parsed.success) {
    throw invalidInput(
      'The body must be a JSON-RPC call: {"method": "<Method>", "params": {…}}.',
      "{requestBody}.body",
    );
  }
  const calls = [parsed.data, ...(parsed.data.method === "ExecuteMultiCall" ? innerCalls(parsed.data.params) : [])];
  for (const call of calls) {
    if (call.method === "Authenticate") {
      throw invalidInput(
        "Authenticate is not passed through: the service signs every call in with the connection's session.",
        "{requestBody}.body",
      );
    }
    if (typeof call.params === "object" && call.params !== null && Object.hasOwn(call.params, "credentials")) {
      throw invalidInput(
        "params.credentials must not be sent: the service adds the connection's own.",
        "{requestBody}.body",
      );
    }
  }
  return parsed.data;
}

/** The calls of an ExecuteMultiCall that look like calls (Geotab itself answers for the rest). */
function innerCalls(params: Record<string, unknown> | undefined): Array<{ method?: unknown; params?: object }> {
  const calls = params?.calls;
  if (!Array.isArray(calls)) return [];
  return calls.filter(
    (call): call is { method?: unknown; params?: object } => typeof call === "object" && call !== null,
  );
}

/** One POST of the call in a session: Geotab's answer, and whether it refused the session. */
async function post(
  session: GeotabSession,
  call: RpcCall,
  passthrough: PassthroughRequest,
  pace: Pacer | undefined,
): Promise<{ response: Response; invalidUser: boolean }> {
  await pace?.();
  const headers = new Headers();
  for (const [name, value] of Object.entries(passthrough.headers)) {
    if (!NOT_FORWARDED.has(name.toLowerCase())) headers.set(name, value);
  }
  headers.set("content-type", "application/json");
  let answer: Response;
  let bytes: ArrayBuffer;
  try {
    answer = await fetch(endpointOf(session.origin), {
      method: "POST",
      headers,
      body: JSON.stringify({ ...call, params: { ...call.params, credentials: session.credentials } }),
      signal: passthrough.signal,
    });
    bytes = await answer.arrayBuffer();
  } catch (error) {
    if (passthrough.signal.aborted || (error instanceof Error && error.name === "AbortError")) {
      throw new ProviderError("timeout", `${PROVIDER} did not answer in time.`);
    }
    throw new ProviderError("unavailable", `${PROVIDER} could not be reached.`);
  }
  const responseHeaders = new Headers(answer.headers);
  // The body read here is decoded: a length of the encoded one would not match it.
  if (responseHeaders.has("content-encoding")) responseHeaders.delete("content-length");
  return {
    response: new Response(bytes, { status: answer.status, statusText: answer.statusText, headers: responseHeaders }),
    invalidUser: answer.ok && refusesSession(bytes),
  };
}

/** Whether a JSON-RPC answer is InvalidUserException (the session expired, was revoked, or moved). */
function refusesSession(bytes: ArrayBuffer): boolean {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return false;
  }
  const envelope = rpcResponse.safeParse(body);
  return (
    envelope.success &&
    envelope.data.error !== undefined &&
    exceptionName(envelope.data.error) === "InvalidUserException"
  );
}
