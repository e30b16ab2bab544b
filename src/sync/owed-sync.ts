import { type SQL, sql } from "drizzle-orm";
import type { ConnectionRow } from "../db/schema";

const DAY_MS = 86_400_000;

/**
 * The earliest time the connection's owed first sync must read (its backfill: `startFrom`, or
 * `days` before the connection was created; the creation time itself without one), or undefined
 * when no first sync is owed. Whatever sync starts first carries it, so a `POST /syncs` that
 * comes before the first sync does not lose the backfill the connection was created with.
 */
export function owedBackfillStart(connection: ConnectionRow): number | undefined {
  if (connection.syncIntent !== "initial") return undefined;
  const backfill = connection.backfill ?? {};
  if (backfill.startFrom) return Date.parse(backfill.startFrom);
  return connection.createdAt.getTime() - (backfill.days ?? 0) * DAY_MS;
}

/** Clears the owed first sync: in the batch that writes the job that carries it. */
export function clearInitialIntent(connectionId: string): SQL {
  return sql`UPDATE connections SET sync_intent = NULL, sync_intent_at = NULL
    WHERE id = ${connectionId} AND sync_intent = 'initial'`;
}

/** Clears an owed look at a changed connection that was owed since `since` or earlier. */
export function clearChangedIntent(connectionId: string, since: number): SQL {
  return sql`UPDATE connections SET sync_intent = NULL, sync_intent_at = NULL
    WHERE id = ${connectionId} AND sync_intent = 'changed' AND sync_intent_at <= ${since}`;
}

/** The intent an update of status or sync mode records: an owed first sync stays owed (it also reads the change). */
export const CHANGED_INTENT = sql`CASE WHEN sync_intent = 'initial' THEN 'initial' ELSE 'changed' END`;
