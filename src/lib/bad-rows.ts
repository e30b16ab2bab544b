import type { Decoded } from "../db/tolerant-rows";
import { TtlCache } from "./ttl-cache";

/** Where presenting a stored row failed: reading a column, building the view, the response schema, or serializing it. */
export type BadRowStage = "decode" | "present" | "schema" | "serialize";

/**
 * Rows this isolate has reported, so a bad row read on every request is logged once rather
 * than on every page that holds it; bounded like every isolate cache (a row forgotten under
 * pressure is reported again, which is harmless).
 */
const reported = new TtlCache<true>({ ttlMs: Number.POSITIVE_INFINITY, maxEntries: 10_000 });

/**
 * Logs, once per row and isolate, that a stored row cannot be presented: its table, id, the
 * stage and the error's name. Never the content nor the error's message, which for a JSON
 * syntax error quotes the content.
 */
export function reportBadRow(bad: { table: string; id: string; stage: BadRowStage; column?: string; error?: unknown }) {
  const key = `${bad.table}:${bad.id}`;
  if (reported.get(key)) return;
  reported.set(key, true);
  console.error(
    JSON.stringify({
      level: "error",
      message: "stored row cannot be presented",
      table: bad.table,
      id: bad.id,
      stage: bad.stage,
      ...(bad.column === undefined ? {} : { column: bad.column }),
      error: bad.error instanceof Error ? bad.error.name : typeof bad.error,
    }),
  );
}

/**
 * A request for one stored row that cannot be presented: answered as a generic
 * internal_server_error. The message names neither the row (reportBadRow did, once) nor its content.
 */
export class UnpresentableRowError extends Error {
  constructor(
    readonly table: string,
    readonly id: string,
  ) {
    super("A stored row cannot be presented.");
    this.name = "UnpresentableRowError";
  }
}

/** The row of a one-row read; a row that did not decode is reported and thrown as UnpresentableRowError. */
export function decodedOrThrow<Row>(table: string, result: Decoded<Row>): Row {
  if (result.ok) return result.row;
  reportBadRow({ table, id: result.id, stage: "decode", column: result.column, error: result.error });
  throw new UnpresentableRowError(table, result.id);
}

/** The rows that decoded, keyed by id; the others are reported and left out (a reference to one stays an id). */
export function decodedById<Row extends { id: string }>(table: string, results: Decoded<Row>[]): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const result of results) {
    if (result.ok) rows.set(result.row.id, result.row);
    else reportBadRow({ table, id: result.id, stage: "decode", column: result.column, error: result.error });
  }
  return rows;
}
