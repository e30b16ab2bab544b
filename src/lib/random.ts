const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Random base62 string from the platform CSPRNG. Rejection sampling keeps every
 * character uniform: bytes >= 248 (the largest multiple of 62 below 256) are dropped.
 */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    // getRandomValues fills at most 65,536 bytes per call.
    const bytes = crypto.getRandomValues(new Uint8Array(Math.min(65_536, (length - out.length) * 2)));
    for (const byte of bytes) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** Random bytes as a Uint8Array. */
export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}
