/// <reference types="vite/client" />
/**
 * Helpers of the reliability suite: HTTP calls that keep the raw response text (leak searches
 * look at the bytes the client gets, not at a re-serialized parse), back off on 429 as a
 * well-behaved client would, and keep the request rate modest; and the roles each route
 * requires, read from the route sources so that a new route is covered without editing a list.
 */
import { exports } from "cloudflare:workers";

export type RawResult = { status: number; text: string; body: any; headers: Headers };

export type RawCallOptions = {
  /** Sent as `Authorization: Bearer <key>`. */
  key?: string;
  /** Sent as `Connection-Token`. */
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Gap between two requests: far below the rate limits (100/s per connection, 400/s per application). */
const MIN_GAP_MS = 12;
let lastRequestAt = 0;

/** 429 answers met (and waited out) by rawCall, for the summaries. */
export const rateLimited = { count: 0 };

/**
 * One request through the Worker's fetch handler, answered with its raw text. A 429 is waited
 * out for its `retryAfter` (body) or `Retry-After` (header) seconds and the request sent again.
 */
export async function rawCall(method: string, url: string, options: RawCallOptions = {}): Promise<RawResult> {
  for (let attempt = 0; ; attempt++) {
    const wait = lastRequestAt + MIN_GAP_MS - Date.now();
    if (wait > 0) await sleep(wait);
    lastRequestAt = Date.now();
    const headers = new Headers(options.headers);
    if (options.key !== undefined) headers.set("authorization", `Bearer ${options.key}`);
    if (options.token !== undefined) headers.set("connection-token", options.token);
    let body: string | undefined;
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
      // Not JSON: keep the text.
    }
    if (response.status === 429 && attempt < 5) {
      rateLimited.count++;
      const seconds = Number((parsed as { retryAfter?: unknown })?.retryAfter ?? response.headers.get("retry-after"));
      await sleep((Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000);
      continue;
    }
    return { status: response.status, text, body: parsed, headers: response.headers };
  }
}

// Every route file's source, bundled at build time: the roles a route needs are stated in its
// handler (`requireRole(c, "admin")`), not in the OpenAPI document.
const ROUTE_SOURCES = import.meta.glob<string>("../../src/api/routes/**/*.ts", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** operationIds of the routes whose handler calls `requireRole(c, "admin")`. */
export function adminOperationIds(): Set<string> {
  const ids = new Set<string>();
  for (const source of Object.values(ROUTE_SOURCES)) {
    if (!/requireRole\(\s*c\s*,\s*"admin"\s*\)/.test(source)) continue;
    for (const match of source.matchAll(/operationId:\s*"([^"]+)"/g)) if (match[1]) ids.add(match[1]);
  }
  return ids;
}

/** The strings of `candidates` found in `text`. */
export function foundIn(text: string, candidates: Iterable<string>): string[] {
  const found: string[] = [];
  for (const candidate of candidates) if (candidate && text.includes(candidate)) found.push(candidate);
  return found;
}
