import { gunzip, gzip } from "../gzip";
import type { LocationSample } from "../location-codec";
import type { RawPoint } from "../raw-blob";
import { LOCATION_SERIES } from "../series-codecs";
import type { StatSample } from "../stat-codec";

/**
 * One vehicle-day of a connection's time series as an object in the archive: gzipped NDJSON,
 * self-describing, readable without this code. The first line is a header (format, version,
 * whose day it is, the units); every other line is one point in the contract's units, in time
 * order: breadcrumbs `{ series: "location", t, latitude, longitude, heading?, speed?, driver?,
 * address?, sourceId?, modifiedAt, raw? }`, stat readings `{ series: <stat type>, t, value,
 * modifiedAt, raw? }`; times are ISO 8601, `raw` the provider's payload of the point.
 */
export const ARCHIVE_FORMAT = "telematics-api/vehicle-series-day";
export const ARCHIVE_VERSION = 1;

export type ArchivedPoint =
  | { series: typeof LOCATION_SERIES; sample: LocationSample; raw?: RawPoint }
  | { series: string; sample: StatSample; raw?: RawPoint };

export type ArchiveHeader = { connectionId: string; vehicleId: string; day: number };

const DAY_MS = 86_400_000;
const UNITS = {
  latitude: "degrees (WGS 84)",
  longitude: "degrees (WGS 84)",
  heading: "degrees clockwise from north",
  speed: "km/h",
  odometer: "km",
  total_fuel_consumption: "litres",
  fuel_level: "%",
  engine_runtime: "ms",
  engine_oil_pressure: "PSI",
  engine_oil_temperature: "°C",
  engine_coolant_temperature: "°C",
  battery_voltage: "V",
};

/** The object key of a vehicle-day: by connection first, so a connection's objects are one prefix. */
export function archiveKey(header: ArchiveHeader): string {
  return `${archivePrefix(header.connectionId)}${header.vehicleId}/${dateOf(header.day)}.ndjson.gz`;
}

export const archivePrefix = (connectionId: string) => `series/v${ARCHIVE_VERSION}/${connectionId}/`;

export async function encodeArchive(header: ArchiveHeader, points: readonly ArchivedPoint[]): Promise<Uint8Array> {
  const lines = [
    JSON.stringify({
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      connectionId: header.connectionId,
      vehicleId: header.vehicleId,
      date: dateOf(header.day),
      points: points.length,
      units: UNITS,
    }),
    ...points.map((point) => JSON.stringify(lineOf(point))),
  ];
  return await gzip(new TextEncoder().encode(`${lines.join("\n")}\n`));
}

export async function decodeArchive(bytes: Uint8Array): Promise<{ header: ArchiveHeader; points: ArchivedPoint[] }> {
  const text = new TextDecoder().decode(await gunzip(bytes));
  const [first, ...rest] = text.split("\n").filter((line) => line.length > 0);
  const header = JSON.parse(first ?? "null") as {
    format?: string;
    version?: number;
    connectionId: string;
    vehicleId: string;
    date: string;
  };
  if (header?.format !== ARCHIVE_FORMAT || header.version !== ARCHIVE_VERSION) {
    throw new Error(`not a ${ARCHIVE_FORMAT} v${ARCHIVE_VERSION} object`);
  }
  return {
    header: { connectionId: header.connectionId, vehicleId: header.vehicleId, day: Date.parse(header.date) / DAY_MS },
    points: rest.map((line) => pointOf(JSON.parse(line) as Line)),
  };
}

type Line = {
  series: string;
  t: string;
  modifiedAt: string;
  latitude?: number;
  longitude?: number;
  heading?: number;
  speed?: number;
  driver?: string;
  address?: string;
  sourceId?: string;
  value?: number | string;
  raw?: { schema: string; extractedAt: string; data: unknown };
};

function lineOf(point: ArchivedPoint): Line {
  const common = { series: point.series, t: iso(point.sample.t), modifiedAt: iso(point.sample.modifiedAt) };
  const raw = point.raw
    ? { raw: { schema: point.raw.schema, extractedAt: iso(point.raw.extractedAt), data: point.raw.data } }
    : {};
  if (point.series === LOCATION_SERIES) {
    const sample = point.sample as LocationSample;
    return {
      ...common,
      latitude: sample.lat,
      longitude: sample.lng,
      ...(sample.heading === undefined ? {} : { heading: sample.heading }),
      ...(sample.speed === undefined ? {} : { speed: sample.speed }),
      ...(sample.driver === undefined ? {} : { driver: sample.driver }),
      ...(sample.address === undefined ? {} : { address: sample.address }),
      ...(sample.sourceId === undefined ? {} : { sourceId: sample.sourceId }),
      ...raw,
    };
  }
  return { ...common, value: (point.sample as StatSample).value, ...raw };
}

function pointOf(line: Line): ArchivedPoint {
  const t = Date.parse(line.t);
  const modifiedAt = Date.parse(line.modifiedAt);
  const raw = line.raw
    ? { raw: { t, schema: line.raw.schema, extractedAt: Date.parse(line.raw.extractedAt), data: line.raw.data } }
    : {};
  if (line.series === LOCATION_SERIES) {
    const sample: LocationSample = {
      t,
      lat: line.latitude ?? 0,
      lng: line.longitude ?? 0,
      ...(line.heading === undefined ? {} : { heading: line.heading }),
      ...(line.speed === undefined ? {} : { speed: line.speed }),
      ...(line.driver === undefined ? {} : { driver: line.driver }),
      ...(line.address === undefined ? {} : { address: line.address }),
      ...(line.sourceId === undefined ? {} : { sourceId: line.sourceId }),
      modifiedAt,
    };
    return { series: LOCATION_SERIES, sample, ...raw };
  }
  return { series: line.series, sample: { t, value: line.value ?? 0, modifiedAt }, ...raw };
}

const iso = (ms: number) => new Date(ms).toISOString();
const dateOf = (day: number) => iso(day * DAY_MS).slice(0, 10);
