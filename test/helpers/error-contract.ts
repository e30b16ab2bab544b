/**
 * Assertions of the contract's error shape (section 7, wire-compat.md "Error statuses"),
 * shared by the error, authentication and reference tests.
 */
import { expect } from "vitest";
import { ERROR_STATUS, type ErrorCode } from "../../src/http/errors";
import type { CallResult } from "./http";

/** The X-Request-Id the service mints: `req_` + a ULID. */
export const REQUEST_ID_PATTERN = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;

const ERROR_KEYS = ["code", "message", "detail", "retryAfter"];
const DETAIL_KEYS = ["message", "path", "suggestion", "context"];

export type ErrorDetailEntry = { message: string; path: string; suggestion?: string; context?: Record<string, any> };
export type ContractError = {
  code: ErrorCode;
  message: string;
  detail?: string | ErrorDetailEntry[];
  retryAfter?: number;
};

/**
 * Asserts that a response is an error of the given code, with the status the code maps to,
 * a body of exactly `{ code, message, detail?, retryAfter? }` and a minted X-Request-Id.
 */
export function expectError(result: CallResult<any>, code: ErrorCode): ContractError {
  const context = `${code} expected, got ${result.status} ${JSON.stringify(result.body)}`;
  expect(result.status, context).toBe(ERROR_STATUS[code]);
  expect(result.headers.get("content-type"), context).toMatch(/^application\/json/);
  expectErrorShape(result.body, context);
  expect(result.body.code, context).toBe(code);
  expect(result.headers.get("x-request-id"), context).toMatch(REQUEST_ID_PATTERN);
  return result.body as ContractError;
}

/** The body alone: exactly the contract's keys, with the contract's types. */
export function expectErrorShape(body: unknown, context = JSON.stringify(body)) {
  expect(body, context).toBeTypeOf("object");
  expect(body, context).not.toBeNull();
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) expect(ERROR_KEYS, `unexpected key ${key}: ${context}`).toContain(key);
  expect(Object.keys(ERROR_STATUS), context).toContain(record.code);
  expect(record.message, context).toBeTypeOf("string");
  expect((record.message as string).length, context).toBeGreaterThan(0);
  if ("detail" in record) {
    if (typeof record.detail !== "string") {
      expect(Array.isArray(record.detail), context).toBe(true);
      for (const entry of record.detail as Record<string, unknown>[]) {
        for (const key of Object.keys(entry))
          expect(DETAIL_KEYS, `unexpected detail key ${key}: ${context}`).toContain(key);
        expect(entry.message, context).toBeTypeOf("string");
        expect(entry.path, context).toBeTypeOf("string");
        if ("suggestion" in entry) expect(entry.suggestion, context).toBeTypeOf("string");
        if ("context" in entry) expect(entry.context, context).toBeTypeOf("object");
      }
    }
  }
  if ("retryAfter" in record) expect(Number.isInteger(record.retryAfter), context).toBe(true);
}

/** A bad_request whose detail names the given path; returns that detail entry. */
export function expectBadRequestAt(result: CallResult<any>, path: string): ErrorDetailEntry {
  const body = expectError(result, "bad_request");
  expect(Array.isArray(body.detail), JSON.stringify(body)).toBe(true);
  const entry = (body.detail as ErrorDetailEntry[]).find((item) => item.path === path);
  expect(entry, `no detail at ${path}: ${JSON.stringify(body)}`).toBeDefined();
  expect(entry?.message.length).toBeGreaterThan(0);
  return entry as ErrorDetailEntry;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random base62 characters, the alphabet of keys and tokens. */
export function randomBase62(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => BASE62[byte % 62]).join("");
}
