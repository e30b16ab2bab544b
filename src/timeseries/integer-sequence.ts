import { bitWidth, MAX_BIT_WIDTH, packBits, packedBytes, unpackBits } from "./bit-packing";
import { type ByteReader, type ByteWriter, MalformedBlobError, svarintSize, uvarintSize } from "./varint";

/**
 * A sequence of safe integers, stored the cheapest of nine ways. It is first differenced 0, 1 or
 * 2 times (values, deltas, deltas of deltas: a steady 30 s clock or a vehicle at a steady
 * velocity turn into zeros), keeping the first value of each step as a "head"; the remaining
 * residuals are then packed as zigzag varints, as runs of equal values, or bit-packed above their
 * minimum (a bitmap when they are 0/1). The encoder sizes every combination and writes the
 * shortest. Layout: tag byte (order × 4 + packing), the heads as signed varints, the residuals.
 * The count is not stored: the caller knows it.
 */
const MAX_ORDER = 2;
const Packing = { varints: 0, runs: 1, bits: 2 } as const;
type Packing = (typeof Packing)[keyof typeof Packing];
const PACKINGS: readonly Packing[] = [Packing.varints, Packing.runs, Packing.bits];

export function writeIntegers(writer: ByteWriter, values: readonly number[]): void {
  // Orders in turn, each differencing the one before; sized in one pass each; ties keep the first
  // candidate (lowest order, then varints, runs, bits), so the bytes are those of sizing all nine apart.
  let best: { tag: number; heads: number[]; residuals: readonly number[]; packing: Packing; size: number } | undefined;
  const heads: number[] = [];
  let residuals: readonly number[] = values;
  for (let order = 0; order <= MAX_ORDER; order++) {
    if (order > 0) {
      const next = deltasOf(residuals);
      // Too few values to difference again, or a difference past 2^53: no higher order applies either.
      if (!next) break;
      heads.push(residuals[0]!);
      residuals = next;
    }
    const sizes = sizesOf(residuals);
    let headsSize = 1;
    for (const head of heads) headsSize += svarintSize(head);
    for (const packing of PACKINGS) {
      const residualsSize = sizes[packing];
      if (residualsSize === undefined) continue;
      const size = headsSize + residualsSize;
      if (!best || size < best.size) best = { tag: order * 4 + packing, heads: [...heads], residuals, packing, size };
    }
  }
  // Order 0 with varints always applies, so there is a best.
  const { tag, heads: bestHeads, residuals: bestResiduals, packing } = best!;
  writer.byte(tag);
  for (const head of bestHeads) writer.svarint(head);
  pack(writer, bestResiduals, packing);
}

export function readIntegers(reader: ByteReader, count: number): number[] {
  const tag = reader.byte();
  const order = Math.floor(tag / 4);
  const packing = tag % 4;
  if (order > MAX_ORDER || packing > Packing.bits) throw new MalformedBlobError(`unknown integer encoding ${tag}`);
  if (count < order) throw new MalformedBlobError(`${count} integers cannot be differenced ${order} times`);
  const heads: number[] = [];
  for (let index = 0; index < order; index++) heads.push(reader.svarint());
  return undifference(heads, unpack(reader, count - order, packing as Packing));
}

/** The differences of consecutive values, or undefined when there are none to take or one passes 2^53. */
function deltasOf(values: readonly number[]): number[] | undefined {
  if (values.length === 0) return undefined;
  const deltas = new Array<number>(values.length - 1);
  for (let index = 1; index < values.length; index++) {
    const delta = values[index]! - values[index - 1]!;
    if (!Number.isSafeInteger(delta)) return undefined;
    deltas[index - 1] = delta;
  }
  return deltas;
}

function undifference(heads: readonly number[], residuals: number[]): number[] {
  let current = residuals;
  for (let step = heads.length - 1; step >= 0; step--) {
    let previous = heads[step]!;
    const summed = [previous];
    for (const delta of current) {
      previous += delta;
      if (!Number.isSafeInteger(previous)) throw new MalformedBlobError("a running sum passes 2^53");
      summed.push(previous);
    }
    current = summed;
  }
  return current;
}

/**
 * Bytes `pack` would write with each packing (indexed by Packing), without writing them, in one
 * pass; undefined where a packing cannot (bits: nothing to pack, or a range past 2^53).
 */
function sizesOf(values: readonly number[]): (number | undefined)[] {
  if (values.length === 0) return [0, 0, undefined];
  let varints = 0;
  let runs = 0;
  let runStart = 0;
  let min = values[0]!;
  let max = min;
  for (let index = 0; index < values.length; index++) {
    const value = values[index]!;
    varints += svarintSize(value);
    if (value < min) min = value;
    if (value > max) max = value;
    if (value !== values[runStart]) {
      runs += svarintSize(values[runStart]!) + uvarintSize(index - runStart);
      runStart = index;
    }
  }
  runs += svarintSize(values[runStart]!) + uvarintSize(values.length - runStart);
  const range = max - min;
  const bits = Number.isSafeInteger(range)
    ? svarintSize(min) + 1 + packedBytes(values.length, bitWidth(range))
    : undefined;
  return [varints, runs, bits];
}

function pack(writer: ByteWriter, values: readonly number[], packing: Packing): void {
  switch (packing) {
    case Packing.varints:
      for (const value of values) writer.svarint(value);
      return;
    case Packing.runs:
      for (const [value, length] of runsOf(values)) {
        writer.svarint(value);
        writer.uvarint(length);
      }
      return;
    case Packing.bits: {
      const { min, width } = frameOf(values)!;
      writer.svarint(min);
      writer.byte(width);
      const offsets = values.map((value) => value - min);
      packBits(writer, offsets, width);
    }
  }
}

/** Runs of equal values, as [value, length]. */
function runsOf(values: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (let start = 0; start < values.length; ) {
    let end = start + 1;
    while (end < values.length && values[end] === values[start]) end++;
    runs.push([values[start]!, end - start]);
    start = end;
  }
  return runs;
}

/** The minimum and the bits above it, or undefined when there is nothing to pack or the range passes 2^53. */
function frameOf(values: readonly number[]): { min: number; width: number } | undefined {
  if (values.length === 0) return undefined;
  // Loops, not Math.min(...values): spreading a long sequence overflows the call stack.
  let min = values[0]!;
  let max = min;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const range = max - min;
  return Number.isSafeInteger(range) ? { min, width: bitWidth(range) } : undefined;
}

function unpack(reader: ByteReader, count: number, packing: Packing): number[] {
  switch (packing) {
    case Packing.varints: {
      const values: number[] = [];
      for (let index = 0; index < count; index++) values.push(reader.svarint());
      return values;
    }
    case Packing.runs: {
      const values: number[] = [];
      while (values.length < count) {
        const value = reader.svarint();
        const length = reader.uvarint();
        if (length === 0 || length > count - values.length) throw new MalformedBlobError(`run of ${length} values`);
        for (let index = 0; index < length; index++) values.push(value);
      }
      return values;
    }
    case Packing.bits: {
      if (count === 0) throw new MalformedBlobError("bit-packed empty sequence");
      const min = reader.svarint();
      const width = reader.byte();
      if (width > MAX_BIT_WIDTH) throw new MalformedBlobError(`bit width ${width}`);
      return unpackBits(reader, count, width).map((offset) => {
        const value = min + offset;
        if (!Number.isSafeInteger(value)) throw new MalformedBlobError("a bit-packed value passes 2^53");
        return value;
      });
    }
  }
}
