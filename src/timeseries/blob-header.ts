import { type ByteReader, type ByteWriter, MalformedBlobError } from "./varint";

/**
 * The first bytes of every time-series blob: the format version (1), the kind of blob (so a stat
 * blob read as locations fails loudly instead of decoding to nonsense), and the point count.
 * A reader refuses any other version: a newer writer's blob is not guessed at.
 */
export const FORMAT_VERSION = 1;

export const BlobKind = { locations: 0x4c, stats: 0x53 } as const; // "L", "S"
export type BlobKind = (typeof BlobKind)[keyof typeof BlobKind];

/**
 * Points one blob may hold. An hour at one point a second is 3,600; the bound keeps a corrupt
 * count from making the decoder build millions of objects.
 */
export const MAX_SAMPLES = 100_000;

export function writeHeader(writer: ByteWriter, kind: BlobKind, count: number): void {
  if (count > MAX_SAMPLES) throw new RangeError(`${count} samples in one blob; at most ${MAX_SAMPLES}`);
  writer.byte(FORMAT_VERSION);
  writer.byte(kind);
  writer.uvarint(count);
}

/** The point count, after checking the version and the kind. */
export function readHeader(reader: ByteReader, kind: BlobKind): number {
  const version = reader.byte();
  if (version !== FORMAT_VERSION) throw new MalformedBlobError(`unknown time-series format version ${version}`);
  const actual = reader.byte();
  if (actual !== kind) throw new MalformedBlobError(`blob kind ${actual}, expected ${kind}`);
  const count = reader.uvarint();
  if (count > MAX_SAMPLES) throw new MalformedBlobError(`${count} samples in one blob; at most ${MAX_SAMPLES}`);
  return count;
}
