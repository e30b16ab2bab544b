import { sql } from "drizzle-orm";
import { authCacheMs } from "../config";
import { controlD1 } from "../db/databases";
import { queryBatch } from "../db/raw";
import type { Env } from "../env";
import { TtlCache } from "../lib/ttl-cache";

/**
 * Whether a connection's application syncs the vehicle time series (its `timeSeries.enabled`,
 * set through the operator API): read once per sync start and per refresh of the latest
 * locations, remembered in the isolate as long as a key is (a change applies within seconds).
 * A connection whose application is not found syncs them, the default.
 */
export async function timeSeriesEnabled(env: Env, connectionId: string): Promise<boolean> {
  const known = remembered.get(connectionId);
  if (known !== undefined) return known;
  const [rows] = await queryBatch<[{ enabled: number }]>(controlD1(env), [
    sql`SELECT applications.series_enabled AS enabled FROM connections
      JOIN applications ON applications.id = connections.application_id WHERE connections.id = ${connectionId}`,
  ]);
  const enabled = rows[0] === undefined ? true : rows[0].enabled === 1;
  remembered.set(connectionId, enabled, Date.now(), authCacheMs(env));
  return enabled;
}

const remembered = new TtlCache<boolean>({ ttlMs: 5000, maxEntries: 10_000 });
