import { env, exports } from "cloudflare:workers";

/** Base addresses of the test configuration (test/vitest.config.ts): two hostnames, as in a deployment. */
export const BASE = {
  production: "https://api.telematics.test/tsp/v1",
  sandbox: "https://sandbox.telematics.test/tsp/v1",
} as const;
export const ADMIN_BASE = "https://api.telematics.test/admin/v1";

export type Environment = keyof typeof BASE;

export type CallOptions = {
  /** Sent as `Authorization: Bearer <key>`. */
  key?: string;
  /** Sent as `Connection-Token`. */
  token?: string;
  /** JSON-encoded with `Content-Type: application/json` unless `rawBody` is given. */
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
};

export type CallResult<T> = { status: number; body: T; headers: Headers };

/** One HTTP request through the Worker's real fetch handler. */
export async function call<T = any>(method: string, url: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers = new Headers(options.headers);
  if (options.key !== undefined) headers.set("authorization", `Bearer ${options.key}`);
  if (options.token !== undefined) headers.set("connection-token", options.token);
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const response = await exports.default.fetch(new Request(url, { method, headers, body }));
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (HTML pages, scripts): keep the text.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** A call to the operator API with the configured ADMIN_TOKEN. */
export function admin<T = any>(method: string, path: string, body?: unknown): Promise<CallResult<T>> {
  return call<T>(method, `${ADMIN_BASE}${path}`, { key: env.ADMIN_TOKEN, body });
}

/** Asserts the contract's error shape and returns the body for further checks. */
export function errorBody(result: CallResult<any>) {
  return result.body as { code: string; message: string; detail?: unknown; retryAfter?: number };
}

/** What the runtime hands a fetch handler for its background work, for a test calling the app directly: the work runs and is forgotten. */
export const backgroundContext = () =>
  ({ waitUntil: (promise: Promise<unknown>) => void promise.catch(() => {}), passThroughOnException() {} }) as never;
