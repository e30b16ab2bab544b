import { describe, expect, it } from "vitest";
import { ID_PREFIXES, type IdKind, idPattern, newId, ULID_PATTERN } from "../../src/lib/ids";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const KINDS = Object.keys(ID_PREFIXES) as IdKind[];

/** The millisecond timestamp in the first 10 characters of a ULID, decoded independently of the library. */
function ulidTime(ulid: string): number {
  let time = 0;
  for (const char of ulid.slice(0, 10)) time = time * 32 + CROCKFORD.indexOf(char);
  return time;
}

describe("newId", () => {
  it("uses the contract's prefixes", () => {
    expect(ID_PREFIXES).toMatchObject({
      application: "app_",
      apiKey: "key_",
      connection: "conn_",
      vehicle: "vcl_",
      driver: "drv_",
      syncJob: "sync_",
    });
  });

  it("mints prefix + 26-character ULID in Crockford base32 (no I, L, O, U) for every kind", () => {
    for (const kind of KINDS) {
      for (let i = 0; i < 50; i++) {
        const id = newId(kind);
        const prefix = ID_PREFIXES[kind];
        expect(id.startsWith(prefix)).toBe(true);
        expect(id.slice(prefix.length)).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
        expect(id).toMatch(idPattern(kind));
      }
    }
  });

  it("draws fresh random parts across many refills of its random pool, over the whole alphabet", () => {
    // Backdated ids each take a fresh random part (not the monotonic increment): 2,000 of them draw
    // 32,000 random characters, many refills of the pool.
    const base = Date.now() - 3_600_000;
    const parts = Array.from({ length: 2000 }, (_, index) => newId("request", base - index).slice(-16));
    expect(new Set(parts).size).toBe(parts.length);
    const counts = new Map<string, number>();
    for (const char of parts.join("")) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect([...counts.keys()].sort().join("")).toBe(CROCKFORD);
    // 1,000 expected per character: a pool handed out twice, or a stuck byte, would skew this far.
    for (const count of counts.values()) expect(count).toBeGreaterThan(800);
  });

  it("is unique within one millisecond", () => {
    const now = Date.now();
    const ids = Array.from({ length: 1000 }, () => newId("connection", now));
    expect(new Set(ids).size).toBe(1000);
  });

  it("sorts ids minted in the same millisecond in minting order", () => {
    const now = Date.now() + 60_000;
    const ids = Array.from({ length: 1000 }, () => newId("webhookEvent", now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids.map((id) => ulidTime(id.slice("evt_".length))))).toEqual(new Set([now]));
    // A backdated id keeps its own time.
    expect(ulidTime(newId("webhookEvent", now - 1000).slice("evt_".length))).toBe(now - 1000);
  });

  it("encodes the creation time in the first 10 ULID characters", () => {
    for (const time of [1, 1_767_225_600_000, Date.now(), 2 ** 48 - 1]) {
      expect(ulidTime(newId("vehicle", time).slice("vcl_".length))).toBe(time);
    }
    const before = Date.now();
    const id = newId("application");
    const after = Date.now();
    const time = ulidTime(id.slice("app_".length));
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(after);
  });

  it("sorts by creation time (string order = time order for ids minted in different milliseconds)", () => {
    const base = 1_767_225_600_000;
    const times = [0, 1, 2, 31, 32, 33, 1023, 1024, 59_999, 60_000, 86_400_000, 86_400_001, 31_536_000_000];
    const ids = times.map((offset) => newId("connection", base + offset));
    const shuffled = [...ids].reverse();
    expect(shuffled.sort()).toEqual(ids);
    for (let i = 1; i < ids.length; i++) expect(ids[i - 1]! < ids[i]!).toBe(true);
  });
});

describe("idPattern", () => {
  const ulid = "01HZX5G1Q4V2M8T6W9K3R7N0PB";

  it("matches exactly prefix + ULID", () => {
    expect(ULID_PATTERN).toBe("[0-9A-HJKMNP-TV-Z]{26}");
    expect(idPattern("connection").test(`conn_${ulid}`)).toBe(true);
    expect(idPattern("safetyEvent").test(`sft_evt_${ulid}`)).toBe(true);
  });

  it("is anchored at both ends", () => {
    const pattern = idPattern("connection");
    expect(pattern.source.startsWith("^")).toBe(true);
    expect(pattern.source.endsWith("$")).toBe(true);
    expect(pattern.test(`xconn_${ulid}`)).toBe(false);
    expect(pattern.test(`conn_${ulid}x`)).toBe(false);
    expect(pattern.test(`conn_${ulid}0`)).toBe(false);
    expect(pattern.test(` conn_${ulid}`)).toBe(false);
    expect(pattern.test(`conn_${ulid}\n`)).toBe(false);
    expect(pattern.test(`app_conn_${ulid}`)).toBe(false);
  });

  it("refuses other prefixes, wrong lengths, lower case and letters outside Crockford base32", () => {
    const pattern = idPattern("connection");
    expect(pattern.test(`vcl_${ulid}`)).toBe(false);
    expect(pattern.test(`CONN_${ulid}`)).toBe(false);
    expect(pattern.test(`conn${ulid}`)).toBe(false);
    expect(pattern.test(`conn_${ulid.slice(1)}`)).toBe(false);
    expect(pattern.test(`conn_${ulid.toLowerCase()}`)).toBe(false);
    for (const letter of ["I", "L", "O", "U"]) {
      expect(pattern.test(`conn_${letter}${ulid.slice(1)}`), letter).toBe(false);
    }
    expect(pattern.test("conn_")).toBe(false);
    expect(pattern.test("")).toBe(false);
  });

  it("does not let one kind's pattern accept another kind's id", () => {
    for (const kind of KINDS) {
      const id = newId(kind);
      for (const other of KINDS) expect(idPattern(other).test(id), `${other} vs ${id}`).toBe(other === kind);
    }
  });
});
