/**
 * The byte layer of the time-series blobs: a growable writer and a strict reader of unsigned
 * LEB128 varints, zigzag signed varints, float64s and length-prefixed UTF-8 strings.
 *
 * Varints are computed with arithmetic, not 32-bit bit operations, so every safe integer
 * (|x| ≤ 2^53 − 1) round-trips exactly. The reader throws `MalformedBlobError` on anything it
 * cannot read (truncation, over-long varints, invalid UTF-8), never a partial value.
 */

/** A blob that cannot be decoded: truncated, corrupt, of another kind, or of an unknown version. */
export class MalformedBlobError extends Error {
  override name = "MalformedBlobError";
}

/** 2^53 − 1 needs 8 groups of 7 bits; a 9th byte can only be corrupt input. */
const MAX_VARINT_BYTES = 8;

const utf8Encoder = new TextEncoder();
// fatal: invalid UTF-8 is corruption, and silently decoding it to U+FFFD would hide it.
// ignoreBOM: a string that starts with U+FEFF keeps it (by default the decoder drops it).
const utf8Decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Bytes `ByteWriter.uvarint(value)` writes. */
export function uvarintSize(value: number): number {
  let size = 1;
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 0x80)) size++;
  return size;
}

/** Bytes `ByteWriter.svarint(value)` writes. */
export function svarintSize(value: number): number {
  // One byte holds the sign and 6 bits: most residuals of a well-differenced column.
  if (value >= -64 && value < 64) return 1;
  const rest = Math.floor((value < 0 ? -value - 1 : value) / 64);
  return rest > 0 ? 1 + uvarintSize(rest) : 1;
}

export class ByteWriter {
  private buffer = new Uint8Array(256);
  private length = 0;

  /** Bytes written so far. */
  get size(): number {
    return this.length;
  }

  byte(value: number): void {
    this.reserve(1);
    this.buffer[this.length++] = value;
  }

  bytes(chunk: Uint8Array): void {
    this.reserve(chunk.length);
    this.buffer.set(chunk, this.length);
    this.length += chunk.length;
  }

  uvarint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`uvarint needs a safe non-negative integer, got ${value}`);
    this.reserve(MAX_VARINT_BYTES);
    let rest = value;
    while (rest >= 0x80) {
      this.buffer[this.length++] = (rest % 0x80) + 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.buffer[this.length++] = rest;
  }

  /**
   * Zigzag then LEB128, byte for byte the usual encoding, but built without forming the zigzag
   * value 2|x| (which passes 2^53 and loses its low bit): the sign goes straight into the lowest
   * bit of the first byte, then 6 bits of the magnitude, then the rest of it as a uvarint.
   */
  svarint(value: number): void {
    if (!Number.isSafeInteger(value)) throw new RangeError(`svarint needs a safe integer, got ${value}`);
    const negative = value < 0;
    const magnitude = negative ? -value - 1 : value;
    const rest = Math.floor(magnitude / 64);
    this.byte((magnitude % 64) * 2 + (negative ? 1 : 0) + (rest > 0 ? 0x80 : 0));
    if (rest > 0) this.uvarint(rest);
  }

  float64(value: number): void {
    this.reserve(8);
    new DataView(this.buffer.buffer).setFloat64(this.length, value, true);
    this.length += 8;
  }

  /** UTF-8 with its byte length first. Lone surrogates become U+FFFD (UTF-8 cannot carry them). */
  string(value: string): void {
    const encoded = utf8Encoder.encode(value);
    this.uvarint(encoded.length);
    this.bytes(encoded);
  }

  /** A copy of the bytes written, sized to fit. */
  finish(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + extra));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}

export class ByteReader {
  private offset = 0;

  constructor(private readonly source: Uint8Array) {}

  /** Bytes not read yet. */
  get remaining(): number {
    return this.source.length - this.offset;
  }

  byte(): number {
    if (this.offset >= this.source.length) throw new MalformedBlobError(`truncated blob: ended at byte ${this.offset}`);
    return this.source[this.offset++]!;
  }

  /** The next `length` bytes, as a view on the source (no copy). */
  take(length: number): Uint8Array {
    if (length > this.remaining) {
      throw new MalformedBlobError(
        `truncated blob: needs ${length} bytes at byte ${this.offset}, has ${this.remaining}`,
      );
    }
    const chunk = this.source.subarray(this.offset, this.offset + length);
    this.offset += length;
    return chunk;
  }

  uvarint(): number {
    let value = 0;
    let factor = 1;
    for (let index = 0; index < MAX_VARINT_BYTES; index++) {
      const byte = this.byte();
      value += (byte % 0x80) * factor;
      if (byte < 0x80) {
        // A sum past 2^53 rounds to a value that is still past it, so this check cannot be fooled.
        if (!Number.isSafeInteger(value)) throw new MalformedBlobError(`varint beyond 2^53 at byte ${this.offset}`);
        return value;
      }
      factor *= 0x80;
    }
    throw new MalformedBlobError(`varint longer than ${MAX_VARINT_BYTES} bytes at byte ${this.offset}`);
  }

  svarint(): number {
    const first = this.byte();
    const negative = first % 2 === 1;
    const low = Math.floor(first / 2) % 64;
    const magnitude = first >= 0x80 ? this.uvarint() * 64 + low : low;
    const value = negative ? -magnitude - 1 : magnitude;
    if (!Number.isSafeInteger(value)) throw new MalformedBlobError(`signed varint beyond 2^53 at byte ${this.offset}`);
    return value;
  }

  float64(): number {
    const chunk = this.take(8);
    return new DataView(chunk.buffer, chunk.byteOffset, 8).getFloat64(0, true);
  }

  string(): string {
    const chunk = this.take(this.uvarint());
    try {
      return utf8Decoder.decode(chunk);
    } catch {
      throw new MalformedBlobError(`invalid UTF-8 in a string ending at byte ${this.offset}`);
    }
  }

  /** Throws unless every byte was read: trailing bytes mean the blob is not what the reader thinks. */
  end(): void {
    if (this.remaining !== 0)
      throw new MalformedBlobError(`${this.remaining} unexpected bytes after the end of the blob`);
  }
}
