import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decrypt, encrypt, hashSecret, sign, timingSafeEqualStrings, verifySignature } from "../../src/lib/crypto";
import { fromBase64Url, toBase64Url } from "../../src/lib/encoding";

const KEY = env.ENCRYPTION_KEY;
const newKey = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
const bytes = (text: string) => new TextEncoder().encode(text);

/** The sealed value with one byte of one of its parts (1 = iv, 2 = ciphertext and tag) XORed. */
function flipByte(sealed: string, part: 1 | 2, index: number, mask = 0x01) {
  const parts = sealed.split(".");
  const raw = fromBase64Url(parts[part]!);
  raw[index % raw.byteLength]! ^= mask;
  parts[part] = toBase64Url(raw);
  return parts.join(".");
}

describe("hashSecret", () => {
  it("is SHA-256 in lowercase hex (FIPS 180-2 vectors)", async () => {
    expect(await hashSecret("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await hashSecret("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("hashes the UTF-8 bytes of the secret", async () => {
    const expected = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes("clé ✓"))), (b) =>
      b.toString(16).padStart(2, "0"),
    ).join("");
    expect(await hashSecret("clé ✓")).toBe(expected);
  });
});

describe("encrypt / decrypt", () => {
  it("round-trips, including empty and non-ASCII plaintexts", async () => {
    for (const plaintext of ["", "con_tkn_abc", '{"username":"u","password":"p"}', "é ✓ 🚚", "x".repeat(10_000)]) {
      const sealed = await encrypt(KEY, plaintext, "ctx:1");
      expect(await decrypt(KEY, sealed, "ctx:1")).toBe(plaintext);
    }
  });

  it("round-trips any string (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 200 }), fc.string(), async (plaintext, context) => {
        expect(await decrypt(KEY, await encrypt(KEY, plaintext, context), context)).toBe(plaintext);
      }),
      { numRuns: 200 },
    );
  });

  it("writes `v1.<12-byte iv>.<ciphertext + 16-byte tag>` in base64url, without the plaintext", async () => {
    const plaintext = "secret-plaintext-value";
    const sealed = await encrypt(KEY, plaintext, "ctx");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    const [, iv, ciphertext] = sealed.split(".");
    expect(fromBase64Url(iv!).byteLength).toBe(12);
    expect(fromBase64Url(ciphertext!).byteLength).toBe(bytes(plaintext).byteLength + 16);
    expect(sealed).not.toContain(plaintext);
    expect(sealed).not.toContain(btoa(plaintext).slice(0, 12));
  });

  it("uses a fresh random IV: two encryptions of the same plaintext differ", async () => {
    const sealed = await Promise.all(Array.from({ length: 20 }, () => encrypt(KEY, "same", "ctx")));
    expect(new Set(sealed).size).toBe(20);
    expect(new Set(sealed.map((value) => value.split(".")[1])).size).toBe(20);
    for (const value of sealed) expect(await decrypt(KEY, value, "ctx")).toBe("same");
  });

  it("throws when any byte of the ciphertext, tag or IV is altered", async () => {
    const sealed = await encrypt(KEY, "connection token", "ctx");
    const ciphertextLength = fromBase64Url(sealed.split(".")[2]!).byteLength;
    for (let index = 0; index < ciphertextLength; index++) {
      await expect(decrypt(KEY, flipByte(sealed, 2, index), "ctx")).rejects.toThrow();
    }
    for (let index = 0; index < 12; index++) {
      await expect(decrypt(KEY, flipByte(sealed, 1, index), "ctx")).rejects.toThrow();
    }
  });

  it("throws when the ciphertext is truncated or extended", async () => {
    const sealed = await encrypt(KEY, "connection token", "ctx");
    const [version, iv, ciphertext] = sealed.split(".");
    const raw = fromBase64Url(ciphertext!);
    await expect(decrypt(KEY, `${version}.${iv}.${toBase64Url(raw.slice(0, -1))}`, "ctx")).rejects.toThrow();
    await expect(decrypt(KEY, `${version}.${iv}.${toBase64Url(raw.slice(0, 16))}`, "ctx")).rejects.toThrow();
    const extended = new Uint8Array(raw.byteLength + 1);
    extended.set(raw);
    await expect(decrypt(KEY, `${version}.${iv}.${toBase64Url(extended)}`, "ctx")).rejects.toThrow();
  });

  it("throws under another context (the context is authenticated data)", async () => {
    const sealed = await encrypt(KEY, "credentials", "provider-credentials:conn_A");
    expect(await decrypt(KEY, sealed, "provider-credentials:conn_A")).toBe("credentials");
    await expect(decrypt(KEY, sealed, "provider-credentials:conn_B")).rejects.toThrow();
    await expect(decrypt(KEY, sealed, "connection-token:conn_A")).rejects.toThrow();
    await expect(decrypt(KEY, sealed, "")).rejects.toThrow();
  });

  it("throws under another key", async () => {
    const sealed = await encrypt(KEY, "credentials", "ctx");
    await expect(decrypt(newKey(), sealed, "ctx")).rejects.toThrow();
    const other = newKey();
    await expect(decrypt(KEY, await encrypt(other, "credentials", "ctx"), "ctx")).rejects.toThrow();
  });

  it("refuses an encryption key that is not 32 bytes", async () => {
    const short = btoa(String.fromCharCode(...new Uint8Array(16)));
    await expect(encrypt(short, "x", "ctx")).rejects.toThrow(/32 bytes/);
    await expect(decrypt(short, await encrypt(KEY, "x", "ctx"), "ctx")).rejects.toThrow(/32 bytes/);
  });

  it("throws on malformed sealed values: another version, missing parts, not base64url", async () => {
    const sealed = await encrypt(KEY, "value", "ctx");
    const [, iv, ciphertext] = sealed.split(".");
    const malformed = [
      `v2.${iv}.${ciphertext}`,
      `V1.${iv}.${ciphertext}`,
      `${iv}.${ciphertext}`,
      `v1.${iv}`,
      `v1..${ciphertext}`,
      `v1.${iv}.`,
      "v1",
      "",
      "value",
      `v1.${iv}.${ciphertext}!`,
      `v1.${iv}+.${ciphertext}`,
    ];
    for (const value of malformed) {
      await expect(decrypt(KEY, value, "ctx"), value).rejects.toThrow();
    }
  });
});

describe("timingSafeEqualStrings", () => {
  it("is true only for equal strings", () => {
    expect(timingSafeEqualStrings("", "")).toBe(true);
    expect(timingSafeEqualStrings("admin-token-1234567890", "admin-token-1234567890")).toBe(true);
    expect(timingSafeEqualStrings("é✓", "é✓")).toBe(true);
    expect(timingSafeEqualStrings("admin-token-1234567890", "admin-token-1234567891")).toBe(false);
    expect(timingSafeEqualStrings("Admin-token-1234567890", "admin-token-1234567890")).toBe(false);
  });

  it("is false for a prefix, an extension and strings of other lengths", () => {
    const token = "admin-token-1234567890";
    expect(timingSafeEqualStrings(token.slice(0, -1), token)).toBe(false);
    expect(timingSafeEqualStrings(token, token.slice(0, -1))).toBe(false);
    expect(timingSafeEqualStrings(`${token}x`, token)).toBe(false);
    expect(timingSafeEqualStrings("", token)).toBe(false);
    expect(timingSafeEqualStrings(token, "")).toBe(false);
  });

  it("compares UTF-8 bytes: same UTF-16 length with different bytes is false", () => {
    // "é" is one UTF-16 unit and two UTF-8 bytes; "e" one of each.
    expect(timingSafeEqualStrings("é", "e")).toBe(false);
    expect(timingSafeEqualStrings("ée", "eé")).toBe(false);
  });

  it("agrees with === on arbitrary pairs (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.string({ unit: "grapheme" }), (a, b) => {
        expect(timingSafeEqualStrings(a, b)).toBe(a === b);
        expect(timingSafeEqualStrings(a, a)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("sign / verifySignature", () => {
  const data = bytes("payload to sign");

  it("signs with HMAC-SHA256: 32 bytes, deterministic, verified in full", async () => {
    const signature = await sign(KEY, "purpose-a", data);
    expect(signature.byteLength).toBe(32);
    expect(await sign(KEY, "purpose-a", data)).toEqual(signature);
    expect(await verifySignature(KEY, "purpose-a", data, signature)).toBe(true);
  });

  it("derives one key per purpose: signatures of two purposes differ and do not cross", async () => {
    const a = await sign(KEY, "purpose-a", data);
    const b = await sign(KEY, "purpose-b", data);
    expect(a).not.toEqual(b);
    expect(await verifySignature(KEY, "purpose-b", data, a)).toBe(false);
    expect(await verifySignature(KEY, "purpose-a", data, b)).toBe(false);
  });

  it("does not sign with the raw secret as HMAC key (the purpose key is derived)", async () => {
    const raw = Uint8Array.from(atob(KEY), (char) => char.charCodeAt(0));
    const rawKey = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const plain = new Uint8Array(await crypto.subtle.sign("HMAC", rawKey, data));
    expect(await sign(KEY, "purpose-a", data)).not.toEqual(plain);
  });

  it("accepts truncations of 16 bytes or more, and refuses shorter ones", async () => {
    const signature = await sign(KEY, "purpose-a", data);
    for (const length of [32, 31, 24, 17, 16]) {
      expect(await verifySignature(KEY, "purpose-a", data, signature.slice(0, length)), `length ${length}`).toBe(true);
    }
    for (const length of [15, 8, 1, 0]) {
      expect(await verifySignature(KEY, "purpose-a", data, signature.slice(0, length)), `length ${length}`).toBe(false);
    }
  });

  it("refuses a signature longer than the MAC", async () => {
    const signature = await sign(KEY, "purpose-a", data);
    const longer = new Uint8Array(33);
    longer.set(signature);
    const accepted = await verifySignature(KEY, "purpose-a", data, longer).catch(() => false);
    expect(accepted).toBe(false);
  });

  it("refuses a signature with any bit flipped, of other data, or under another secret", async () => {
    const signature = await sign(KEY, "purpose-a", data);
    for (let index = 0; index < 16; index++) {
      for (const mask of [0x01, 0x80]) {
        const altered = signature.slice(0, 16);
        altered[index]! ^= mask;
        expect(await verifySignature(KEY, "purpose-a", data, altered)).toBe(false);
      }
    }
    expect(await verifySignature(KEY, "purpose-a", bytes("payload to sigN"), signature)).toBe(false);
    expect(await verifySignature(KEY, "purpose-a", new Uint8Array(0), signature)).toBe(false);
    expect(await verifySignature(newKey(), "purpose-a", data, signature)).toBe(false);
  });
});
