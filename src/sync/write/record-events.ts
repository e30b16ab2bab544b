import { sql } from "drizzle-orm";
import { queryBatch } from "../../db/raw";
import type { ConnectionRow } from "../../db/schema";
import { ANNOUNCED_KINDS, type AnnouncedKind, type ChangeEventType } from "../../families/family";
import type { WriteContext } from "../../families/kit/write";
import { contentHash } from "../../lib/content-hash";
import { recordIds } from "../../lib/record-ids";
import { type EventWrite, eventWrite } from "../../webhooks/outbox";

/** A family announced by change events: the kind of record (`vehicle`), and its table (`vehicles`). */
export type Tracked = { kind: AnnouncedKind; table: string };
export type RecordChanges = Tracked & { added: string[]; modified: string[]; removed: string[] };

/**
 * Before a page of a family with change events (vehicles, drivers, safety events) is written:
 * which of its records are new, which changed (content hash, or back after a deletion), and — on
 * the last page of a full listing — which stored records the listing no longer returns. One
 * round trip.
 */
export async function classifyChanges(
  context: WriteContext,
  tracked: Tracked,
  records: readonly { normalized: { sourceId: string } }[],
  lastPage: boolean,
): Promise<RecordChanges> {
  const { connection, d1 } = context;
  const sourceIds = records.map((record) => record.normalized.sourceId);
  const t = sql.raw(tracked.table);
  const references = referencedSourceIds(records);
  const [existing, unseen, hidden] = await queryBatch<
    [
      { source_id: string; content_hash: string; deleted_at: number | null },
      { id: string },
      { kind: string; source_id: string },
    ]
  >(d1, [
    sql`SELECT source_id, content_hash, deleted_at FROM ${t} WHERE connection_id = ${connection.id}
        AND source_id IN (SELECT value FROM json_each(${JSON.stringify(sourceIds)}))`,
    lastPage
      ? sql`SELECT id FROM ${t} WHERE connection_id = ${connection.id} AND deleted_at IS NULL
            AND (last_sync_id IS NULL OR last_sync_id != ${context.syncId})
            AND source_id NOT IN (SELECT value FROM json_each(${JSON.stringify(sourceIds)}))`
      : sql`SELECT id FROM ${t} WHERE 0`,
    sql`SELECT 'vehicle' AS kind, source_id FROM vehicles WHERE connection_id = ${connection.id} AND visibility != 'visible'
          AND source_id IN (SELECT value FROM json_each(${JSON.stringify(references.vehicles)}))
        UNION ALL SELECT 'driver', source_id FROM drivers WHERE connection_id = ${connection.id} AND visibility != 'visible'
          AND source_id IN (SELECT value FROM json_each(${JSON.stringify(references.drivers)}))`,
  ]);
  // A record naming a vehicle or driver the connection's filters hide is not stored: not announced either.
  const hiddenKeys = new Set(hidden.map((row) => `${row.kind}:${row.source_id}`));
  const stored = new Map(existing.map((row) => [row.source_id, row]));
  const ids = await recordIds(connection, tracked.kind, sourceIds);
  const added: string[] = [];
  const modified: string[] = [];
  records.forEach((record, index) => {
    const { vehicleSourceId, driverSourceId } = record.normalized as References;
    if (hiddenKeys.has(`vehicle:${vehicleSourceId}`) || hiddenKeys.has(`driver:${driverSourceId}`)) return;
    const row = stored.get(record.normalized.sourceId);
    if (!row) added.push(ids[index]!);
    else if (row.deleted_at !== null || row.content_hash !== contentHash(record.normalized)) modified.push(ids[index]!);
  });
  return { ...tracked, added, modified, removed: unseen.map((row) => row.id) };
}

type References = { vehicleSourceId?: string; driverSourceId?: string };

/** The vehicles and drivers a page's records name (safety events name both; vehicles and drivers none). */
function referencedSourceIds(records: readonly { normalized: object }[]) {
  const named = records.map((record) => record.normalized as References);
  return {
    vehicles: named.flatMap((record) => (record.vehicleSourceId ? [record.vehicleSourceId] : [])),
    drivers: named.flatMap((record) => (record.driverSourceId ? [record.driverSourceId] : [])),
  };
}

/**
 * `vehicle.added|modified|removed`, the driver ones and `safety_event.added|modified`: one event
 * per kind of change per page, listing the ids under the table's name (`vehicles`, `safetyEvents`).
 */
export function recordEvents(context: WriteContext, changes: RecordChanges): EventWrite[] {
  const listed = changes.table.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
  return (["added", "modified", "removed"] as const)
    .filter((change) => changes[change].length > 0)
    .map((change) =>
      eventWrite(tenantOf(context.connection), {
        type: `${ANNOUNCED_KINDS[changes.kind]}.${change}` as ChangeEventType,
        detail: { connection: connectionRef(context.connection), [listed]: changes[change] },
        connectionId: context.connection.id,
      }),
    );
}

export const tenantOf = (connection: ConnectionRow) => ({
  applicationId: connection.applicationId,
  environment: connection.environment,
});

export function connectionRef(connection: ConnectionRow) {
  return {
    id: connection.id,
    provider: connection.provider,
    ...(connection.externalId ? { externalId: connection.externalId } : {}),
    ...(connection.tags ? { tags: connection.tags } : {}),
  };
}
