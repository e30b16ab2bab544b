import { and, eq, sql } from "drizzle-orm";
import { createDatabase } from "../db/client";
import { queryBatch } from "../db/raw";
import { type ConnectionRow, connections } from "../db/schema";
import { shardD1 } from "../db/shards";
import type { Env } from "../env";
import { recordId } from "../lib/record-ids";
import { connectionEventDetail } from "../webhooks/details";
import { commitWithEvents, eventWrite } from "../webhooks/outbox";
import { commitOnShard } from "../webhooks/relay";
import { issueDetail, ongoingIssueCodes } from "./write/issues";
import { connectionRef, tenantOf } from "./write/record-events";

/** The issue a connection whose credentials the provider refuses carries until it is reconnected. */
const ISSUE_CODE = "missing_permissions";

/**
 * The provider refuses the connection's credentials for good (an API token deleted, an OAuth
 * grant revoked or expired): the connection becomes `disconnected` (with `connection.updated` and
 * `connection.disconnected`, in the same write), and an ongoing `missing_permissions` issue says
 * why and what to do (with `issue.reported` when it is news). The issue is resolved by the first
 * sync that completes after the customer reconnects. Only a connection still `connected` is
 * changed: of two readers that meet the refusal at once, one disconnects it. The connection's sync
 * object is not told: a sync that meets the refusal fails itself, and the object starts none for a
 * connection that is not connected. Isolates that remember the connection see the change within
 * their bound (AUTH_CACHE_SECONDS), as with any change made outside a request.
 */
export async function disconnectRejected(
  env: Env,
  connection: ConnectionRow,
  providerName: string,
  reason: string,
): Promise<void> {
  const now = new Date();
  const after: ConnectionRow = { ...connection, status: "disconnected", updatedAt: now };
  const tenant = tenantOf(connection);
  const applied = sql`EXISTS (SELECT 1 FROM connections WHERE id = ${connection.id} AND status = 'disconnected' AND updated_at = ${now.getTime()})`;
  const detail = await connectionEventDetail(env, after);
  const [update] = await commitWithEvents(
    env,
    [
      createDatabase(env.DB)
        .update(connections)
        .set({ status: "disconnected", updatedAt: now })
        .where(and(eq(connections.id, connection.id), eq(connections.status, "connected")))
        .returning({ shard: connections.shard }),
    ],
    (["connection.updated", "connection.disconnected"] as const).map((type) =>
      eventWrite(tenant, { type, detail, connectionId: connection.id }, { now, when: applied }),
    ),
  );
  if (update?.meta.changes !== 1) return;
  const [current] = (update.results ?? []) as { shard: string }[];
  const shard = current?.shard ?? connection.shard;
  const message = `${providerName} refused the connection's credentials (${reason.slice(0, 300)}). Reconnect it through the hosted flow (its linkUrl) to resume syncing.`;
  const id = await recordId(connection, "issue", ISSUE_CODE);
  const at = now.getTime();
  const [ongoing] = await queryBatch<[{ code: string }]>(shardD1(env, shard), [
    ongoingIssueCodes(connection.id, [ISSUE_CODE]),
  ]);
  await commitOnShard(
    env,
    shard,
    [
      sql`INSERT INTO issues (id, connection_id, application_id, environment, status, error_code, message, first_reported_at, last_reported_at)
        VALUES (${id}, ${connection.id}, ${connection.applicationId}, ${connection.environment}, 'ongoing', ${ISSUE_CODE}, ${message}, ${at}, ${at})
        ON CONFLICT (connection_id, error_code) DO UPDATE SET status = 'ongoing', message = excluded.message,
          last_reported_at = excluded.last_reported_at, resolved_at = NULL`,
    ],
    // Reported again while ongoing, it is no news.
    ongoing.length
      ? []
      : [
          eventWrite(
            tenant,
            {
              type: "issue.reported",
              detail: {
                connection: connectionRef(after),
                issue: issueDetail({ id, errorCode: ISSUE_CODE, message }, "ongoing", at),
              },
              connectionId: connection.id,
            },
            { now },
          ),
        ],
  );
}
