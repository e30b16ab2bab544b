import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { upsertJsonRows } from "../../db/json-rows";
import type { ConnectionRow } from "../../db/schema";
import type { Env } from "../../env";
import { contentHash } from "../../lib/content-hash";
import { type RecordKind, recordId } from "../../lib/record-ids";
import { round2 } from "../../lib/units";
import type { RawEntry } from "../../model/normalized";
import { refreshVisibility } from "./visibility";

/** What a family's writer needs to store one page of provider records. */
export type WriteContext = {
  /** The connection's data shard. */
  db: Database;
  /** The D1 binding itself, for raw batched statements (see db/raw.ts). */
  d1: D1Database;
  /** Bindings, for the events the page emits. */
  env: Env;
  connection: ConnectionRow;
  syncId: string;
  /** One timestamp for the whole page: every row written by it shares it. */
  now: number;
  /** The endpoint or record type the payloads came from (raw entries' `schema`). */
  schema: string;
};

/** One normalized record of a page, with the provider payload it was normalized from. */
export type Item<Normalized> = { normalized: Normalized; payload: unknown };

export function rawEntry(context: Pick<WriteContext, "connection" | "now" | "schema">, data: unknown): string {
  const entry: RawEntry = {
    provider: context.connection.provider,
    schema: context.schema,
    extractedAt: new Date(context.now).toISOString(),
    data,
  };
  return JSON.stringify(entry);
}

/** Columns every synced record table shares, in the order writers fill them. */
export const SYNCED_COLUMNS = [
  "id",
  "connection_id",
  "application_id",
  "environment",
  "provider",
  "source_id",
  "visibility",
  "added_at",
  "modified_at",
  "deleted_at",
  "content_hash",
  "raw",
  "last_sync_id",
] as const;

/** Columns an update takes from the incoming row (not id, added_at, modified_at, visibility). */
export const REFRESHED_COLUMNS = ["raw", "last_sync_id"] as const;

export function syncedValues(
  context: WriteContext,
  row: { id: string; sourceId: string; hash: string; payload: unknown; visibility?: string },
): unknown[] {
  const { connection, now } = context;
  return [
    row.id,
    connection.id,
    connection.applicationId,
    connection.environment,
    connection.provider,
    row.sourceId,
    row.visibility ?? "visible",
    now,
    now,
    null,
    row.hash,
    rawEntry(context, row.payload),
    context.syncId,
  ];
}

/** ISO date-time string → epoch ms, or null. */
export function toMs(value: string | undefined): number | null {
  if (value === undefined) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** JSON text of a value, or null (for JSON columns filled through json_extract). */
export function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** A numeric field rounded to 2 decimals, as the API answers it; null when absent. */
export const round2OrNull = (value: number | undefined) => (value === undefined ? null : round2(value));

/**
 * Upsert of synced records keyed on (connection_id, source_id): a record keeps its id and
 * addedAt; its content columns take the incoming values; `modified_at` moves only when the
 * content hash changed (or the record comes back after a deletion at the provider).
 */
export function upsertSynced(
  table: string,
  contentColumns: readonly string[],
  rows: unknown[][],
  where?: (column: (name: string) => SQL) => SQL,
): SQL[] {
  const t = sql.raw(table);
  const assignments = [...contentColumns, ...REFRESHED_COLUMNS].map((column) =>
    sql.raw(`${column} = excluded.${column}`),
  );
  return upsertJsonRows({
    table,
    columns: [...SYNCED_COLUMNS, ...contentColumns],
    rows,
    ...(where ? { where } : {}),
    conflict: ["connection_id", "source_id"],
    update: sql`${sql.join(assignments, sql`, `)},
      modified_at = CASE WHEN ${t}.content_hash IS NOT excluded.content_hash OR ${t}.deleted_at IS NOT NULL
        THEN excluded.modified_at ELSE ${t}.modified_at END,
      content_hash = excluded.content_hash,
      deleted_at = NULL,
      visibility = CASE WHEN ${t}.deleted_at IS NOT NULL THEN 'visible' ELSE ${t}.visibility END`,
  });
}

/** Where a family's writer stores its records, and the kind of id they get. */
export type RecordTarget<Normalized = never> = {
  table: string;
  kind: RecordKind;
  /**
   * The time an id takes (lib/record-ids.ts) for events listed in time order (trips): ids then
   * sort by it. Absent: the connection's creation time.
   */
  idTime?: (record: Normalized) => number;
  /** The family's own columns, in the order `values` fills them. */
  columns: readonly string[];
  /** The connection filters (contract 2.1) that hide records of this table: visibility is refreshed after the write. */
  filteredBy?: "vehicles" | "drivers";
  /**
   * Which records are stored, as a condition on their incoming columns (`column(name)`),
   * checked by the write statement itself: no read before the write. Undefined: every one.
   */
  storedWhen?: (column: (name: string) => SQL) => SQL;
};

/**
 * The statements storing a page of synced records: each record's shared columns (its id
 * derived from its source id, its content hash, its raw payload), then the values `values`
 * gives for the family's columns; a record `values` answers undefined for is not stored.
 * Nothing for an empty page.
 */
export async function writeRecords<Normalized extends { sourceId: string }>(
  context: WriteContext,
  target: RecordTarget<Normalized>,
  items: readonly Item<Normalized>[],
  values: (record: Normalized) => Promise<unknown[] | undefined> | unknown[] | undefined,
): Promise<SQL[]> {
  if (!items.length) return [];
  const perRecord = await Promise.all(
    items.map(async ({ normalized, payload }): Promise<unknown[][]> => {
      const own = await values(normalized);
      if (own === undefined) return [];
      const id = await recordId(context.connection, target.kind, normalized.sourceId, target.idTime?.(normalized));
      return [
        [
          ...syncedValues(context, { id, sourceId: normalized.sourceId, hash: contentHash(normalized), payload }),
          ...own,
        ],
      ];
    }),
  );
  const rows = perRecord.flat();
  const statements = rows.length ? upsertSynced(target.table, target.columns, rows, target.storedWhen) : [];
  if (!target.filteredBy) return statements;
  return [
    ...statements,
    refreshVisibility({
      table: target.filteredBy,
      connectionId: context.connection.id,
      filter: context.connection.filters?.[target.filteredBy],
      now: context.now,
      sourceIds: items.map((item) => item.normalized.sourceId),
    }),
  ];
}
