import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LocationSample } from "../../src/timeseries/location-codec";
import { mergeByTime, sameLocation, sameStat } from "../../src/timeseries/merge";
import type { StatSample } from "../../src/timeseries/stat-codec";

const RUNS = { seed: 42, numRuns: 200 };

/** Few times and few values, so incoming samples often land on stored times, equal or not (1.001 rounds to 1). */
const sample = (modifiedAt: number) =>
  fc.record({
    t: fc.integer({ min: 0, max: 30 }),
    value: fc.constantFrom(0, 1, 1.001, 2, "on"),
    modifiedAt: fc.constant(modifiedAt),
  });
const stored = fc
  .uniqueArray(sample(100), { selector: (item) => item.t, maxLength: 20 })
  .map((items) => items.sort((a, b) => a.t - b.t));
const incoming = fc.array(sample(200), { maxLength: 20 });

/** The last incoming sample of each t: the one that counts. */
function lastByTime(samples: readonly StatSample[]): Map<number, StatSample> {
  return new Map(samples.map((item) => [item.t, item]));
}

describe("mergeByTime", () => {
  it("returns the union of the times, sorted and each once", () => {
    fc.assert(
      fc.property(stored, incoming, (before, page) => {
        const { samples } = mergeByTime(before, page, sameStat);
        const times = samples.map((item) => item.t);
        expect(times).toEqual([...new Set([...before, ...page].map((item) => item.t))].sort((a, b) => a - b));
      }),
      RUNS,
    );
  });

  it("lets the last incoming sample of a t win, but keeps the stored one when it is the same", () => {
    fc.assert(
      fc.property(stored, incoming, (before, page) => {
        const { samples, changed } = mergeByTime(before, page, sameStat);
        const storedByTime = lastByTime(before);
        const incomingByTime = lastByTime(page);
        let anyDifferent = false;
        for (const item of samples) {
          const previous = storedByTime.get(item.t);
          const latest = incomingByTime.get(item.t);
          if (latest === undefined) {
            expect(item).toBe(previous);
          } else if (previous !== undefined && sameStat(previous, latest)) {
            expect(item).toBe(previous);
          } else {
            expect(item).toBe(latest);
            anyDifferent = true;
          }
        }
        expect(changed).toBe(anyDifferent);
      }),
      RUNS,
    );
  });

  it("changes nothing when the same page is merged a second time", () => {
    fc.assert(
      fc.property(stored, incoming, (before, page) => {
        const first = mergeByTime(before, page, sameStat);
        const second = mergeByTime(first.samples, page, sameStat);
        expect(second.changed).toBe(false);
        second.samples.forEach((item, index) => {
          expect(item).toBe(first.samples[index]);
        });
        expect(second.samples).toHaveLength(first.samples.length);
      }),
      RUNS,
    );
  });

  it("reports a page of nothing new as unchanged and keeps the stored modifiedAt", () => {
    const before: StatSample[] = [
      { t: 1, value: 10, modifiedAt: 100 },
      { t: 2, value: 11, modifiedAt: 100 },
    ];
    const { samples, changed } = mergeByTime(before, [{ t: 2, value: 11.001, modifiedAt: 200 }], sameStat);
    expect(changed).toBe(false);
    expect(samples).toEqual(before);
    expect(mergeByTime([], [], sameStat)).toEqual({ samples: [], changed: false });
  });
});

describe("sameLocation and sameStat", () => {
  const point: LocationSample = { t: 1, lat: 37.1234567, lng: -122.5, heading: 90, address: "a\ufffdb", modifiedAt: 1 };

  it("compare everything but modifiedAt, after the codec's rounding", () => {
    expect(sameLocation(point, { ...point, modifiedAt: 2 })).toBe(true);
    expect(sameLocation(point, { ...point, lat: 37.12345671, heading: 90.001 })).toBe(true);
    expect(sameLocation(point, { ...point, address: "a\ud800b" })).toBe(true);
    expect(sameLocation(point, { ...point, lat: 37.1234568 })).toBe(false);
    expect(sameLocation(point, { ...point, speed: 0 })).toBe(false);
    expect(sameLocation(point, { ...point, address: "ab" })).toBe(false);
    expect(sameLocation(point, { ...point, sourceId: "b1A2F" })).toBe(false);
    expect(sameLocation(point, { ...point, t: 2 })).toBe(false);
    expect(sameStat({ t: 1, value: 1.004, modifiedAt: 1 }, { t: 1, value: 1, modifiedAt: 2 })).toBe(true);
    expect(sameStat({ t: 1, value: 1, modifiedAt: 1 }, { t: 1, value: "1", modifiedAt: 1 })).toBe(false);
    expect(sameStat({ t: 1, value: "on", modifiedAt: 1 }, { t: 1, value: "off", modifiedAt: 1 })).toBe(false);
  });
});
