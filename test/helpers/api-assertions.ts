/**
 * Assertions and small utilities shared by the /tsp/v1 endpoint tests: the contract's error
 * shape (section 7), the X-Request-Id header, and walking paginated lists (section 2.9).
 */
import { expect } from "vitest";
import { ERROR_STATUS, type ErrorCode } from "../../src/http/errors";
import { type ErrorDetailEntry, expectError as expectContractError, REQUEST_ID_PATTERN } from "./error-contract";
import { BASE, type CallResult, call } from "./http";

export type { ErrorDetailEntry };

export const ULID = "[0-9A-HJKMNP-TV-Z]{26}";
export const idRegex = (prefix: string) => new RegExp(`^${prefix}${ULID}$`);
export const CURSOR_REGEX = /^[A-Za-z0-9+/=_-]+$/;
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Every response carries a request id (contract: quote it when reporting a problem). */
export function expectRequestId(result: CallResult<unknown>) {
  const id = result.headers.get("x-request-id");
  expect(id, "x-request-id header").toMatch(REQUEST_ID_PATTERN);
  return id as string;
}

/** The contract's error body (exact shape, see error-contract.ts), checking the status the caller expects too. */
export function expectError(result: CallResult<any>, status: number, code: ErrorCode) {
  expect(ERROR_STATUS[code], `the status of ${code}`).toBe(status);
  return expectContractError(result, code);
}

/**
 * A 400 bad_request whose `detail` is a non-empty array of `{ message, path }` entries.
 * Returns the entries for assertions on where the problems are.
 */
export function expectBadRequest(result: CallResult<any>): ErrorDetailEntry[] {
  const body = expectContractError(result, "bad_request");
  expect(Array.isArray(body.detail), "detail is an array").toBe(true);
  const detail = body.detail as ErrorDetailEntry[];
  expect(detail.length).toBeGreaterThan(0);
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

/** Every result of a connection's list endpoint (pages of 500), following `next` to the end. */
export async function listEvery<T = any>(caller: { key: string; token: string }, path: string): Promise<T[]> {
  const separator = path.includes("?") ? "&" : "?";
  const { all } = await walkPages<T>(
    (cursor) =>
      call(
        "GET",
        `${BASE.sandbox}${path}${separator}limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        {
          key: caller.key,
          token: caller.token,
        },
      ),
    { maxPages: 200 },
  );
  return all;
}
