import { eq, sql } from "drizzle-orm";
import type { ServiceContext } from "../../../context";
import { type ConnectionMoveRow, connections, shards } from "../../../db/schema";
import { isShard, shardNames } from "../../../db/shards";
import { DomainError, invalidInput } from "../../../errors";
import { newId } from "../../../lib/ids";
import { connectionSync } from "../../../sync/client";
import { ACTIVE_MOVE_STATUSES } from "./progress";

/**
 * Moves a connection's data to shard `target` (POST /admin/v1/connections/{id}/move): records the
 * move `waiting` and hands it to the connection's sync object, which starts the copy now or when
 * its running sync ends. The copy, the switch and the clean-up are the queue's (worker.ts).
 * One move per connection at a time; never to its own shard, a closed one, or for a deleted connection.
 */
export async function requestMove(
  { db, env }: ServiceContext,
  connectionId: string,
  target: string,
): Promise<ConnectionMoveRow> {
  if (!isShard(env, target)) {
    throw invalidInput(
      `No data shard named \`${target}\` in this deployment.`,
      "{requestBody}.shard",
      `Use one of: ${shardNames(env).join(", ")} (GET /admin/v1/shards lists them).`,
    );
  }
  const [[connection], [directory]] = await db.batch([
    db.select().from(connections).where(eq(connections.id, connectionId)).limit(1),
    db.select().from(shards).where(eq(shards.name, target)).limit(1),
  ]);
  if (!connection) throw new DomainError("not_found", "No connection with this id.");
  if (connection.status === "deleting" || connection.status === "deleted") {
    throw new DomainError("conflict", `The connection is ${connection.status}; its data is not moved.`);
  }
  if (connection.shard === target) throw new DomainError("conflict", `The connection is already on shard ${target}.`);
  if (directory?.status === "closed") {
    throw new DomainError("conflict", `Shard ${target} is closed: it takes no connection. Open it first.`);
  }
  const now = new Date();
  const move: ConnectionMoveRow = {
    id: newId("move", now.getTime()),
    connectionId,
    source: connection.shard,
    target,
    status: "waiting",
    cursor: { table: 0, after: null },
    rowsTotal: 0,
    rowsCopied: 0,
    rowsRemoved: 0,
    requestedAt: now,
    startedAt: null,
    switchedAt: null,
    completedAt: null,
    updatedAt: now,
  };
  // Recorded only while no other move of the connection is under way (checked in the same statement).
  const inserted = await db.run(sql`INSERT INTO connection_moves
      (id, connection_id, source, target, status, cursor, rows_total, rows_copied, rows_removed, requested_at, updated_at)
    SELECT ${move.id}, ${connectionId}, ${move.source}, ${target}, 'waiting', ${JSON.stringify(move.cursor)}, 0, 0, 0,
      ${now.getTime()}, ${now.getTime()}
    WHERE NOT EXISTS (SELECT 1 FROM connection_moves WHERE connection_id = ${connectionId}
      AND status IN (SELECT value FROM json_each(${JSON.stringify(ACTIVE_MOVE_STATUSES)})))`);
  if (inserted.meta.changes !== 1) {
    throw new DomainError("conflict", "A move of this connection is under way; wait for it to end.");
  }
  await tellSyncObject(env, move, connection);
  return move;
}

/**
 * Hands the move to the connection's sync object. Best effort: a move it never heard of stays
 * `waiting`, and the recovery sweep hands it over again (worker.ts, resumeStalledMoves).
 */
export async function tellSyncObject(
  env: ServiceContext["env"],
  move: Pick<ConnectionMoveRow, "id" | "source" | "target" | "connectionId">,
  connection: { id: string; applicationId: string; environment: "production" | "sandbox" },
): Promise<void> {
  try {
    await connectionSync(env, move.connectionId).beginMove(
      { moveId: move.id, source: move.source, target: move.target },
      { connectionId: connection.id, applicationId: connection.applicationId, environment: connection.environment },
    );
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "warn",
        message: "move not handed to the sync object; the recovery sweep will",
        moveId: move.id,
        error: String(error),
      }),
    );
  }
}
