import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp, timestamps } from "./columns";

export const SHARD_STATUSES = ["open", "closed"] as const;
export type ShardStatus = (typeof SHARD_STATUSES)[number];

/**
 * The shard directory: what an operator decided about each data shard. The shards themselves
 * are the Worker's `DATA_<NAME>` bindings (src/db/shards.ts); a bound shard without a row here
 * is open, so a shard added by a deploy takes connections at once.
 */
export const shards = sqliteTable("shards", {
  name: text("name").primaryKey(),
  status: text("status", { enum: SHARD_STATUSES }).notNull(),
  ...timestamps,
});
export type ShardRow = typeof shards.$inferSelect;

/**
 * The phases of a move (src/domain/shards/moves/): `waiting` for the connection's running sync
 * to end, `copying` its rows to the target in bounded batches, `cleaning` the source once the
 * connection reads from the target (after the longest a cached shard may be used), `completed`.
 * `cancelled`: the connection was deleted during the move.
 */
export const MOVE_STATUSES = ["waiting", "copying", "cleaning", "completed", "cancelled"] as const;
export type MoveStatus = (typeof MOVE_STATUSES)[number];
/** The statuses of a move under way (at most one per connection). */
export const ACTIVE_MOVE_STATUSES: readonly MoveStatus[] = ["waiting", "copying", "cleaning"];

/** Where a move's copy or clean-up stands: the table and the key of the last row done in it. */
export type MoveCursor = { table: number; after: unknown[] | null };

/** One move of a connection's data from one shard to another (POST /admin/v1/connections/{id}/move). */
export const connectionMoves = sqliteTable(
  "connection_moves",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    source: text("source").notNull(),
    target: text("target").notNull(),
    status: text("status", { enum: MOVE_STATUSES }).notNull(),
    cursor: text("cursor", { mode: "json" }).$type<MoveCursor>().notNull(),
    /** Rows of the connection on the source when the copy began (the progress's denominator). */
    rowsTotal: integer("rows_total").notNull().default(0),
    rowsCopied: integer("rows_copied").notNull().default(0),
    rowsRemoved: integer("rows_removed").notNull().default(0),
    requestedAt: timestamp("requested_at").notNull(),
    startedAt: timestamp("started_at"),
    switchedAt: timestamp("switched_at"),
    completedAt: timestamp("completed_at"),
    /** The moment the last batch was written: a move idle for long is re-sent by the recovery sweep. */
    updatedAt: timestamp("updated_at").notNull(),
  },
  (table) => [
    index("connection_moves_connection_idx").on(table.connectionId, table.id),
    index("connection_moves_status_idx").on(table.status, table.updatedAt),
  ],
);
export type ConnectionMoveRow = typeof connectionMoves.$inferSelect;
