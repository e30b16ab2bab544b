import { ne, sql } from "drizzle-orm";
import type { ServiceContext } from "../../context";
import { connections, type ShardStatus, shards } from "../../db/schema";
import { shardD1, shardNames } from "../../db/shards";
import { DomainError } from "../../errors";
import { MOVED_TABLES, NOT_MOVED_TABLES } from "./moves/tables";

/** A shard as the operator sees it (GET /admin/v1/shards). */
export type ShardFigures = {
  name: string;
  status: ShardStatus;
  /** Connections whose data is on the shard (deleted ones excepted: only their usage records stay). */
  connections: number;
  rows: Record<string, number>;
  /** The database's size, as D1 reports it. */
  bytes: number;
};

/** Every table of a shard, for the row counts. */
const SHARD_TABLES = [...MOVED_TABLES.map((table) => table.name), ...NOT_MOVED_TABLES];

/** Every bound shard with its status (the directory's; open when it has no row) and its connections, in one round trip. */
export async function shardDirectory({
  db,
  env,
}: ServiceContext): Promise<Pick<ShardFigures, "name" | "status" | "connections">[]> {
  const [directory, counts] = await db.batch([
    db.select({ name: shards.name, status: shards.status }).from(shards),
    db
      .select({ shard: connections.shard, count: sql<number>`count(*)` })
      .from(connections)
      .where(ne(connections.status, "deleted"))
      .groupBy(connections.shard),
  ]);
  return shardNames(env).map((name) => ({
    name,
    status: directory.find((row) => row.name === name)?.status ?? "open",
    connections: counts.find((row) => row.shard === name)?.count ?? 0,
  }));
}

/**
 * Every bound shard with its status, connections, rows per table and size. The shards are read
 * at once, each in one batch of counts; a count reads every row of its table, which is fine
 * for an operator's occasional look.
 */
export async function listShards(context: ServiceContext): Promise<ShardFigures[]> {
  const directory = await shardDirectory(context);
  return Promise.all(
    directory.map(async (shard) => {
      const d1 = shardD1(context.env, shard.name);
      const statements = SHARD_TABLES.map((table) => d1.prepare(`SELECT count(*) AS n FROM ${table}`));
      const results = await d1.batch<{ n: number }>(statements);
      const rows = Object.fromEntries(SHARD_TABLES.map((table, index) => [table, results[index]?.results[0]?.n ?? 0]));
      return { ...shard, rows, bytes: results.at(-1)?.meta.size_after ?? 0 };
    }),
  );
}

/**
 * Opens or closes a shard: a closed shard takes no new connection (placement.ts) and no move;
 * its connections work on. The last open shard cannot be closed: connections could no longer be created.
 */
export async function setShardStatus(context: ServiceContext, name: string, status: ShardStatus): Promise<void> {
  if (status === "closed") {
    const open = (await shardDirectory(context)).filter((shard) => shard.status === "open" && shard.name !== name);
    if (open.length === 0) {
      throw new DomainError(
        "conflict",
        `Shard ${name} is the last open shard: new connections need one. Add or open another first.`,
      );
    }
  }
  const now = new Date();
  await context.db
    .insert(shards)
    .values({ name, status, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: shards.name, set: { status, updatedAt: now } });
}
