import { describe, expect, it } from "vitest";
import { TtlCache } from "../../src/lib/ttl-cache";

describe("TtlCache", () => {
  it("forgets a value once its time is up, and the oldest entry beyond its size", () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000, maxEntries: 2 });
    cache.set("a", "A", 0);
    expect(cache.get("a", 999)).toBe("A");
    expect(cache.get("a", 1_000)).toBeUndefined();
    cache.set("a", "A", 0);
    cache.set("b", "B", 0);
    cache.set("c", "C", 0);
    expect([cache.get("a", 1), cache.get("b", 1), cache.get("c", 1)]).toEqual([undefined, "B", "C"]);
  });

  it("replaces a live value without extending how long it is remembered, and never brings one back", () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    cache.set("a", "before", 0);
    expect(cache.replace("a", "after", 900)).toBe(true);
    expect(cache.get("a", 999)).toBe("after");
    expect(cache.get("a", 1_000)).toBeUndefined();
    expect(cache.replace("a", "again", 1_001)).toBe(false);
    expect(cache.replace("absent", "value", 0)).toBe(false);
    expect(cache.get("absent", 0)).toBeUndefined();
  });
});
