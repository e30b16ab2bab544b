import { type SQL, sql } from "drizzle-orm";
import type { ConnectionRow, IssueRow, SyncJobRow } from "../db/schema";
import type { Env } from "../env";
import { connectionEventDetail, syncEventDetail } from "../webhooks/details";
import type { WebhookEventType } from "../webhooks/emit";
import { type EventWrite, eventWrite } from "../webhooks/outbox";
import { issueDetail } from "./write/issues";
import { connectionRef, tenantOf } from "./write/record-events";

/** SQL: the job was reopened for a retry by the write requested at `at`. */
export const jobWritten = (syncId: string, at: number) =>
  sql`EXISTS (SELECT 1 FROM sync_jobs WHERE id = ${syncId} AND status = 'requested' AND requested_at = ${at})`;
/** SQL: the job was started by the write at `at`. */
export const jobStarted = (syncId: string, at: number) =>
  sql`EXISTS (SELECT 1 FROM sync_jobs WHERE id = ${syncId} AND status = 'in_progress' AND started_at = ${at})`;
/** SQL: the job was completed by the write at `at`. */
const jobCompleted = (syncId: string, at: number) =>
  sql`EXISTS (SELECT 1 FROM sync_jobs WHERE id = ${syncId} AND status = 'completed' AND completed_at = ${at})`;

/** A sync event with `{ connection, sync }` as detail, for the write that changes the job. */
export function syncEvent(type: WebhookEventType, connection: ConnectionRow, job: SyncJobRow, when?: SQL): EventWrite {
  return eventWrite(
    tenantOf(connection),
    { type, detail: syncEventDetail(connection, job), connectionId: connection.id },
    when ? { when } : {},
  );
}

/**
 * The events of a sync completed at `now`, each written only if the completion applied:
 * `sync.completed`, `connection.first_sync_completed` after the connection's first one, and
 * `issue.resolved` for each issue the sync no longer saw.
 */
export async function completionEvents(
  env: Env,
  connection: ConnectionRow,
  completed: SyncJobRow,
  resolving: readonly IssueRow[],
  now: number,
): Promise<EventWrite[]> {
  const connectionId = connection.id;
  const applied = jobCompleted(completed.id, now);
  const events: EventWrite[] = [];
  events.push(syncEvent("sync.completed", connection, completed, applied));
  events.push(
    eventWrite(
      tenantOf(connection),
      {
        type: "connection.first_sync_completed",
        detail: await connectionEventDetail(env, connection),
        connectionId,
      },
      {
        when: sql`${applied} AND NOT EXISTS (SELECT 1 FROM sync_jobs
              WHERE connection_id = ${connectionId} AND status = 'completed' AND id != ${completed.id})`,
      },
    ),
  );
  for (const row of resolving) {
    events.push(
      eventWrite(
        tenantOf(connection),
        {
          type: "issue.resolved",
          detail: { connection: connectionRef(connection), issue: issueDetail(row, "resolved", now) },
          connectionId,
        },
        { when: applied },
      ),
    );
  }
  return events;
}
