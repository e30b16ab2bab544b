/**
 * The sandbox API's answers, built as a real provider's arrive: JSON bodies with their content
 * type and length, binary bodies with theirs, errors as `{ error, message }` with the HTTP
 * status that says what went wrong.
 */

const encoder = new TextEncoder();

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const bytes = encoder.encode(JSON.stringify(body));
  return new Response(bytes, {
    status,
    headers: { "content-type": "application/json", "content-length": String(bytes.byteLength), ...headers },
  });
}

export function binaryResponse(bytes: Uint8Array, contentType: string, headers: Record<string, string> = {}): Response {
  return new Response(bytes, {
    status: 200,
    headers: { "content-type": contentType, "content-length": String(bytes.byteLength), ...headers },
  });
}

/** The sandbox API's error codes, each with its HTTP status. */
const STATUS_OF = {
  invalid_request: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  unavailable: 503,
} as const;
export type SandboxApiError = keyof typeof STATUS_OF;

export function errorResponse(
  error: SandboxApiError,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(STATUS_OF[error], { error, message, ...extra }, headers);
}
