import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoTime } from "../../src/lib/iso-time";

const FIRST_FOUR_DIGIT_YEAR_MS = -62_167_219_200_000;
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;
const LAST_VALID_DATE_MS = 8.64e15;

describe("isoTime", () => {
  it("writes what toISOString writes, for any instant a Date holds", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: FIRST_FOUR_DIGIT_YEAR_MS, max: LAST_FOUR_DIGIT_YEAR_MS }),
          fc.integer({ min: -LAST_VALID_DATE_MS, max: LAST_VALID_DATE_MS }),
        ),
        (ms) => {
          expect(isoTime(ms)).toBe(new Date(ms).toISOString());
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it("agrees around day, year and four-digit-year boundaries, in any order of calls", () => {
    const edges = [0, 86_400_000, 951_782_400_000, FIRST_FOUR_DIGIT_YEAR_MS, LAST_FOUR_DIGIT_YEAR_MS];
    const near = edges.flatMap((edge) => [-86_400_000, -1000, -1, 0, 1, 999, 1000, 86_399_999].map((d) => edge + d));
    fc.assert(
      fc.property(fc.shuffledSubarray(near, { minLength: 1 }), (instants) => {
        for (const ms of instants) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      }),
    );
  });

  it("leaves what toISOString refuses or rounds to toISOString", () => {
    expect(isoTime(1.5)).toBe(new Date(1.5).toISOString());
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
    expect(() => isoTime(LAST_VALID_DATE_MS + 1)).toThrow(RangeError);
  });
});
