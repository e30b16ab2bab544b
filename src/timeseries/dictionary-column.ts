import { readIntegers, writeIntegers } from "./integer-sequence";
import { quantize, readNumbers, writeNumbers } from "./number-column";
import { type ByteReader, type ByteWriter, MalformedBlobError } from "./varint";

/**
 * Columns of repeated values (a driver id for the whole hour, an address for twenty points in a
 * row, one or two modifiedAt stamps per row): the distinct values once, in order of first
 * appearance, then each point's index into them as an integer sequence, where a run of equal
 * indexes costs a couple of bytes.
 */

/** Strings as stored: UTF-8 has no lone surrogates, so they become U+FFFD before anything compares them. */
export function normalizeString(value: string): string {
  return value.toWellFormed();
}

/** Optional strings: the dictionary, then indexes where 0 is "absent" and i is the i-th entry (none if all absent). */
export function writeStrings(writer: ByteWriter, values: readonly (string | undefined)[]): void {
  const positions = new Map<string, number>();
  const indexes = values.map((value) => (value === undefined ? 0 : positionOf(positions, normalizeString(value), 1)));
  writer.uvarint(positions.size);
  for (const entry of positions.keys()) writer.string(entry);
  if (positions.size > 0) writeIntegers(writer, indexes);
}

export function readStrings(reader: ByteReader, count: number): (string | undefined)[] {
  const size = readDictionarySize(reader, count);
  const entries: string[] = [];
  for (let index = 0; index < size; index++) entries.push(reader.string());
  if (size === 0) return new Array<undefined>(count).fill(undefined);
  return readIntegers(reader, count).map((index) => (index === 0 ? undefined : entryAt(entries, index - 1)));
}

/** Required numbers at `decimals` decimals: the dictionary as a number column, then indexes (none for a single entry). */
export function writeNumberDictionary(writer: ByteWriter, values: readonly number[], decimals: number): void {
  const positions = new Map<number, number>();
  const indexes = values.map((value) => positionOf(positions, quantize(value, decimals), 0));
  writer.uvarint(positions.size);
  writeNumbers(writer, [...positions.keys()], decimals);
  if (positions.size > 1) writeIntegers(writer, indexes);
}

export function readNumberDictionary(reader: ByteReader, count: number): number[] {
  const size = readDictionarySize(reader, count);
  if (size === 0 && count > 0) throw new MalformedBlobError("empty dictionary for a required column");
  const entries = readNumbers(reader, size);
  if (size <= 1) return new Array<number>(count).fill(entries[0]!);
  return readIntegers(reader, count).map((index) => entryAt(entries, index));
}

function positionOf<K>(positions: Map<K, number>, key: K, first: number): number {
  let position = positions.get(key);
  if (position === undefined) {
    position = positions.size + first;
    positions.set(key, position);
  }
  return position;
}

function readDictionarySize(reader: ByteReader, count: number): number {
  const size = reader.uvarint();
  // Every entry is used at least once, so there cannot be more entries than points.
  if (size > count) throw new MalformedBlobError(`dictionary of ${size} entries for ${count} points`);
  return size;
}

function entryAt<V>(entries: readonly V[], index: number): V {
  if (index < 0 || index >= entries.length) throw new MalformedBlobError(`dictionary index ${index} out of range`);
  return entries[index]!;
}
