import { sign, verifySignature } from "./crypto";
import { fromBase64Url, toBase64Url, utf8 } from "./encoding";

/** The sort key of the last row of a page: what a keyset query continues after. */
export type CursorKey = ReadonlyArray<string | number>;

const SIGNATURE_BYTES = 16;
const PURPOSE = "cursor-v1";

export class InvalidCursorError extends Error {}

/**
 * Makes an opaque cursor: base64url(JSON key ‖ HMAC). The HMAC covers the scope too (route,
 * tenant and filters), so a cursor is valid only for the query that produced it, and any
 * tampering is detected. The alphabet matches the contract's `^[A-Za-z0-9+/=_-]+$`.
 */
export async function encodeCursor(secret: string, scope: string, key: CursorKey): Promise<string> {
  const payload = utf8.encode(JSON.stringify(key));
  const signature = await sign(secret, PURPOSE, signedBytes(scope, payload));
  const bytes = new Uint8Array(payload.byteLength + SIGNATURE_BYTES);
  bytes.set(payload);
  bytes.set(signature.slice(0, SIGNATURE_BYTES), payload.byteLength);
  return toBase64Url(bytes);
}

/** Reads a cursor back; throws InvalidCursorError when it was tampered with or belongs to another query. */
export async function decodeCursor(secret: string, scope: string, cursor: string): Promise<CursorKey> {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64Url(cursor);
  } catch {
    throw new InvalidCursorError("The cursor is not one this API issued.");
  }
  // base64url has several spellings of the same bytes (unused trailing bits); accept only the canonical one.
  if (bytes.byteLength <= SIGNATURE_BYTES || toBase64Url(bytes) !== cursor) {
    throw new InvalidCursorError("The cursor is not one this API issued.");
  }
  const payload = bytes.slice(0, bytes.byteLength - SIGNATURE_BYTES);
  const signature = bytes.slice(bytes.byteLength - SIGNATURE_BYTES);
  if (!(await verifySignature(secret, PURPOSE, signedBytes(scope, payload), signature))) {
    throw new InvalidCursorError("The cursor was altered, or was issued for a different query or filters.");
  }
  const key: unknown = JSON.parse(utf8.decode(payload));
  if (!Array.isArray(key) || !key.every((part) => typeof part === "string" || typeof part === "number")) {
    throw new InvalidCursorError("The cursor is not one this API issued.");
  }
  return key;
}

function signedBytes(scope: string, payload: Uint8Array): Uint8Array {
  const prefix = utf8.encode(`${scope}\n`);
  const bytes = new Uint8Array(prefix.byteLength + payload.byteLength);
  bytes.set(prefix);
  bytes.set(payload, prefix.byteLength);
  return bytes;
}
