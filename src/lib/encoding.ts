/** base64url without padding, the alphabet cursors and ciphertexts use. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Inverse of toBase64Url; throws on characters outside the alphabet. */
export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const base64 = text.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Standard base64 (with padding), as secrets in configuration are written. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text.trim());
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The two hex digits of every byte: every request hashes its key and token, and hex-encodes the hashes. */
const HEX_DIGITS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

export function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += HEX_DIGITS[byte];
  return hex;
}

/** Hex digits (either case, as SQLite's hex() writes upper case) back to bytes. */
export function fromHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] = (HEX_VALUE[hex.charCodeAt(2 * index)]! << 4) | HEX_VALUE[hex.charCodeAt(2 * index + 1)]!;
  }
  return bytes;
}

/** Each hex digit's value by character code (0 for any other character). */
const HEX_VALUE = Array.from({ length: 128 }, (_, code) => {
  const digit = Number.parseInt(String.fromCharCode(code), 16);
  return Number.isNaN(digit) ? 0 : digit;
});

// One encoder and decoder per isolate (they hold no state between calls).
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const utf8 = {
  encode: (text: string): Uint8Array => encoder.encode(text),
  decode: (bytes: Uint8Array): string => decoder.decode(bytes),
};
