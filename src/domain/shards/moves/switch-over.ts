import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { controlD1 } from "../../../db/databases";
import { runBatch } from "../../../db/raw";
import { type ConnectionMoveRow, connections } from "../../../db/schema";
import { shardD1 } from "../../../db/shards";
import type { Env } from "../../../env";
import { refreshVisibility } from "../../../families/kit/visibility";

/**
 * The switch: the connection reads and writes on the target from here. One batch on the control
 * database changes the connection's shard and the move's status together (the move only if the
 * connection is on the target), so a reader sees the source or the target, never a mix. Before
 * it, the visibility of the vehicles and drivers on the target is set from the filters as stored
 * (a PATCH during the copy changed them on the source only); the connection switches only if it
 * did not change since they were read, and the switch is tried again otherwise. Answers whether
 * this call switched the move (false: try again, or another unit did it).
 */
export async function switchOver(env: Env, db: Database, move: ConnectionMoveRow): Promise<boolean> {
  const [connection] = await db.select().from(connections).where(eq(connections.id, move.connectionId)).limit(1);
  if (!connection || (connection.shard !== move.source && connection.shard !== move.target)) return false;
  const now = Date.now();
  if (connection.shard === move.source) {
    await runBatch(
      shardD1(env, move.target),
      (["vehicles", "drivers"] as const).map((table) =>
        refreshVisibility({ table, connectionId: connection.id, filter: connection.filters?.[table], now }),
      ),
    );
  }
  // The clean-up walks the tables again from the first (the copy's cursor is past the last).
  const [, moved] = await runBatch(controlD1(env), [
    sql`UPDATE connections SET shard = ${move.target}
      WHERE id = ${connection.id} AND shard = ${move.source} AND updated_at = ${connection.updatedAt.getTime()}`,
    sql`UPDATE connection_moves SET status = 'cleaning', switched_at = ${now}, updated_at = ${now},
        cursor = ${JSON.stringify({ table: 0, after: null })}
      WHERE id = ${move.id} AND status = 'copying'
        AND EXISTS (SELECT 1 FROM connections WHERE id = ${connection.id} AND shard = ${move.target})`,
  ]);
  return moved?.meta.changes === 1;
}
