import { describe, expect, it } from "vitest";
import { generateApiKey, KEY_PREFIXES, keyHint, parseKeyPrefix } from "../../src/domain/api-keys/format";
import { randomBase62, randomBytes } from "../../src/lib/random";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const COMBINATIONS = [
  ["production", "secret", "sk_prod_"],
  ["production", "publishable", "pk_prod_"],
  ["sandbox", "secret", "sk_sandbox_"],
  ["sandbox", "publishable", "pk_sandbox_"],
] as const;

describe("randomBase62", () => {
  it("returns exactly the requested length, in the base62 alphabet", () => {
    for (const length of [0, 1, 2, 31, 40, 64, 1000]) {
      const value = randomBase62(length);
      expect(value).toHaveLength(length);
      expect(value).toMatch(/^[0-9A-Za-z]*$/);
    }
  });

  it("supports lengths beyond one getRandomValues call (65,536 bytes)", () => {
    const value = randomBase62(40_000);
    expect(value).toHaveLength(40_000);
    expect(value).toMatch(/^[0-9A-Za-z]*$/);
  });

  it("does not repeat itself", () => {
    const values = Array.from({ length: 1000 }, () => randomBase62(20));
    expect(new Set(values).size).toBe(1000);
  });

  it("draws every character uniformly (chi-square over 124,000 characters)", () => {
    const expected = 2000;
    // In calls of 1,000 characters, far more than a key or token needs, and within one getRandomValues call.
    const text = Array.from({ length: (62 * expected) / 1000 }, () => randomBase62(1000)).join("");
    expect(text).toHaveLength(62 * expected);
    const counts = new Map<string, number>(Array.from(BASE62, (char) => [char, 0]));
    for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    let chiSquare = 0;
    for (const [char, count] of counts) {
      // 2000 ± 300 is more than 6.7 standard deviations.
      expect(count, char).toBeGreaterThan(expected - 300);
      expect(count, char).toBeLessThan(expected + 300);
      chiSquare += (count - expected) ** 2 / expected;
    }
    // 61 degrees of freedom: mean 61, P(χ² > 160) ≈ 1e-10. Plain `byte % 62` without rejection
    // gives χ² ≈ 800 at this size, so the bound still catches the classic modulo bias.
    expect(chiSquare).toBeLessThan(160);
  });

  it("is uniform at each position too (first and last characters of many short strings)", () => {
    const first = new Map<string, number>();
    const last = new Map<string, number>();
    const samples = 62 * 300;
    for (let i = 0; i < samples; i++) {
      const value = randomBase62(8);
      first.set(value[0]!, (first.get(value[0]!) ?? 0) + 1);
      last.set(value[7]!, (last.get(value[7]!) ?? 0) + 1);
    }
    for (const counts of [first, last]) {
      expect(counts.size).toBe(62);
      let chiSquare = 0;
      for (const count of counts.values()) chiSquare += (count - 300) ** 2 / 300;
      expect(chiSquare).toBeLessThan(160);
    }
  });
});

describe("randomBytes", () => {
  it("returns the requested number of bytes, different each time", () => {
    expect(randomBytes(0)).toHaveLength(0);
    expect(randomBytes(32)).toHaveLength(32);
    expect(randomBytes(32)).not.toEqual(randomBytes(32));
  });
});

describe("API key format", () => {
  it("has the contract's four prefixes", () => {
    expect(KEY_PREFIXES).toEqual({
      production: { secret: "sk_prod_", publishable: "pk_prod_" },
      sandbox: { secret: "sk_sandbox_", publishable: "pk_sandbox_" },
    });
  });

  it("generates prefix + at least 32 base62 characters, fresh each time", () => {
    for (const [environment, kind, prefix] of COMBINATIONS) {
      const keys = Array.from({ length: 50 }, () => generateApiKey(environment, kind));
      for (const key of keys) {
        expect(key.startsWith(prefix)).toBe(true);
        expect(key.slice(prefix.length)).toMatch(/^[0-9A-Za-z]{32,}$/);
      }
      expect(new Set(keys).size).toBe(50);
    }
  });

  it("parses the environment and kind back from the prefix", () => {
    for (const [environment, kind] of COMBINATIONS) {
      expect(parseKeyPrefix(generateApiKey(environment, kind))).toEqual({ environment, kind });
    }
  });

  it("does not parse strings that are not keys of ours", () => {
    for (const value of [
      "",
      "sk_",
      "sk_prod",
      "sk_live_abc",
      "SK_PROD_abc",
      "xsk_prod_abc",
      " sk_prod_abc",
      "pk_sand_abc",
      "con_tkn_abc",
      "pub_tkn_abc",
    ]) {
      expect(parseKeyPrefix(value), value).toBeUndefined();
    }
  });

  it("hints with the prefix, an ellipsis and the last four characters, never the key", () => {
    for (const [environment, kind, prefix] of COMBINATIONS) {
      const key = generateApiKey(environment, kind);
      const hint = keyHint(key);
      expect(hint).toBe(`${prefix}…${key.slice(-4)}`);
      expect(hint).not.toContain(key);
      expect(hint).not.toContain(key.slice(prefix.length, prefix.length + 8));
    }
    expect(keyHint("sk_sandbox_0123456789abcdefghijklmnopqrstuvwxyzAB")).toBe("sk_sandbox_…yzAB");
  });
});
