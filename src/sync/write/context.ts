import type { Database } from "../../db/client";
import type { ConnectionRow } from "../../db/schema";
import type { Env } from "../../env";
import type { RawEntry } from "../../model/normalized";
import type { ProviderAdapter } from "../../providers/types";

/** What a writer needs to store one page of provider records. */
export type WriteContext = {
  db: Database;
  /** The D1 binding itself, for raw batched statements (see db/raw.ts). */
  d1: D1Database;
  /** Bindings, for the events the page emits. */
  env: Env;
  connection: ConnectionRow;
  adapter: ProviderAdapter;
  syncId: string;
  /** One timestamp for the whole page: every row written by it shares it. */
  now: number;
  /** The endpoint or record type the payloads came from (raw entries' `schema`). */
  schema: string;
};

export function rawEntry(context: WriteContext, data: unknown): string {
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
