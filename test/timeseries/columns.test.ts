import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packBits, unpackBits } from "../../src/timeseries/bit-packing";
import { readIntegers, writeIntegers } from "../../src/timeseries/integer-sequence";
import { quantize, readNumbers, writeNumbers } from "../../src/timeseries/number-column";
import { ByteReader, ByteWriter, MalformedBlobError, svarintSize, uvarintSize } from "../../src/timeseries/varint";
import { unicodeString } from "./samples";

const RUNS = { seed: 42, numRuns: 200 };
const SAFE = Number.MAX_SAFE_INTEGER;
const safeInteger = fc.oneof(
  fc.integer({ min: -SAFE, max: SAFE }),
  fc.integer({ min: -200, max: 200 }),
  fc.constantFrom(SAFE, -SAFE, 2 ** 31, -(2 ** 31), 2 ** 32, 63, 64, -64, -65),
);

function written(write: (writer: ByteWriter) => void): Uint8Array {
  const writer = new ByteWriter();
  write(writer);
  return writer.finish();
}

/** The textbook zigzag LEB128, in BigInt, to check the arithmetic encoder against. */
function referenceSvarint(value: number): number[] {
  let zigzag = value >= 0 ? 2n * BigInt(value) : -2n * BigInt(value) - 1n;
  const bytes: number[] = [];
  while (zigzag >= 0x80n) {
    bytes.push(Number(zigzag % 0x80n) + 0x80);
    zigzag /= 0x80n;
  }
  return [...bytes, Number(zigzag)];
}

describe("varints", () => {
  it("encode signed values as textbook zigzag LEB128, exactly up to ±(2^53 − 1)", () => {
    fc.assert(
      fc.property(safeInteger, (value) => {
        const bytes = written((writer) => writer.svarint(value));
        expect([...bytes]).toEqual(referenceSvarint(value));
        expect(svarintSize(value)).toBe(bytes.length);
        expect(new ByteReader(bytes).svarint()).toBe(value);
        if (value >= 0) expect(uvarintSize(value)).toBe(written((writer) => writer.uvarint(value)).length);
      }),
      RUNS,
    );
  });

  it("round-trip unsigned values, floats and strings in sequence", () => {
    const item = fc.oneof(
      fc.record({ kind: fc.constant("uvarint" as const), value: fc.maxSafeNat() }),
      fc.record({ kind: fc.constant("float64" as const), value: fc.double() }),
      fc.record({ kind: fc.constant("string" as const), value: unicodeString(40) }),
    );
    fc.assert(
      fc.property(fc.array(item), (items) => {
        const bytes = written((writer) => {
          for (const { kind, value } of items) (writer[kind] as (value: unknown) => void).call(writer, value);
        });
        const reader = new ByteReader(bytes);
        for (const { kind, value } of items) expect(reader[kind]()).toStrictEqual(value);
        reader.end();
      }),
      RUNS,
    );
  });

  it("refuse over-long, oversized, truncated and non-UTF-8 input", () => {
    expect(() => new ByteReader(new Uint8Array(9).fill(0x80)).uvarint()).toThrow(MalformedBlobError);
    const twoTo53 = written((writer) => writer.uvarint(2 ** 52)).map((byte, index) => (index === 7 ? byte * 2 : byte));
    expect(() => new ByteReader(twoTo53).uvarint()).toThrow(/beyond 2\^53/);
    expect(() => new ByteReader(Uint8Array.of(0x80)).uvarint()).toThrow(/truncated/);
    expect(() => new ByteReader(Uint8Array.of(3, 0x61)).string()).toThrow(/truncated/);
    expect(() => new ByteReader(Uint8Array.of(1, 0xff)).string()).toThrow(/UTF-8/);
    expect(() => new ByteReader(new Uint8Array(7)).float64()).toThrow(/truncated/);
    expect(() => new ByteWriter().uvarint(-1)).toThrow(RangeError);
    expect(() => new ByteWriter().svarint(2 ** 53)).toThrow(RangeError);
  });
});

describe("bit packing", () => {
  it("round-trips values of any width up to 53 bits", () => {
    const packed = fc
      .integer({ min: 0, max: 53 })
      .chain((width) => fc.record({ width: fc.constant(width), values: fc.array(fc.nat({ max: 2 ** width - 1 })) }));
    fc.assert(
      fc.property(packed, ({ width, values }) => {
        const bytes = written((writer) => packBits(writer, values, width));
        expect(bytes).toHaveLength(Math.ceil((values.length * width) / 8));
        expect(unpackBits(new ByteReader(bytes), values.length, width)).toEqual(values);
      }),
      RUNS,
    );
  });
});

describe("integer sequences", () => {
  it("round-trip any safe integers, including differences past 2^53", () => {
    fc.assert(
      fc.property(fc.array(safeInteger, { maxLength: 60 }), (values) => {
        const reader = new ByteReader(written((writer) => writeIntegers(writer, values)));
        expect(readIntegers(reader, values.length)).toEqual(values);
        reader.end();
      }),
      RUNS,
    );
  });

  it("store a steady clock in a few bytes, whatever its length", () => {
    const clock = Array.from({ length: 1_000 }, (_, index) => 58_000_000 + index * 3);
    expect(written((writer) => writeIntegers(writer, clock)).length).toBeLessThanOrEqual(8);
  });
});

describe("number columns", () => {
  it("store the coarsest exact scale: whole seconds as seconds, 5 decimals in units of 1e-5", () => {
    const seconds = Array.from({ length: 100 }, (_, index) => 1_741_942_800_000 + index * 1_000 + (index % 7) * 1_000);
    const millis = seconds.map((t, index) => t + (index % 2));
    expect(written((writer) => writeNumbers(writer, seconds, 0)).length).toBeLessThan(
      written((writer) => writeNumbers(writer, millis, 0)).length,
    );
    const fiveDecimals = [37.38348, 37.38062, 37.37781];
    const reader = new ByteReader(written((writer) => writeNumbers(writer, fiveDecimals, 7)));
    expect(reader.byte()).toBe(0);
    expect(reader.svarint()).toBe(-5);
  });

  it("quantize idempotently, and decode exactly what quantize returns", () => {
    const value = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: -1e9, max: 1e9 }).map((units) => units / 1e4),
    );
    fc.assert(
      fc.property(fc.array(value), fc.constantFrom(0, 2, 7), (values, decimals) => {
        const quantized = values.map((item) => quantize(item, decimals));
        expect(quantized.map((item) => quantize(item, decimals))).toEqual(quantized);
        const reader = new ByteReader(written((writer) => writeNumbers(writer, values, decimals)));
        expect(readNumbers(reader, values.length)).toEqual(quantized);
        reader.end();
      }),
      RUNS,
    );
  });
});
