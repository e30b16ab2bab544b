import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeLocations,
  encodeLocations,
  type LocationSample,
  normalizeLocation,
} from "../../src/timeseries/location-codec";
import { decodeStats, encodeStats, normalizeStat, type StatSample } from "../../src/timeseries/stat-codec";
import { MalformedBlobError } from "../../src/timeseries/varint";
import { drivingHour, locationSamples, statHour, statSamples } from "./samples";

const RUNS = { seed: 42, numRuns: 200 };
/** Blobs of at most a few hundred bytes, so every truncation of each can be tried quickly. */
const SHORT = { maxLength: 12, longText: false };

/**
 * The contract's rounding, written independently of the codec: half up to `decimals`, no negative
 * zero; a value too large to have decimals (past 2^50 units here) only has to stay within rounding
 * error. Returns what is wrong, if anything (one `expect` per property run keeps the runs fast).
 */
function roundingError(actual: number | undefined, value: number | undefined, decimals: number): string[] {
  if (value === undefined || actual === undefined) return actual === value ? [] : [`${actual} for ${value}`];
  const scale = 10 ** decimals;
  if (Math.abs(value) * scale >= 2 ** 50) {
    return Math.abs(actual - value) <= Math.abs(value) * 2 ** -50 ? [] : [`${actual} for ${value}`];
  }
  const rounded = Math.round(value * scale) / scale;
  return Object.is(actual, rounded === 0 ? 0 : rounded) ? [] : [`${actual} for ${value} at ${decimals} decimals`];
}

function contractErrors(decoded: LocationSample, sample: LocationSample): string[] {
  const errors = [
    ...roundingError(decoded.lat, sample.lat, 7),
    ...roundingError(decoded.lng, sample.lng, 7),
    ...roundingError(decoded.heading, sample.heading, 2),
    ...roundingError(decoded.speed, sample.speed, 2),
  ];
  if (Object.keys(decoded).sort().join() !== Object.keys(sample).sort().join()) errors.push("keys differ");
  if (decoded.t !== sample.t || decoded.modifiedAt !== sample.modifiedAt) errors.push("times differ");
  for (const key of ["driver", "address", "sourceId"] as const) {
    if (decoded[key] !== sample[key]?.toWellFormed()) errors.push(`${key} differs`);
  }
  return errors;
}

describe("location codec", () => {
  it("round-trips any samples to the contract's rounding, and the second round trip is the identity", () => {
    fc.assert(
      fc.property(locationSamples(), (samples) => {
        const decoded = decodeLocations(encodeLocations(samples));
        expect(decoded).toStrictEqual(samples.map(normalizeLocation));
        expect(decoded.flatMap((sample, index) => contractErrors(sample, samples[index]!))).toEqual([]);
        expect(decodeLocations(encodeLocations(decoded))).toStrictEqual(decoded);
      }),
      RUNS,
    );
  });

  it("keeps 5- and 7-decimal coordinates and 2-decimal motion exactly", () => {
    const exact = fc.record({ decimals: fc.constantFrom(5, 7), offset: fc.integer({ min: -1e6, max: 1e6 }) });
    fc.assert(
      fc.property(exact, ({ decimals, offset }) => {
        const samples = drivingHour(decimals as 5 | 7).map((sample) => ({ ...sample, t: sample.t + offset }));
        expect(decodeLocations(encodeLocations(samples))).toStrictEqual(samples);
      }),
      { seed: 42, numRuns: 20 },
    );
  });

  it("omits absent optional fields rather than setting them to undefined", () => {
    const [decoded] = decodeLocations(encodeLocations([{ t: 1_000, lat: 1.5, lng: -2.25, modifiedAt: 2_000 }]));
    expect(Object.keys(decoded!).sort()).toEqual(["lat", "lng", "modifiedAt", "t"]);
  });

  it("stores nothing but the header for no samples", () => {
    expect(encodeLocations([])).toHaveLength(3);
    expect(decodeLocations(encodeLocations([]))).toEqual([]);
  });

  it("refuses unsorted, repeated or fractional times, and non-finite numbers", () => {
    const point = { t: 1_000, lat: 1, lng: 1, modifiedAt: 5 };
    expect(() => encodeLocations([point, { ...point, t: 999 }])).toThrow(/sorted by t/);
    expect(() => encodeLocations([point, point])).toThrow(/sorted by t/);
    expect(() => encodeLocations([{ ...point, t: 1.5 }])).toThrow(/integer/);
    expect(() => encodeLocations([{ ...point, modifiedAt: Number.NaN }])).toThrow(/integer/);
    expect(() => encodeLocations([{ ...point, lat: Number.POSITIVE_INFINITY }])).toThrow(/finite/);
  });

  it("replaces a lone surrogate, which UTF-8 cannot carry, with U+FFFD", () => {
    const [decoded] = decodeLocations(encodeLocations([{ t: 0, lat: 0, lng: 0, address: "a\ud800b", modifiedAt: 0 }]));
    expect(decoded!.address).toBe("a\ufffdb");
  });
});

describe("stat codec", () => {
  it("round-trips numbers at 2 decimals and strings exactly; the second round trip is the identity", () => {
    fc.assert(
      fc.property(statSamples(), (samples) => {
        const decoded = decodeStats(encodeStats(samples));
        expect(decoded).toStrictEqual(samples.map(normalizeStat));
        const errors = decoded.flatMap((sample, index) => {
          const { value, t, modifiedAt } = samples[index]!;
          if (sample.t !== t || sample.modifiedAt !== modifiedAt) return ["times differ"];
          if (typeof value === "number") return roundingError(sample.value as number, value, 2);
          return sample.value === value.toWellFormed() ? [] : ["string differs"];
        });
        expect(errors).toEqual([]);
        expect(decodeStats(encodeStats(decoded))).toStrictEqual(decoded);
      }),
      RUNS,
    );
  });

  it("keeps large, negative and 2-decimal values exactly", () => {
    const values = [1_234_567_890_123, 184_233.17, -40.25, -0.01, 0, 99_999_999_999.99, 2 ** 53 - 1, 1e20, -1e300];
    const samples = values.map((value, index) => ({ t: index * 1_000, value, modifiedAt: 1 }));
    expect(decodeStats(encodeStats(samples))).toStrictEqual(samples);
  });

  it("rounds to 2 decimals, half up, with no negative zero", () => {
    const samples = [0.004, -0.004, 1.005, 2.675, 12.3456].map((value, index) => ({ t: index, value, modifiedAt: 1 }));
    const values = decodeStats(encodeStats(samples)).map((sample) => sample.value);
    expect(values.map((value) => Object.is(value, -0))).not.toContain(true);
    expect(values).toEqual([0, 0, Math.round(1.005 * 100) / 100, Math.round(2.675 * 100) / 100, 12.35]);
  });

  it("refuses a blob of numbers and strings mixed", () => {
    const mixed: StatSample[] = [
      { t: 1, value: 1, modifiedAt: 1 },
      { t: 2, value: "on", modifiedAt: 1 },
    ];
    expect(() => encodeStats(mixed)).toThrow(/numbers or strings/);
  });

  it("refuses a location blob, and a location decoder refuses a stat blob", () => {
    const stats = encodeStats([{ t: 1, value: 1, modifiedAt: 1 }]);
    const locations = encodeLocations([{ t: 1, lat: 1, lng: 1, modifiedAt: 1 }]);
    expect(() => decodeLocations(stats)).toThrow(MalformedBlobError);
    expect(() => decodeStats(locations)).toThrow(MalformedBlobError);
  });
});

describe("malformed blobs", () => {
  it("throws MalformedBlobError for every truncation of a valid blob", () => {
    const blobs = fc.oneof(
      locationSamples(SHORT).map((samples) => ({ bytes: encodeLocations(samples), decode: decodeLocations })),
      statSamples(SHORT).map((samples) => ({ bytes: encodeStats(samples), decode: decodeStats })),
    );
    fc.assert(
      fc.property(blobs, ({ bytes, decode }) => {
        const accepted: number[] = [];
        for (let length = 0; length < bytes.length; length++) {
          try {
            decode(bytes.subarray(0, length));
            accepted.push(length);
          } catch (error) {
            if (!(error instanceof MalformedBlobError)) throw error;
          }
        }
        expect(accepted, "truncated lengths that decoded").toEqual([]);
      }),
      RUNS,
    );
  });

  it("throws MalformedBlobError for trailing bytes and unknown versions", () => {
    const bytes = encodeLocations(drivingHour(5));
    expect(() => decodeLocations(Uint8Array.of(...bytes, 0))).toThrow(/unexpected bytes/);
    expect(() => decodeLocations(Uint8Array.of(2, ...bytes.subarray(1)))).toThrow(/version 2/);
  });

  // No checksum: a changed byte can decode to other values, but never to samples the codec refuses.
  it("either throws MalformedBlobError or decodes to samples the codec accepts, for corrupted bytes", () => {
    const corrupted = fc.record({
      samples: locationSamples(SHORT),
      position: fc.nat(),
      byte: fc.integer({ min: 0, max: 255 }),
      tail: fc.uint8Array({ maxLength: 8 }),
    });
    fc.assert(
      fc.property(corrupted, ({ samples, position, byte, tail }) => {
        const bytes = Uint8Array.of(...encodeLocations(samples), ...tail);
        bytes[position % bytes.length] = byte;
        let decoded: LocationSample[];
        try {
          decoded = decodeLocations(bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(MalformedBlobError);
          return;
        }
        expect(() => encodeLocations(decoded)).not.toThrow();
      }),
      RUNS,
    );
  });
});

describe("size", () => {
  const perPoint = (bytes: Uint8Array, points: number) => Math.round((bytes.length / points) * 100) / 100;

  it("stores a realistic hour of 5-decimal breadcrumbs in at most 10 bytes a point, 7-decimal in at most 12", () => {
    const fiveDecimals = encodeLocations(drivingHour(5));
    const sevenDecimals = encodeLocations(drivingHour(7));
    const { odometer, engineState } = statHour();
    const odometerBytes = encodeStats(odometer);
    const engineStateBytes = encodeStats(engineState);
    console.log(
      [
        `timeseries sizes: 120 breadcrumbs, 5 decimals: ${fiveDecimals.length} B (${perPoint(fiveDecimals, 120)} B/point)`,
        `7 decimals: ${sevenDecimals.length} B (${perPoint(sevenDecimals, 120)} B/point)`,
        `120 odometer readings: ${odometerBytes.length} B (${perPoint(odometerBytes, 120)} B/point)`,
        `6 engine states: ${engineStateBytes.length} B`,
      ].join("; "),
    );
    expect(fiveDecimals.length / 120).toBeLessThanOrEqual(10);
    expect(sevenDecimals.length / 120).toBeLessThanOrEqual(12);
  });
});
