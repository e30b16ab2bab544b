import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CursorKey, decodeCursor, encodeCursor, InvalidCursorError } from "../../src/lib/cursor";
import { fromBase64Url, toBase64Url } from "../../src/lib/encoding";

const SECRET = env.ENCRYPTION_KEY;
/** The contract's alphabet for `next` (section 2.9). */
const CONTRACT_CURSOR = /^[A-Za-z0-9+/=_-]+$/;
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Characters the contract's pattern admits but base64url does not. */
const NON_BASE64URL = "+/=";

/** Numbers JSON can carry exactly (no NaN, no infinities, no negative zero). */
const jsonNumber = fc.oneof(
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Object.is(value, -0)),
);
const keyPart = fc.oneof(fc.string({ unit: "grapheme", maxLength: 40 }), jsonNumber);
const cursorKey = fc.array(keyPart, { minLength: 1, maxLength: 4 });
const scope = fc.string({ minLength: 1, maxLength: 60 });

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.byteLength === b.byteLength && a.every((byte, index) => byte === b[index]);
}

/** Whether decoding throws InvalidCursorError (any other outcome, including success, is false). */
async function rejected(scopeName: string, cursor: string): Promise<boolean> {
  try {
    await decodeCursor(SECRET, scopeName, cursor);
    return false;
  } catch (error) {
    return error instanceof InvalidCursorError;
  }
}

function replaceAt(text: string, index: number, char: string) {
  return text.slice(0, index) + char + text.slice(index + 1);
}

describe("encodeCursor / decodeCursor", () => {
  it("round-trips string keys, number keys and mixed keys", async () => {
    const keys: CursorKey[] = [
      ["conn_01HZX5G1Q4V2M8T6W9K3R7N0PB"],
      [1767225600000, "vcl_01HZX5G1Q4V2M8T6W9K3R7N0PB"],
      [0],
      [-42, 3.5, "é ✓ 🚚"],
      ["", ""],
    ];
    for (const key of keys) {
      const cursor = await encodeCursor(SECRET, "scope-a", key);
      expect(await decodeCursor(SECRET, "scope-a", cursor)).toEqual(key);
    }
  });

  it("round-trips any key of strings and numbers, in the contract's alphabet (property)", async () => {
    await fc.assert(
      fc.asyncProperty(scope, cursorKey, async (scopeName, key) => {
        const cursor = await encodeCursor(SECRET, scopeName, key);
        expect(cursor).toMatch(CONTRACT_CURSOR);
        expect(await decodeCursor(SECRET, scopeName, cursor)).toEqual(key);
      }),
      { numRuns: 200 },
    );
  });

  it("is opaque: the payload is signed, not just encoded (a cursor re-encoded with another key is refused)", async () => {
    const cursor = await encodeCursor(SECRET, "scope-a", ["conn_A"]);
    const bytes = fromBase64Url(cursor);
    const payload = new TextDecoder().decode(bytes.slice(0, bytes.byteLength - 16));
    expect(payload).toBe(JSON.stringify(["conn_A"]));
    // Same signature, different payload of the same length: the signature no longer matches.
    const forged = new Uint8Array(bytes);
    forged.set(new TextEncoder().encode(JSON.stringify(["conn_B"])));
    expect(await rejected("scope-a", toBase64Url(forged))).toBe(true);
  });

  it("rejects every single-character substitution that changes the decoded bytes (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        scope,
        cursorKey,
        fc.nat(),
        fc.constantFrom(...BASE64URL),
        async (scopeName, key, position, replacement) => {
          const cursor = await encodeCursor(SECRET, scopeName, key);
          const index = position % cursor.length;
          fc.pre(cursor[index] !== replacement);
          const tampered = replaceAt(cursor, index, replacement);
          let decoded: Uint8Array | undefined;
          try {
            decoded = fromBase64Url(tampered);
          } catch {
            decoded = undefined;
          }
          // Substitutions that only touch the unused low bits of the last character are covered below.
          fc.pre(decoded === undefined || !sameBytes(decoded, fromBase64Url(cursor)));
          expect(await rejected(scopeName, tampered)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("rejects a substitution with a character of the contract's alphabet that base64url lacks (+ / =)", async () => {
    await fc.assert(
      fc.asyncProperty(scope, cursorKey, fc.nat(), fc.constantFrom(...NON_BASE64URL), async (scopeName, key, p, c) => {
        const cursor = await encodeCursor(SECRET, scopeName, key);
        expect(await rejected(scopeName, replaceAt(cursor, p % cursor.length, c))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("rejects every single-character substitution at every position, including the last character", async () => {
    // Payloads of 5, 6 and 7 bytes: with the 16-byte signature, 21, 22 and 23 bytes, so the
    // encoding ends on a full group, on 2 spare bits of the last character, and on 4.
    for (const key of [["a"], ["ab"], ["abc"]]) {
      const cursor = await encodeCursor(SECRET, "scope-a", key);
      const accepted: string[] = [];
      for (let index = 0; index < cursor.length; index++) {
        for (const replacement of BASE64URL + NON_BASE64URL) {
          if (replacement === cursor[index]) continue;
          const tampered = replaceAt(cursor, index, replacement);
          if (!(await rejected("scope-a", tampered))) accepted.push(tampered);
        }
      }
      // A cursor other than the one issued must not be accepted, even when it decodes to the same bytes.
      expect({ cursor, accepted }).toEqual({ cursor, accepted: [] });
    }
  });

  it("rejects deleting or appending a character", async () => {
    for (const key of [["a"], ["ab"], ["abc"], [12345, "conn_x"]]) {
      const cursor = await encodeCursor(SECRET, "scope-a", key);
      for (let index = 0; index < cursor.length; index++) {
        expect(await rejected("scope-a", cursor.slice(0, index) + cursor.slice(index + 1))).toBe(true);
      }
      for (const extra of ["A", "0", "_", "-"]) {
        expect(await rejected("scope-a", cursor + extra)).toBe(true);
        expect(await rejected("scope-a", extra + cursor)).toBe(true);
      }
    }
  });

  it("rejects a cursor of scope A under scope B", async () => {
    const cursor = await encodeCursor(SECRET, "connections.list:app_1:sandbox", ["conn_1"]);
    expect(await decodeCursor(SECRET, "connections.list:app_1:sandbox", cursor)).toEqual(["conn_1"]);
    expect(await rejected("connections.list:app_2:sandbox", cursor)).toBe(true);
    expect(await rejected("connections.list:app_1:production", cursor)).toBe(true);
    expect(await rejected("connections.list:app_1:sandbox ", cursor)).toBe(true);
    expect(await rejected("", cursor)).toBe(true);
  });

  it("rejects a cursor under any other scope (property)", async () => {
    await fc.assert(
      fc.asyncProperty(scope, scope, cursorKey, async (scopeA, scopeB, key) => {
        fc.pre(scopeA !== scopeB);
        const cursor = await encodeCursor(SECRET, scopeA, key);
        expect(await rejected(scopeB, cursor)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("rejects a cursor signed with another secret", async () => {
    const other = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
    const cursor = await encodeCursor(other, "scope-a", ["conn_1"]);
    expect(await rejected("scope-a", cursor)).toBe(true);
  });

  it("rejects garbage: empty, non-base64url, too short, signature only, unsigned JSON", async () => {
    const signatureOnly = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
    const unsigned = toBase64Url(new TextEncoder().encode(JSON.stringify(["conn_1"])));
    const garbage = [
      "",
      "A",
      "abc",
      "AAAA",
      "!!!!",
      "a b c d",
      "eyJhIjoxfQ==",
      "////++++",
      "é",
      signatureOnly,
      unsigned,
      `${unsigned}${signatureOnly}`,
    ];
    for (const cursor of garbage) {
      await expect(decodeCursor(SECRET, "scope-a", cursor), JSON.stringify(cursor)).rejects.toBeInstanceOf(
        InvalidCursorError,
      );
    }
  });

  it("rejects arbitrary strings (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (cursor) => {
        expect(await rejected("scope-a", cursor)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
