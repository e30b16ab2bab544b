import { fromBase64, fromBase64Url, toBase64Url, toHex, utf8 } from "./encoding";

/**
 * Hashes a secret (API key, connection token, public token) for lookup. The secrets are
 * 190+ bits of CSPRNG output, so a plain SHA-256 is enough: there is nothing to brute-force.
 * Looking a row up by this hash through a unique index is the constant-time comparison:
 * the database never compares attacker-chosen bytes with a stored secret.
 */
export async function hashSecret(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", utf8.encode(secret));
  return toHex(new Uint8Array(digest));
}

/** Constant-time equality of two strings (for the operator token). */
export function timingSafeEqualStrings(a: string, b: string): boolean {
  const left = utf8.encode(a);
  const right = utf8.encode(b);
  // Compare against itself when lengths differ so the time taken does not depend on where they differ.
  if (left.byteLength !== right.byteLength) {
    crypto.subtle.timingSafeEqual(left, left);
    return false;
  }
  return crypto.subtle.timingSafeEqual(left, right);
}

// Importing a key costs a few hundred microseconds; keep one per secret for the isolate's life.
const aesKeys = new Map<string, Promise<CryptoKey>>();
const hmacKeys = new Map<string, Promise<CryptoKey>>();

function aesKey(secret: string): Promise<CryptoKey> {
  let key = aesKeys.get(secret);
  if (!key) {
    const raw = fromBase64(secret);
    if (raw.byteLength !== 32) throw new Error("ENCRYPTION_KEY must be 32 bytes, base64-encoded");
    key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    aesKeys.set(secret, key);
  }
  return key;
}

/** A sub-key for one purpose, derived from the encryption key by HKDF so that one secret can serve both. */
function hmacKey(secret: string, purpose: string): Promise<CryptoKey> {
  const cacheKey = `${purpose}:${secret}`;
  let key = hmacKeys.get(cacheKey);
  if (!key) {
    key = (async () => {
      const base = await crypto.subtle.importKey("raw", fromBase64(secret), "HKDF", false, ["deriveKey"]);
      return crypto.subtle.deriveKey(
        { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: utf8.encode(purpose) },
        base,
        { name: "HMAC", hash: "SHA-256", length: 256 },
        false,
        ["sign", "verify"],
      );
    })();
    hmacKeys.set(cacheKey, key);
  }
  return key;
}

const CIPHERTEXT_VERSION = "v1";

/**
 * Encrypts with AES-256-GCM. `context` is bound as additional authenticated data (for example
 * the connection id), so a ciphertext copied onto another row fails to decrypt.
 * Output: `v1.<iv>.<ciphertext+tag>` in base64url.
 */
export async function encrypt(secret: string, plaintext: string, context: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: utf8.encode(context) },
    await aesKey(secret),
    utf8.encode(plaintext),
  );
  return `${CIPHERTEXT_VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ciphertext))}`;
}

/** Inverse of encrypt; throws when the ciphertext, key or context do not match. */
export async function decrypt(secret: string, sealed: string, context: string): Promise<string> {
  const [version, iv, ciphertext, ...rest] = sealed.split(".");
  if (version !== CIPHERTEXT_VERSION || !iv || !ciphertext || rest.length > 0)
    throw new Error("unknown ciphertext format");
  const plaintext = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64Url(iv), additionalData: utf8.encode(context) },
    await aesKey(secret),
    fromBase64Url(ciphertext),
  );
  return utf8.decode(new Uint8Array(plaintext));
}

/** HMAC-SHA256 of `data` under a purpose-specific key derived from `secret`. */
export async function sign(secret: string, purpose: string, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret, purpose), data));
}

/** Constant-time check of an HMAC-SHA256 signature (truncated signatures allowed, at least 16 bytes). */
export async function verifySignature(
  secret: string,
  purpose: string,
  data: Uint8Array,
  signature: Uint8Array,
): Promise<boolean> {
  if (signature.byteLength < 16 || signature.byteLength > 32) return false;
  const expected = (await sign(secret, purpose, data)).slice(0, signature.byteLength);
  return crypto.subtle.timingSafeEqual(expected, signature);
}
