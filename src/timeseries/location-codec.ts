import { BlobKind, readHeader, writeHeader } from "./blob-header";
import { normalizeString, readStrings, writeStrings } from "./dictionary-column";
import { quantize, readNumbers, readOptionalNumbers, writeNumbers, writeOptionalNumbers } from "./number-column";
import { readModifiedAt, readTimes, writeModifiedAt, writeTimes } from "./time-column";
import { ByteReader, ByteWriter } from "./varint";

/**
 * The breadcrumbs of one row (connection, vehicle, series, UTC hour) as one compact blob:
 * about 6.5 bytes a point for a vehicle reporting every 30 s with 5-decimal coordinates, 8 with 7
 * (the size test in test/timeseries/codec.test.ts).
 *
 * Precision contract: decode(encode(x)) equals normalizeLocation(x), and encoding a decoded
 * blob again gives the same samples (the rounding is idempotent):
 * - t and modifiedAt: exact (integer epoch ms; anything else is refused);
 * - lat, lng: rounded to 7 decimals (1e-7 degrees, about 1 cm);
 * - heading, speed: rounded to 2 decimals;
 * - driver, address, sourceId: exact (a lone UTF-16 surrogate, which UTF-8 cannot carry, becomes U+FFFD);
 * - an absent optional field stays absent (the key is omitted, not set to undefined).
 * Rounding is half up; a value too large to keep its decimals (past 2^53 units) is kept as is.
 *
 * Layout, version 1 (each column self-describing; see the column modules):
 *   header      version 1, kind "L", point count (blob-header.ts); nothing follows when it is 0
 *   t           number column, strictly increasing (time-column.ts)
 *   lat, lng    number columns at 7 decimals (number-column.ts)
 *   heading     optional number column at 2 decimals: presence, then the present values
 *   speed       the same
 *   driver      string dictionary + index sequence, 0 = absent (dictionary-column.ts)
 *   address     the same
 *   sourceId    the same
 *   modifiedAt  number dictionary + index sequence
 */
export type LocationSample = {
  /** Epoch ms, integer. */
  t: number;
  /** Degrees. */
  lat: number;
  lng: number;
  /** Degrees, 0–360. */
  heading?: number;
  /** km/h. */
  speed?: number;
  /** Our driver id. */
  driver?: string;
  /** Formatted address. */
  address?: string;
  /** The provider's id of the point, when it has one. */
  sourceId?: string;
  /** Epoch ms. */
  modifiedAt: number;
};

const COORDINATE_DECIMALS = 7;
const MOTION_DECIMALS = 2;

/** The sample as the codec stores it: what decoding its encoding returns. */
export function normalizeLocation(sample: LocationSample): LocationSample {
  const { t, heading, speed, driver, address, sourceId, modifiedAt } = sample;
  return {
    t,
    lat: quantize(sample.lat, COORDINATE_DECIMALS),
    lng: quantize(sample.lng, COORDINATE_DECIMALS),
    ...(heading === undefined ? {} : { heading: quantize(heading, MOTION_DECIMALS) }),
    ...(speed === undefined ? {} : { speed: quantize(speed, MOTION_DECIMALS) }),
    ...(driver === undefined ? {} : { driver: normalizeString(driver) }),
    ...(address === undefined ? {} : { address: normalizeString(address) }),
    ...(sourceId === undefined ? {} : { sourceId: normalizeString(sourceId) }),
    modifiedAt,
  };
}

/** Samples sorted by t, each t once (throws otherwise). */
export function encodeLocations(samples: readonly LocationSample[]): Uint8Array {
  const writer = new ByteWriter();
  writeHeader(writer, BlobKind.locations, samples.length);
  if (samples.length === 0) return writer.finish();
  const column = <K extends keyof LocationSample>(key: K) => samples.map((sample) => sample[key]);
  writeTimes(writer, column("t"));
  writeNumbers(writer, column("lat"), COORDINATE_DECIMALS);
  writeNumbers(writer, column("lng"), COORDINATE_DECIMALS);
  writeOptionalNumbers(writer, column("heading"), MOTION_DECIMALS);
  writeOptionalNumbers(writer, column("speed"), MOTION_DECIMALS);
  writeStrings(writer, column("driver"));
  writeStrings(writer, column("address"));
  writeStrings(writer, column("sourceId"));
  writeModifiedAt(writer, column("modifiedAt"));
  return writer.finish();
}

/** Throws MalformedBlobError (./varint.ts) for anything but a whole blob of this kind and version. */
export function decodeLocations(bytes: Uint8Array): LocationSample[] {
  const reader = new ByteReader(bytes);
  const count = readHeader(reader, BlobKind.locations);
  if (count === 0) {
    reader.end();
    return [];
  }
  const times = readTimes(reader, count);
  const lats = readNumbers(reader, count);
  const lngs = readNumbers(reader, count);
  const headings = readOptionalNumbers(reader, count);
  const speeds = readOptionalNumbers(reader, count);
  const drivers = readStrings(reader, count);
  const addresses = readStrings(reader, count);
  const sourceIds = readStrings(reader, count);
  const stamps = readModifiedAt(reader, count);
  reader.end();
  return times.map((t, index) => {
    const heading = headings[index];
    const speed = speeds[index];
    const driver = drivers[index];
    const address = addresses[index];
    const sourceId = sourceIds[index];
    return {
      t,
      lat: lats[index]!,
      lng: lngs[index]!,
      ...(heading === undefined ? {} : { heading }),
      ...(speed === undefined ? {} : { speed }),
      ...(driver === undefined ? {} : { driver }),
      ...(address === undefined ? {} : { address }),
      ...(sourceId === undefined ? {} : { sourceId }),
      modifiedAt: stamps[index]!,
    };
  });
}
