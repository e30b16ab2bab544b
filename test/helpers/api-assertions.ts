/**
 * Assertions and small utilities shared by the /tsp/v1 endpoint tests: the contract's error
 * shape (section 7), the X-Request-Id header, and walking paginated lists (section 2.9).
 */
import { expect } from "vitest";
import type { CallResult } from "./http";

export type ErrorDetailEntry = {
  message: string;
  path: string;
  suggestion?: string;
  context?: Record<string, unknown>;
};

export const ULID = "[0-9A-HJKMNP-TV-Z]{26}";
export const idRegex = (prefix: string) => new RegExp(`^${prefix}${ULID}$`);
export const CURSOR_REGEX = /^[A-Za-z0-9+/=_-]+$/;
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Every response carries a request id (contract: quote it when reporting a problem). */
export function expectRequestId(result: CallResult<unknown>) {
  const id = result.headers.get("x-request-id");
  expect(id, "x-request-id header").toBeTruthy();
  return id as string;
}

/** The contract's error body: status, `code`, a string `message`, and the X-Request-Id header. */
export function expectError(result: CallResult<any>, status: number, code: string) {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  expect(result.body).toMatchObject({ code });
  expect(typeof result.body.message).toBe("string");
  expect(result.body.message.length).toBeGreaterThan(0);
  expectRequestId(result);
  return result.body as { code: string; message: string; detail?: unknown };
}

/**
 * A 400 bad_request whose `detail` is a non-empty array of `{ message, path }` entries.
 * Returns the entries for assertions on where the problems are.
 */
export function expectBadRequest(result: CallResult<any>): ErrorDetailEntry[] {
  const body = expectError(result, 400, "bad_request");
  expect(Array.isArray(body.detail), "detail is an array").toBe(true);
  const detail = body.detail as ErrorDetailEntry[];
  expect(detail.length).toBeGreaterThan(0);
  for (const entry of detail) {
    expect(typeof entry.message).toBe("string");
    expect(entry.message.length).toBeGreaterThan(0);
    expect(typeof entry.path).toBe("string");
    if (entry.suggestion !== undefined) expect(typeof entry.suggestion).toBe("string");
    if (entry.context !== undefined) expect(typeof entry.context).toBe("object");
  }
  return detail;
}

/** The detail entry at exactly this path (fails the test when there is none). */
export function detailAt(detail: ErrorDetailEntry[], path: string): ErrorDetailEntry {
  const entry = detail.find((candidate) => candidate.path === path);
  expect(entry, `a detail entry at ${path} in ${JSON.stringify(detail)}`).toBeDefined();
  return entry as ErrorDetailEntry;
}

/** Lets the clock move on, so timestamps written afterwards differ from earlier ones. */
export const pause = (ms = 5) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The same string with one character in the middle replaced by another character of the cursor alphabet. */
export function flipMiddleCharacter(text: string): string {
  const index = Math.floor(text.length / 2);
  const replacement = text[index] === "A" ? "B" : "A";
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

/**
 * Follows `next` from the first page to the last, asserting the page shape on the way.
 * `fetchPage(cursor)` does one request; returns every page's results in order.
 */
export async function walkPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<CallResult<any>>,
  options: { maxPages?: number; pageSize?: number } = {},
): Promise<{ pages: T[][]; all: T[] }> {
  const pages: T[][] = [];
  let cursor: string | undefined;
  for (let index = 0; index < (options.maxPages ?? 50); index++) {
    const page = await fetchPage(cursor);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(Array.isArray(page.body.results)).toBe(true);
    if (options.pageSize !== undefined) expect(page.body.results.length).toBeLessThanOrEqual(options.pageSize);
    pages.push(page.body.results);
    if (!("next" in page.body)) return { pages, all: pages.flat() };
    expect(page.body.next).toMatch(CURSOR_REGEX);
    cursor = page.body.next;
  }
  throw new Error("pagination did not end");
}
