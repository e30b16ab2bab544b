import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { ACTIVE_MOVE_STATUSES, type ConnectionMoveRow, connectionMoves } from "../../../db/schema";

/** A move is under way until it is completed or cancelled (db/schema/shards.ts). */
export { ACTIVE_MOVE_STATUSES };

/** The connection's move under way, if any. */
export async function activeMove(db: Database, connectionId: string): Promise<ConnectionMoveRow | undefined> {
  const [move] = await db
    .select()
    .from(connectionMoves)
    .where(
      and(eq(connectionMoves.connectionId, connectionId), inArray(connectionMoves.status, [...ACTIVE_MOVE_STATUSES])),
    )
    .orderBy(desc(connectionMoves.id))
    .limit(1);
  return move;
}

/** A move as the operator API shows it. */
export function presentMove(move: ConnectionMoveRow) {
  const iso = (value: Date | null) => (value === null ? null : value.toISOString());
  return {
    id: move.id,
    source: move.source,
    target: move.target,
    status: move.status,
    rowsTotal: move.rowsTotal,
    rowsCopied: move.rowsCopied,
    rowsRemoved: move.rowsRemoved,
    requestedAt: move.requestedAt.toISOString(),
    startedAt: iso(move.startedAt),
    switchedAt: iso(move.switchedAt),
    completedAt: iso(move.completedAt),
  };
}
