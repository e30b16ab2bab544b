import { BlobKind, readHeader, writeHeader } from "./blob-header";
import { normalizeString, readStrings, writeStrings } from "./dictionary-column";
import { quantize, readNumbers, writeNumbers } from "./number-column";
import { readModifiedAt, readTimes, writeModifiedAt, writeTimes } from "./time-column";
import { ByteReader, ByteWriter, MalformedBlobError } from "./varint";

/**
 * The readings of ONE stat type for one row (connection, vehicle, stat, UTC hour) as one blob.
 * A blob holds numbers (odometer, fuel level, engine runtime, temperatures) or strings (enums such
 * as an engine state "on" | "off" | "idle"), never both: a byte after the times says which.
 *
 * Precision contract: decode(encode(x)) equals normalizeStat(x), and encoding again is the identity:
 * - t and modifiedAt: exact (integer epoch ms; anything else is refused);
 * - a number value: rounded (half up) to 2 decimals, negative and large values included (a value
 *   past 2^53 hundredths, such as 1e20, has no decimals to keep and is stored as is);
 * - a string value: exact (a lone UTF-16 surrogate becomes U+FFFD).
 *
 * Layout, version 1:
 *   header      version 1, kind "S", point count (blob-header.ts); nothing follows when it is 0
 *   t           number column, strictly increasing (time-column.ts)
 *   value kind  0 = numbers, 1 = strings
 *   values      number column at 2 decimals (number-column.ts), or string dictionary + indexes
 *   modifiedAt  number dictionary + index sequence
 */
export type StatSample = { t: number; value: number | string; modifiedAt: number };

const VALUE_DECIMALS = 2;
const ValueKind = { numbers: 0, strings: 1 } as const;

/** The sample as the codec stores it: what decoding its encoding returns. */
export function normalizeStat(sample: StatSample): StatSample {
  const value =
    typeof sample.value === "number" ? quantize(sample.value, VALUE_DECIMALS) : normalizeString(sample.value);
  return { t: sample.t, value, modifiedAt: sample.modifiedAt };
}

/** Samples sorted by t, each t once, all values numbers or all strings (throws otherwise). */
export function encodeStats(samples: readonly StatSample[]): Uint8Array {
  const writer = new ByteWriter();
  writeHeader(writer, BlobKind.stats, samples.length);
  if (samples.length === 0) return writer.finish();
  const times = samples.map((sample) => sample.t);
  writeTimes(writer, times);
  const values = samples.map((sample) => sample.value);
  if (values.every((value) => typeof value === "number")) {
    writer.byte(ValueKind.numbers);
    writeNumbers(writer, values, VALUE_DECIMALS);
  } else if (values.every((value) => typeof value === "string")) {
    writer.byte(ValueKind.strings);
    writeStrings(writer, values);
  } else {
    throw new TypeError("a stat blob holds numbers or strings, not both");
  }
  const stamps = samples.map((sample) => sample.modifiedAt);
  writeModifiedAt(writer, stamps);
  return writer.finish();
}

/** Throws MalformedBlobError (./varint.ts) for anything but a whole blob of this kind and version. */
export function decodeStats(bytes: Uint8Array): StatSample[] {
  const reader = new ByteReader(bytes);
  const count = readHeader(reader, BlobKind.stats);
  if (count === 0) {
    reader.end();
    return [];
  }
  const times = readTimes(reader, count);
  const values = readValues(reader, count);
  const stamps = readModifiedAt(reader, count);
  reader.end();
  return times.map((t, index) => ({ t, value: values[index]!, modifiedAt: stamps[index]! }));
}

function readValues(reader: ByteReader, count: number): (number | string)[] {
  const kind = reader.byte();
  if (kind === ValueKind.numbers) return readNumbers(reader, count);
  if (kind !== ValueKind.strings) throw new MalformedBlobError(`unknown stat value kind ${kind}`);
  const values = readStrings(reader, count);
  return values.map((value) => {
    if (value === undefined) throw new MalformedBlobError("a stat value is absent");
    return value;
  });
}
