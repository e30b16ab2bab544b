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
 *
 * `decodeValues` decodes a row as drizzle's `.values()` returns it (the selection's values in
 * its order): the hot reads take that path, because drizzle's own row mapping tells columns
 * from expressions by walking prototype chains for every cell, which cost a 100-row page of
 * vehicles about 4 ms of CPU (`npm run bench:read`); here the decoders are resolved once.
 */
export function tolerantSelection<Row>(fields: Record<string, Field>) {
  const undecoded: Record<string, SQL> = {};
  const keys: string[] = [];
  const decoders: DriverValueDecoder<unknown, unknown>[] = [];
  for (const [key, field] of Object.entries(fields)) {
    undecoded[key] = sql`${field}`;
    keys.push(key);
    // A column decodes its own values; an SQL expression carries the decoder given by mapWith()
    // in `decoder`, the field drizzle's own row mapping reads (absent from its public types).
    decoders.push(
      is(field, Column) ? field : (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder,
    );
  }
  const idIndex = keys.indexOf("id");
  const decodeValues = (values: readonly unknown[]): Decoded<Row> => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index] as string;
      const value = values[index];
      if (value === null || value === undefined) {
        row[key] = null;
        continue;
      }
      try {
        row[key] = (decoders[index] as DriverValueDecoder<unknown, unknown>).mapFromDriverValue(value);
      } catch (error) {
        return { ok: false, id: String(values[idIndex]), column: key, error };
      }
    }
    return { ok: true, row: row as Row };
  };
  const decode = (raw: Record<string, unknown>): Decoded<Row> => decodeValues(keys.map((key) => raw[key]));
  return { fields: undecoded, decode, decodeValues };
}

/** The rows that decoded. */
export const decodedRows = <Row>(rows: readonly Decoded<Row>[]): Row[] =>
  rows.flatMap((result) => (result.ok ? [result.row] : []));

/** The id of a row, whether it decoded or not. */
export const idOf = <Row extends { id: string }>(result: Decoded<Row>): string =>
  result.ok ? result.row.id : result.id;
