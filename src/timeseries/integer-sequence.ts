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
  let best: { tag: number; split: Split; packing: Packing; size: number } | undefined;
  for (let order = 0; order <= MAX_ORDER; order++) {
    const split = difference(values, order);
    if (!split) continue;
    const tagAndHeadsSize = split.heads.reduce((total, head) => total + svarintSize(head), 1);
    for (const packing of PACKINGS) {
      const residualsSize = packedSize(split.residuals, packing);
      if (residualsSize === undefined) continue;
      const size = tagAndHeadsSize + residualsSize;
      if (!best || size < best.size) best = { tag: order * 4 + packing, split, packing, size };
    }
  }
  // Order 0 with varints always applies, so there is a best.
  const { tag, split, packing } = best!;
  writer.byte(tag);
  for (const head of split.heads) writer.svarint(head);
  pack(writer, split.residuals, packing);
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

type Split = { heads: number[]; residuals: number[] };

/** Heads and residuals, or undefined when there are too few values or a difference passes 2^53. */
function difference(values: readonly number[], order: number): Split | undefined {
  const heads: number[] = [];
  let current = values;
  for (let step = 0; step < order; step++) {
    if (current.length === 0) return undefined;
    heads.push(current[0]!);
    const next: number[] = [];
    for (let index = 1; index < current.length; index++) {
      const delta = current[index]! - current[index - 1]!;
      if (!Number.isSafeInteger(delta)) return undefined;
      next.push(delta);
    }
    current = next;
  }
  return { heads, residuals: [...current] };
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

/** Bytes `pack` would write, without writing them (the encoder sizes nine candidates); undefined when it cannot. */
function packedSize(values: readonly number[], packing: Packing): number | undefined {
  switch (packing) {
    case Packing.varints:
      return values.reduce((total, value) => total + svarintSize(value), 0);
    case Packing.runs:
      return runsOf(values).reduce((total, [value, length]) => total + svarintSize(value) + uvarintSize(length), 0);
    case Packing.bits: {
      const frame = frameOf(values);
      return frame && svarintSize(frame.min) + 1 + packedBytes(values.length, frame.width);
    }
  }
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
