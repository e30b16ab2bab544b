import { readNumberDictionary, writeNumberDictionary } from "./dictionary-column";
import { readNumbers, writeNumbers } from "./number-column";
import { type ByteReader, type ByteWriter, MalformedBlobError } from "./varint";

/**
 * The two clocks of every sample: `t`, strictly increasing (one point per instant), stored as a
 * number column (whole seconds become seconds, a steady interval becomes zeros once differenced
 * twice); and `modifiedAt`, one or two distinct stamps per blob, stored as a dictionary.
 * Both are integer epoch milliseconds, kept exactly.
 */
export function writeTimes(writer: ByteWriter, times: readonly number[]): void {
  times.forEach((t, index) => {
    requireEpochMs(t, "t");
    if (index > 0 && t <= times[index - 1]!) {
      throw new RangeError(`samples must be sorted by t with no repeated t (t=${t} after t=${times[index - 1]})`);
    }
  });
  writeNumbers(writer, times, 0);
}

export function readTimes(reader: ByteReader, count: number): number[] {
  const times = readNumbers(reader, count);
  times.forEach((t, index) => {
    if (!Number.isSafeInteger(t)) throw new MalformedBlobError(`t=${t} is not an integer`);
    if (index > 0 && t <= times[index - 1]!) throw new MalformedBlobError(`t=${t} does not increase`);
  });
  return times;
}

export function writeModifiedAt(writer: ByteWriter, stamps: readonly number[]): void {
  for (const stamp of stamps) requireEpochMs(stamp, "modifiedAt");
  writeNumberDictionary(writer, stamps, 0);
}

export function readModifiedAt(reader: ByteReader, count: number): number[] {
  const stamps = readNumberDictionary(reader, count);
  if (!stamps.every(Number.isSafeInteger)) throw new MalformedBlobError("modifiedAt is not an integer");
  return stamps;
}

function requireEpochMs(value: number, name: string): void {
  if (!Number.isSafeInteger(value))
    throw new RangeError(`${name} must be an integer of epoch milliseconds, got ${value}`);
}
