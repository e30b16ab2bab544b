import { Column, type DriverValueDecoder, is, type SQL, sql } from "drizzle-orm";

/**
 * A row as read: decoded, or the id of a row one of whose columns could not be decoded (JSON
 * that does not parse). Never the column's content: it may be what broke, and it is the
 * customer's.
 */
export type Decoded<Row> = { ok: true; row: Row } | { ok: false; id: string; column: string; error: unknown };

type Field = Column | SQL;

/**
 * A selection whose columns drizzle does not decode, and the decoder of one row of it.
 * drizzle decodes a whole result at once (JSON.parse for `mode: "json"` columns), so one row
 * of bad JSON throws for every row of the page; decoded row by row here, the bad row is
 * found and the others are kept. Each field decodes exactly as drizzle would decode it.
 * The selection must include the row's `id`.
 */
export function tolerantSelection<Row>(fields: Record<string, Field>) {
  const undecoded: Record<string, SQL> = {};
  const decoders: [string, DriverValueDecoder<unknown, unknown>][] = [];
  for (const [key, field] of Object.entries(fields)) {
    undecoded[key] = sql`${field}`;
    // A column decodes its own values; an SQL expression carries the decoder given by mapWith()
    // in `decoder`, the field drizzle's own row mapping reads (absent from its public types).
    decoders.push([
      key,
      is(field, Column) ? field : (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder,
    ]);
  }
  const decode = (raw: Record<string, unknown>): Decoded<Row> => {
    const row: Record<string, unknown> = {};
    for (const [key, decoder] of decoders) {
      const value = raw[key];
      if (value === null || value === undefined) {
        row[key] = null;
        continue;
      }
      try {
        row[key] = decoder.mapFromDriverValue(value);
      } catch (error) {
        return { ok: false, id: String(raw.id), column: key, error };
      }
    }
    return { ok: true, row: row as Row };
  };
  return { fields: undecoded, decode };
}

/** The rows that decoded. */
export const decodedRows = <Row>(rows: readonly Decoded<Row>[]): Row[] =>
  rows.flatMap((result) => (result.ok ? [result.row] : []));

/** The id of a row, whether it decoded or not. */
export const idOf = <Row extends { id: string }>(result: Decoded<Row>): string =>
  result.ok ? result.row.id : result.id;
