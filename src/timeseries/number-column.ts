import { readIntegers, writeIntegers } from "./integer-sequence";
import { type ByteReader, type ByteWriter, MalformedBlobError } from "./varint";

/**
 * Columns of numbers kept to a fixed number of decimals. A column is stored as integers at the
 * coarsest power of ten that holds every value exactly (timestamps in ms that are all whole
 * seconds go in seconds, 7-decimal coordinates that all fit in 5 decimals go in units of 1e-5),
 * so the decoder needs nothing but the column: value = integer × 10^exponent.
 *
 * Numbers too large for that (|value| × 10^decimals past 2^53: no decimals left to keep) make the
 * whole column plain float64s instead, so any finite number is accepted.
 */
const Kind = { scaled: 0, float64: 1 } as const;
const Presence = { none: 0, all: 1, some: 2 } as const;

/** 10^0 … 10^22, the powers of ten a double holds exactly, parsed rather than computed with `**`. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, power) => Number(`1e${power}`));
const MAX_EXPONENT = POWERS_OF_TEN.length - 1;

/**
 * The value the codec stores for `value` at `decimals` decimals: rounded (half up), −0 as 0.
 * Idempotent: quantize(quantize(x)) === quantize(x), which the codecs' round-trip promise rests on.
 */
export function quantize(value: number, decimals: number): number {
  const units = scaledUnits(value, decimals);
  return units === undefined ? value : units / POWERS_OF_TEN[decimals]!;
}

/** `value` in units of 10^-decimals, or undefined when that integer would not be exact. */
function scaledUnits(value: number, decimals: number): number | undefined {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const scale = POWERS_OF_TEN[decimals]!;
  const units = Math.round(value * scale);
  // The second check makes the rounding idempotent: the decoded value must scale back to the same integer.
  if (!Number.isSafeInteger(units) || Math.round((units / scale) * scale) !== units) return undefined;
  return units === 0 ? 0 : units;
}

export function writeNumbers(writer: ByteWriter, values: readonly number[], decimals: number): void {
  const integers = new Array<number>(values.length);
  for (let index = 0; index < values.length; index++) {
    const units = scaledUnits(values[index]!, decimals);
    if (units === undefined) {
      writer.byte(Kind.float64);
      for (const value of values) writer.float64(quantize(value, decimals));
      return;
    }
    integers[index] = units;
  }
  const shift = commonPowerOfTen(integers, MAX_EXPONENT + decimals);
  writer.byte(Kind.scaled);
  writer.svarint(shift - decimals);
  if (shift > 0) {
    const power = POWERS_OF_TEN[shift]!;
    for (let index = 0; index < integers.length; index++) integers[index] = integers[index]! / power;
  }
  writeIntegers(writer, integers);
}

/** The largest k ≤ limit such that 10^k divides every integer (0 when all are 0: nothing to gain). */
function commonPowerOfTen(integers: readonly number[], limit: number): number {
  let shift = limit;
  let anyNonZero = false;
  for (const unit of integers) {
    if (unit === 0) continue;
    anyNonZero = true;
    while (shift > 0 && unit % POWERS_OF_TEN[shift]! !== 0) shift--;
    if (shift === 0) return 0;
  }
  return anyNonZero ? shift : 0;
}

export function readNumbers(reader: ByteReader, count: number): number[] {
  const kind = reader.byte();
  if (kind === Kind.float64) {
    const values: number[] = [];
    for (let index = 0; index < count; index++) {
      const value = reader.float64();
      if (!Number.isFinite(value)) throw new MalformedBlobError(`not a finite number: ${value}`);
      values.push(value);
    }
    return values;
  }
  if (kind !== Kind.scaled) throw new MalformedBlobError(`unknown number column kind ${kind}`);
  const exponent = reader.svarint();
  if (Math.abs(exponent) > MAX_EXPONENT) throw new MalformedBlobError(`number column exponent ${exponent}`);
  const power = POWERS_OF_TEN[Math.abs(exponent)]!;
  return readIntegers(reader, count).map((integer) => {
    // integer / 10^k and quantize's (integer × 10^shift) / 10^decimals are the same rational, each
    // division correctly rounded, so the doubles are identical.
    if (exponent < 0) return integer / power;
    const value = integer * power;
    if (!Number.isSafeInteger(value)) throw new MalformedBlobError(`scaled value ${value} passes 2^53`);
    return value;
  });
}

/** A column where values may be absent: a presence tag (and flags when mixed), then the present values. */
export function writeOptionalNumbers(writer: ByteWriter, values: readonly (number | undefined)[], decimals: number) {
  const present = values.filter((value) => value !== undefined);
  if (present.length === 0) {
    writer.byte(Presence.none);
    return;
  }
  if (present.length === values.length) {
    writer.byte(Presence.all);
  } else {
    writer.byte(Presence.some);
    const flags = values.map((value) => (value === undefined ? 0 : 1));
    writeIntegers(writer, flags);
  }
  writeNumbers(writer, present, decimals);
}

export function readOptionalNumbers(reader: ByteReader, count: number): (number | undefined)[] {
  const presence = reader.byte();
  if (presence === Presence.none) return new Array<undefined>(count).fill(undefined);
  if (presence === Presence.all) return readNumbers(reader, count);
  if (presence !== Presence.some) throw new MalformedBlobError(`unknown presence tag ${presence}`);
  const flags = readIntegers(reader, count);
  if (flags.some((flag) => flag !== 0 && flag !== 1)) throw new MalformedBlobError("presence flag other than 0 or 1");
  const present = readNumbers(reader, flags.filter((flag) => flag === 1).length).values();
  return flags.map((flag) => (flag === 1 ? present.next().value : undefined));
}
