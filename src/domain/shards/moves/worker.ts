import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { moveCleanupDelayMs } from "../../../config";
import type { Database } from "../../../db/client";
import { controlDatabase } from "../../../db/databases";
import { type ConnectionMoveRow, connectionMoves, connections } from "../../../db/schema";
import type { Env } from "../../../env";
import { connectionSync } from "../../../sync/client";
import type { MoveMessage } from "../../../sync/messages";
import { cleanBatch } from "./clean-up";
import { advanceCopy, copyBatch, countRows } from "./copy";
import { ACTIVE_MOVE_STATUSES } from "./progress";
import { tellSyncObject } from "./request";
import { switchOver } from "./switch-over";

/** Batches one unit of work does at most: a unit is one queue message, and queues the next. */
const BATCHES_PER_UNIT = 10;

/** What the queue does after a unit: nothing (the move ended, or another unit carries it), or queue the next unit. */
export type MoveUnitResult = { next?: { delaySeconds: number } };

/**
 * One unit of a move (a `shard.move` message on the sync queue): up to BATCHES_PER_UNIT
 * batches of the copy, the switch, or of the clean-up, whichever the move is at. Every step is
 * idempotent and recorded in the move's row, so a unit redelivered or run twice does no harm,
 * and a unit lost is re-sent by the recovery sweep (resumeStalledMoves).
 */
export async function runMoveUnit(env: Env, message: MoveMessage): Promise<MoveUnitResult> {
  const db = controlDatabase(env);
  const [move] = await db
    .select()
    .from(connectionMoves)
    .where(and(eq(connectionMoves.id, message.moveId), eq(connectionMoves.connectionId, message.connectionId)))
    .limit(1);
  if (move?.status === "copying") return copyUnit(env, db, move);
  if (move?.status === "cleaning") return cleanUnit(env, move);
  return {};
}

async function copyUnit(env: Env, db: Database, move: ConnectionMoveRow): Promise<MoveUnitResult> {
  let cursor = move.cursor;
  if (cursor.table === 0 && cursor.after === null && move.rowsTotal === 0) {
    const total = await countRows(env, move);
    await db.run(sql`UPDATE connection_moves SET rows_total = ${total} WHERE id = ${move.id} AND rows_total = 0`);
  }
  for (let batch = 0; batch < BATCHES_PER_UNIT; batch++) {
    const { copied, next, done } = await copyBatch(env, move, cursor);
    if (!(await advanceCopy(env, move, cursor, next, copied))) return {};
    cursor = next;
    if (done) {
      if (!(await switchOver(env, db, move))) return { next: { delaySeconds: 0 } };
      await connectionSync(env, move.connectionId).moveSwitched(move.id);
      // The source keeps its copy a while: a reader may still be reading there (config.ts).
      return { next: { delaySeconds: Math.ceil(moveCleanupDelayMs(env) / 1000) } };
    }
  }
  return { next: { delaySeconds: 0 } };
}

async function cleanUnit(env: Env, move: ConnectionMoveRow): Promise<MoveUnitResult> {
  // Told again on every unit until the move ends: the switch's call to the object may have been lost.
  await connectionSync(env, move.connectionId).moveSwitched(move.id);
  const wait = (move.switchedAt?.getTime() ?? 0) + moveCleanupDelayMs(env) - Date.now();
  if (wait > 0) return { next: { delaySeconds: Math.ceil(wait / 1000) } };
  let cursor = move.cursor;
  for (let batch = 0; batch < BATCHES_PER_UNIT; batch++) {
    const { next, done } = await cleanBatch(env, move, cursor);
    if (done) return {};
    cursor = next;
  }
  return { next: { delaySeconds: 0 } };
}

/** A move with no progress for this long has lost its unit (a crash, a failed send): the recovery sweep resumes it. */
export const MOVE_STALL_MS = 5 * 60_000;

/**
 * The recovery sweep's part for moves: a move with no progress for MOVE_STALL_MS is resumed,
 * `waiting` by handing it to the sync object again, `copying` or `cleaning` by queueing its next
 * unit. Answers how many were resumed.
 */
export async function resumeStalledMoves(env: Env, now = Date.now()): Promise<number> {
  const db = controlDatabase(env);
  const stalled = await db
    .select()
    .from(connectionMoves)
    .where(
      and(
        inArray(connectionMoves.status, [...ACTIVE_MOVE_STATUSES]),
        lte(connectionMoves.updatedAt, new Date(now - MOVE_STALL_MS)),
      ),
    )
    .limit(50);
  for (const move of stalled) {
    await db.run(sql`UPDATE connection_moves SET updated_at = ${now} WHERE id = ${move.id}`);
    if (move.status === "waiting") {
      const [connection] = await db.select().from(connections).where(eq(connections.id, move.connectionId)).limit(1);
      if (connection) await tellSyncObject(env, move, connection);
    } else {
      const message: MoveMessage = { type: "shard.move", moveId: move.id, connectionId: move.connectionId };
      await env.SYNC_QUEUE.send(message);
    }
  }
  return stalled.length;
}
