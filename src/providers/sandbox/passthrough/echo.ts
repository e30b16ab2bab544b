import { jsonResponse } from "./responses";
import type { RouteContext } from "./router";

/** Header names whose values are secrets: shown as sent, never with their value. */
const SECRET_HEADER = /authorization|cookie|token|secret|password|api[-_]?key|signature|session/i;
export const REDACTED = "[redacted]";

/**
 * `{ANY} /echo`: the request as the sandbox API received it (the method, the path and its query,
 * the headers, among them the authorization the service added for the connection, and the body),
 * so that an application can check the requests it builds. Secret header values are redacted.
 */
export function echo({ request }: RouteContext): Response {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(request.query.keys())) {
    const values = request.query.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => [name, SECRET_HEADER.test(name) ? redact(value) : value]),
  );
  const json = parsedJson(request.headers["content-type"], request.body);
  return jsonResponse(200, {
    method: request.method,
    path: request.path,
    query,
    headers,
    body: request.body ?? null,
    ...(json.parsed ? { json: json.value } : {}),
  });
}

/** Keeps an authorization's scheme ("Basic", "Bearer"), which says how the request was authorized. */
function redact(value: string): string {
  const scheme = /^(Basic|Bearer|Digest|Token) /i.exec(value)?.[1];
  return scheme ? `${scheme} ${REDACTED}` : REDACTED;
}

/** The body as JSON, when it says it is JSON and is. */
function parsedJson(contentType: string | undefined, body: string | undefined): { parsed: boolean; value?: unknown } {
  if (body === undefined || !contentType?.toLowerCase().includes("json")) return { parsed: false };
  try {
    return { parsed: true, value: JSON.parse(body) };
  } catch {
    return { parsed: false };
  }
}
