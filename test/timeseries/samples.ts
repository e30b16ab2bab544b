/**
 * Samples for the time-series codec tests: fast-check arbitraries that reach every column
 * encoding (whole seconds and ms, 5- and 7-decimal coordinates, values too large to keep
 * decimals, absent fields, repeated and unicode strings), and a realistic hour of driving built
 * by a seeded generator, so the size figures are the same on every run.
 */
import fc from "fast-check";
import type { LocationSample } from "../../src/timeseries/location-codec";
import type { StatSample } from "../../src/timeseries/stat-codec";

const SAFE = Number.MAX_SAFE_INTEGER;
const HOUR_START_MS = Date.UTC(2025, 2, 14, 9);

/** Sorted, unique epoch-ms times: whole seconds, milliseconds, a steady clock, or anywhere in the safe range. */
export const times = (maxLength: number): fc.Arbitrary<number[]> =>
  fc
    .oneof(
      fc
        .uniqueArray(fc.integer({ min: 0, max: 3600 }), { maxLength })
        .map((seconds) => seconds.map((second) => HOUR_START_MS + second * 1000)),
      fc.uniqueArray(fc.integer({ min: HOUR_START_MS, max: HOUR_START_MS + 3_599_999 }), { maxLength }),
      fc
        .record({ start: fc.integer({ min: -1e12, max: 1e13 }), step: fc.integer({ min: 1, max: 60_000 }) })
        .chain(({ start, step }) =>
          fc.nat({ max: maxLength }).map((count) => Array.from({ length: count }, (_, index) => start + index * step)),
        ),
      fc.uniqueArray(fc.integer({ min: -SAFE, max: SAFE }), { maxLength }),
    )
    .map((values) => [...values].sort((a, b) => a - b));

/** Degrees as providers send them (5 or 7 decimals, or any double), or far out of range. */
const coordinate = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -18_000_000, max: 18_000_000 }).map((units) => units / 1e5) },
  { weight: 3, arbitrary: fc.integer({ min: -1_800_000_000, max: 1_800_000_000 }).map((units) => units / 1e7) },
  { weight: 2, arbitrary: fc.double({ min: -180, max: 180, noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** A number kept at 2 decimals: whole, 1–2 decimals, any double, large (engine ms, odometer) or negative. */
export const twoDecimalNumber = fc.oneof(
  fc.integer({ min: 0, max: 360 }),
  fc.integer({ min: -5_000, max: 50_000 }).map((hundredths) => hundredths / 100),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.integer({ min: 1e10, max: 1e12 }),
  fc.integer({ min: -SAFE, max: SAFE }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/**
 * Any Unicode scalar value, ASCII more often. Cheaper than fast-check's `unit: "binary"`, whose
 * first use costs about a second.
 */
const codePoint = fc
  .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0, max: 0x10ffff }))
  .filter((value) => value < 0xd800 || value > 0xdfff)
  .map((value) => String.fromCodePoint(value));

/** A string of any scripts, well-formed (a lone surrogate is tested on its own). */
export const unicodeString = (maxLength: number) => fc.string({ unit: codePoint, maxLength });

/** Hundreds to thousands of characters, any script; built by repetition, as generating them one by one is slow. */
const longText = fc
  .tuple(fc.string({ unit: codePoint, minLength: 1, maxLength: 12 }), fc.integer({ min: 30, max: 300 }))
  .map(([unit, times]) => unit.repeat(times));

/** Mostly repeated values (runs, dictionaries), sometimes any string: unicode, empty, with a BOM, long. */
const text = (long: boolean) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        "drv_01J9Z3K8Q4",
        "1600 Amphitheatre Pkwy, Mountain View, CA 94043",
        "b1A2F",
        "\ufeffBOM",
      ),
    },
    { weight: 3, arbitrary: unicodeString(40) },
    ...(long ? [{ weight: 1, arbitrary: longText }] : []),
  );

/** How big generated samples get: a whole-length truncation sweep wants short blobs. */
export type SampleSize = { maxLength?: number; longText?: boolean };

const stamp = fc.oneof(fc.constantFrom(HOUR_START_MS + 3_600_123, HOUR_START_MS + 7_200_456), fc.maxSafeInteger());

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 3 });

const locationFields = (long: boolean) =>
  fc.record({
    lat: coordinate,
    lng: coordinate,
    heading: optional(twoDecimalNumber),
    speed: optional(twoDecimalNumber),
    driver: optional(text(long)),
    address: optional(text(long)),
    sourceId: optional(text(long)),
    modifiedAt: stamp,
  });

/** A valid input to encodeLocations, with absent fields omitted (not undefined). */
export const locationSamples = ({ maxLength = 40, longText = true }: SampleSize = {}): fc.Arbitrary<LocationSample[]> =>
  times(maxLength).chain((ts) =>
    fc
      .array(locationFields(longText), { minLength: ts.length, maxLength: ts.length })
      .map((fields) => fields.map((field, index) => withoutAbsent({ t: ts[index]!, ...field }) as LocationSample)),
  );

/** A valid input to encodeStats: numbers, or enum-like strings (repeated) and any string. */
export const statSamples = ({ maxLength = 40, longText = true }: SampleSize = {}): fc.Arbitrary<StatSample[]> =>
  fc.record({ ts: times(maxLength), strings: fc.boolean() }).chain(({ ts, strings }) =>
    fc
      .array(
        fc.record({
          value: strings ? fc.oneof(fc.constantFrom("on", "off", "idle"), text(longText)) : twoDecimalNumber,
          modifiedAt: stamp,
        }),
        {
          minLength: ts.length,
          maxLength: ts.length,
        },
      )
      .map((fields) => fields.map((field, index) => ({ t: ts[index]!, ...field }))),
  );

function withoutAbsent<T extends object>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** mulberry32: a small seeded generator, so the realistic streams are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

const STREETS = [
  "El Camino Real",
  "Stevens Creek Blvd",
  "De Anza Blvd",
  "Saratoga Ave",
  "Winchester Blvd",
  "Bascom Ave",
];

/**
 * One hour of a vehicle on the road: a point every 30 s, 50–110 km/h drifting a few km/h per
 * point, heading turning a few degrees per point, coordinates at `decimals` decimals, speed at 2,
 * heading whole degrees, one driver, the address changing every 20 points, one modifiedAt.
 */
export function drivingHour(decimals: 5 | 7, seed = 7): LocationSample[] {
  const random = seededRandom(seed);
  const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
  let lat = 37.3861;
  let lng = -122.0839;
  let heading = 120;
  let speed = 80;
  return Array.from({ length: 120 }, (_, index) => {
    speed = Math.min(110, Math.max(50, speed + (random() - 0.5) * 8));
    heading = (heading + (random() - 0.5) * 6 + 360) % 360;
    const kilometres = (speed * 30) / 3600;
    const radians = (heading * Math.PI) / 180;
    lat += (kilometres * Math.cos(radians)) / 111.32;
    lng += (kilometres * Math.sin(radians)) / (111.32 * Math.cos((lat * Math.PI) / 180));
    const block = Math.floor(index / 20);
    return {
      t: HOUR_START_MS + index * 30_000,
      lat: round(lat, decimals),
      lng: round(lng, decimals),
      heading: Math.round(heading) % 360,
      speed: round(speed, 2),
      driver: "drv_01J9Z3K8Q4M7T2B5X6C8D0E1F3",
      address: `${1200 + block * 350} ${STREETS[block % STREETS.length]}, San Jose, CA 95${110 + block}, USA`,
      modifiedAt: HOUR_START_MS + 3_600_000 + 1_234,
    };
  });
}

/** One hour of odometer readings every 30 s (km, 2 decimals) and the engine states of the same hour. */
export function statHour(): { odometer: StatSample[]; engineState: StatSample[] } {
  const random = seededRandom(11);
  let odometer = 184_233.17;
  const odometerReadings = Array.from({ length: 120 }, (_, index) => {
    odometer += (random() * 900) / 1000;
    return {
      t: HOUR_START_MS + index * 30_000,
      value: Math.round(odometer * 100) / 100,
      modifiedAt: HOUR_START_MS + 3_600_000,
    };
  });
  const states = ["off", "idle", "on", "idle", "on", "off"];
  const engineState = states.map((value, index) => ({
    t: HOUR_START_MS + index * 600_000 + 17_000,
    value,
    modifiedAt: HOUR_START_MS + 3_600_000,
  }));
  return { odometer: odometerReadings, engineState };
}
