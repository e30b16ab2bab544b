import type { RawEntry } from "../model/normalized";
import { gunzip, gzip } from "./gzip";

/**
 * The provider payloads of a series row's points, by point time: gzipped JSON of
 * `[t, schema, extractedAt, data]` tuples in time order. Payloads are several times larger
 * than the points themselves and rarely read (only with `raw=true`), so they are kept apart
 * from the points, compressed, and only decompressed when asked for or merged.
 */
export type RawPoint = { t: number; schema: string; extractedAt: number; data: unknown };
type RawTuple = [t: number, schema: string, extractedAt: number, data: unknown];

export async function encodeRawPoints(points: readonly RawPoint[]): Promise<Uint8Array> {
  const tuples: RawTuple[] = points.map((point) => [point.t, point.schema, point.extractedAt, point.data]);
  return await gzip(new TextEncoder().encode(JSON.stringify(tuples)));
}

export async function decodeRawPoints(bytes: Uint8Array): Promise<RawPoint[]> {
  const text = new TextDecoder().decode(await gunzip(bytes));
  const tuples = JSON.parse(text) as RawTuple[];
  return tuples.map(([t, schema, extractedAt, data]) => ({ t, schema, extractedAt, data }));
}

/** A raw point as the API answers it (`raw: [entry]`). */
export function rawEntryOf(provider: string, point: RawPoint): RawEntry {
  return { provider, schema: point.schema, extractedAt: new Date(point.extractedAt).toISOString(), data: point.data };
}
