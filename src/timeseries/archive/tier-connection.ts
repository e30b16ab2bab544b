import { and, eq, inArray } from "drizzle-orm";
import { controlDatabase } from "../../db/databases";
import { ACTIVE_MOVE_STATUSES, applications, connectionMoves, connections } from "../../db/schema";
import { shardD1 } from "../../db/shards";
import type { Env } from "../../env";
import { archiveDueDays, firstHotDayOf } from "./archive-connection";
import { enforceRetention } from "./retention";

/** Vehicle-days one unit archives, and retention statements it runs, at most (one queue message's work). */
const DAYS_PER_UNIT = 50;
const RETENTION_ROUNDS_PER_UNIT = 20;
const DAY_MS = 86_400_000;

/**
 * One unit of a connection's tiering (a `series.tier` queue message): its application's
 * retention enforced in both tiers, then its complete days older than the hot window moved to
 * the archive, each bounded. Answers whether another unit is due at once. A connection being
 * deleted or moved between shards is left alone (the next hourly run comes back to it).
 */
export async function tierConnection(
  env: Env,
  connectionId: string,
  now: number = Date.now(),
): Promise<{ more: boolean }> {
  const db = controlDatabase(env);
  const [settings] = await db
    .select({
      status: connections.status,
      shard: connections.shard,
      hotDays: applications.seriesHotDays,
      retentionDays: applications.seriesRetentionDays,
    })
    .from(connections)
    .innerJoin(applications, eq(applications.id, connections.applicationId))
    .where(eq(connections.id, connectionId))
    .limit(1);
  if (!settings || settings.status === "deleting" || settings.status === "deleted") return { more: false };
  const [moving] = await db
    .select({ id: connectionMoves.id })
    .from(connectionMoves)
    .where(
      and(eq(connectionMoves.connectionId, connectionId), inArray(connectionMoves.status, [...ACTIVE_MOVE_STATUSES])),
    )
    .limit(1);
  if (moving) return { more: false };
  const d1 = shardD1(env, settings.shard);
  let more = false;
  if (settings.retentionDays !== null) {
    const firstKeptDay = Math.floor((now - settings.retentionDays * DAY_MS) / DAY_MS);
    more = (await enforceRetention(env, d1, connectionId, firstKeptDay, RETENTION_ROUNDS_PER_UNIT)).more;
  }
  const archived = await archiveDueDays(
    env,
    d1,
    connectionId,
    firstHotDayOf(now, settings.hotDays),
    DAYS_PER_UNIT,
    now,
  );
  return { more: more || archived.more };
}
