import { z } from "@hono/zod-openapi";

/** A JSON object as the API takes and answers it: any keys, `__proto__` included, as plain data. */
export type JsonObject = Record<string, unknown>;

/** Bounds of a free-form JSON value: what any real use stays far within and abuse does not. */
export type JsonLimits = {
  /** Levels of objects and arrays: `{}` is 1 level, `{"a":{"b":1}}` 2. */
  maxDepth: number;
  /** Bytes of the value serialized as compact JSON in UTF-8 (what is stored). */
  maxBytes: number;
  /** Object keys and array items in the whole value. */
  maxKeys: number;
  /** Keys of any one object, or items of any one array. Default: `maxKeys`. */
  maxKeysPerObject?: number;
};

/** Options of a connection: provider-specific settings, a few levels deep. */
export const OPTIONS_LIMITS: JsonLimits = { maxDepth: 8, maxBytes: 64 * 1024, maxKeys: 256, maxKeysPerObject: 128 };

/**
 * Provider credentials: a flat object of a few short strings (every provider's form has at most
 * four fields of at most 1,000 characters); the provider's own schema then checks each field.
 */
export const CREDENTIALS_LIMITS: JsonLimits = { maxDepth: 2, maxBytes: 16 * 1024, maxKeys: 32 };

const isPlainObject = (value: unknown): value is JsonObject => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** The limits in words, for the OpenAPI description of a field. */
export function describeJsonLimits(limits: JsonLimits): string {
  const perObject = limits.maxKeysPerObject ?? limits.maxKeys;
  const keys =
    perObject < limits.maxKeys
      ? `${limits.maxKeys} keys and array items in all and ${perObject} in any one object or array`
      : `${limits.maxKeys} keys and array items in all`;
  return (
    `Limits: at most ${limits.maxDepth} levels of nested objects and arrays, ` +
    `${limits.maxBytes.toLocaleString("en-US")} bytes as compact JSON (UTF-8), ${keys}. ` +
    "Keys such as `__proto__`, `constructor` and `prototype` are ordinary keys."
  );
}

/**
 * A free-form JSON object within `limits`, enforced in the request schema: the first node
 * past a limit is a bad_request naming its path and the limit. The value is checked, never
 * rebuilt: zod's record drops a `__proto__` key, while here every key stays an own data key,
 * exactly as sent and as stored.
 */
export function boundedJson(limits: JsonLimits, openapi: { description: string; example: JsonObject }) {
  return z
    .custom<JsonObject>()
    .superRefine((value, context) => {
      if (!isPlainObject(value)) {
        context.addIssue({ code: "invalid_type", expected: "record", input: value });
        return;
      }
      const problem = findJsonProblem(value, limits);
      if (problem) {
        context.addIssue({
          code: "custom",
          message: problem.message,
          path: problem.path,
          params: { limit: problem.limit, maximum: problem.maximum, suggestion: problem.suggestion },
        });
      }
    })
    .openapi({
      type: "object",
      additionalProperties: {},
      description: `${openapi.description} ${describeJsonLimits(limits)}`,
      example: openapi.example,
    });
}

/**
 * A JSON object in a response: checked to be an object, passed through as it is (a record
 * schema would drop a `__proto__` key the caller stored).
 */
export function jsonObject(openapi: { description?: string; example: JsonObject }) {
  return z
    .custom<JsonObject>(isPlainObject, { message: "Expected a JSON object" })
    .openapi({ type: "object", additionalProperties: {}, ...openapi });
}

export type JsonProblem = {
  /** Below the checked value; empty for the value itself. */
  path: (string | number)[];
  message: string;
  suggestion: string;
  limit: "maxDepth" | "maxBytes" | "maxKeys" | "maxKeysPerObject" | "json";
  maximum?: number;
};

type Frame = { value: unknown; depth: number; parent?: Frame; key?: string | number };

/**
 * The first node of `root`, in document order, that breaks a limit, or undefined. An explicit
 * stack instead of recursion: a value nested 100,000 levels deep (JSON.parse builds it without
 * complaint) must not exhaust the call stack here. The walk stops at the first problem, so its
 * cost never exceeds the limits by much, whatever was sent.
 */
export function findJsonProblem(root: unknown, limits: JsonLimits): JsonProblem | undefined {
  const perObject = limits.maxKeysPerObject ?? limits.maxKeys;
  let keys = 0;
  let bytes = 0;
  const tooLarge = (): JsonProblem => ({
    path: [],
    message: `Larger than ${limits.maxBytes} bytes as JSON.`,
    suggestion: `Send at most ${limits.maxBytes} bytes (compact JSON, UTF-8).`,
    limit: "maxBytes",
    maximum: limits.maxBytes,
  });
  const stack: Frame[] = [{ value: root, depth: 0 }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const { value } = frame;
    if (value === null) bytes += 4;
    else if (typeof value === "string") {
      // Each character is at least one byte: a string that cannot fit is not scanned.
      if (bytes + value.length + 2 > limits.maxBytes) return tooLarge();
      bytes += jsonStringBytes(value);
    } else if (typeof value === "number" && Number.isFinite(value)) bytes += String(value).length;
    else if (typeof value === "boolean") bytes += value ? 4 : 5;
    else if (Array.isArray(value) || isPlainObject(value)) {
      const depth = frame.depth + 1;
      if (depth > limits.maxDepth) {
        return {
          path: pathOf(frame),
          message: `Nested deeper than ${limits.maxDepth} levels.`,
          suggestion: `Keep objects and arrays at most ${limits.maxDepth} levels deep.`,
          limit: "maxDepth",
          maximum: limits.maxDepth,
        };
      }
      const array = Array.isArray(value);
      const names = array ? undefined : Object.keys(value);
      const count = names ? names.length : (value as unknown[]).length;
      if (count > perObject) {
        return {
          path: pathOf(frame),
          message: `More than ${perObject} ${array ? "items in this array" : "keys in this object"}.`,
          suggestion: `Send at most ${perObject} ${array ? "items per array" : "keys per object"}.`,
          limit: "maxKeysPerObject",
          maximum: perObject,
        };
      }
      keys += count;
      if (keys > limits.maxKeys) {
        return {
          path: [],
          message: `More than ${limits.maxKeys} keys and array items in all.`,
          suggestion: `Send at most ${limits.maxKeys} keys and array items in all.`,
          limit: "maxKeys",
          maximum: limits.maxKeys,
        };
      }
      // Brackets, and the commas between members; an object's keys and colons too.
      bytes += 2 + Math.max(0, count - 1);
      for (let index = count - 1; index >= 0; index--) {
        if (names) {
          const name = names[index] as string;
          bytes += jsonStringBytes(name) + 1;
          stack.push({ value: (value as JsonObject)[name], depth, parent: frame, key: name });
        } else stack.push({ value: (value as unknown[])[index], depth, parent: frame, key: index });
      }
    } else {
      return {
        path: pathOf(frame),
        message: "Not a JSON value.",
        suggestion: "Send only objects, arrays, strings, finite numbers, booleans and null.",
        limit: "json",
      };
    }
    if (bytes > limits.maxBytes) return tooLarge();
  }
  return undefined;
}

function pathOf(frame: Frame): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Frame | undefined = frame; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** Bytes of `JSON.stringify(text)` in UTF-8, without building it. */
export function jsonStringBytes(text: string): number {
  let bytes = 2;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22 || code === 0x5c) bytes += 2;
    else if (code < 0x20)
      bytes += code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 2 : 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 6; // A lone surrogate is written as \uXXXX.
    } else if (code >= 0xdc00 && code <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}
