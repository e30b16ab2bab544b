import type { ByteReader, ByteWriter } from "./varint";

/** Widths up to 53 bits, so any safe non-negative integer fits. */
export const MAX_BIT_WIDTH = 53;

/** Bits needed for a safe non-negative integer (0 needs none). */
export function bitWidth(value: number): number {
  let width = 0;
  for (let rest = value; rest > 0; rest = Math.floor(rest / 2)) width++;
  return width;
}

/** Bytes that `count` values of `width` bits take. */
export function packedBytes(count: number, width: number): number {
  return Math.ceil((count * width) / 8);
}

/**
 * Writes non-negative integers of `width` bits each, least significant bits first, with no
 * separators: the reader knows the count and the width. Arithmetic rather than shifts, since
 * values may pass 2^32.
 */
export function packBits(writer: ByteWriter, values: readonly number[], width: number): void {
  let current = 0;
  let used = 0;
  for (const value of values) {
    let rest = value;
    let left = width;
    while (left > 0) {
      const bits = Math.min(8 - used, left);
      const chunk = 2 ** bits;
      current += (rest % chunk) * 2 ** used;
      rest = Math.floor(rest / chunk);
      used += bits;
      left -= bits;
      if (used === 8) {
        writer.byte(current);
        current = 0;
        used = 0;
      }
    }
  }
  if (used > 0) writer.byte(current);
}

/** Reads what `packBits` wrote; the whole block is taken first, so a truncated one throws before any work. */
export function unpackBits(reader: ByteReader, count: number, width: number): number[] {
  const block = reader.take(packedBytes(count, width));
  const values: number[] = [];
  let index = 0;
  let used = 0;
  for (let n = 0; n < count; n++) {
    let value = 0;
    let filled = 0;
    while (filled < width) {
      const bits = Math.min(8 - used, width - filled);
      const byte = block[index]!;
      value += (Math.floor(byte / 2 ** used) % 2 ** bits) * 2 ** filled;
      filled += bits;
      used += bits;
      if (used === 8) {
        index++;
        used = 0;
      }
    }
    values.push(value);
  }
  return values;
}
