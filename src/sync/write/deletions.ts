import { type SQL, sql } from "drizzle-orm";

/**
 * After the last page of a full listing (a family `fullyListed`): soft-deletes the records this
 * sync did not see (`deletedAt`, visibility `deleted`, a new `modifiedAt`). They stay readable with `deleted=true`.
 */
export function markUnseenDeleted(table: string, connectionId: string, syncId: string, now: number): SQL {
  return sql`UPDATE ${sql.raw(table)} SET deleted_at = ${now}, modified_at = ${now}, visibility = 'deleted'
    WHERE connection_id = ${connectionId} AND deleted_at IS NULL AND (last_sync_id IS NULL OR last_sync_id != ${syncId})`;
}
