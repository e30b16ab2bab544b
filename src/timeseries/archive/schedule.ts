import { and, asc, gt, notInArray } from "drizzle-orm";
import { controlDatabase } from "../../db/databases";
import { connections } from "../../db/schema";
import type { Env } from "../../env";
import type { SeriesTierMessage } from "../../sync/messages";

/** Connections read per query, and messages per queue send (the queue's batch limit). */
const CONNECTIONS_PER_PAGE = 500;
const MESSAGES_PER_SEND = 100;

/**
 * The hourly tiering run (cron SERIES_TIERING_CRON): one `series.tier` message per connection
 * that is not being deleted, so the work spreads over the queue's consumers; each connection's
 * units then chain until its retention and archive are done. Answers the connections queued.
 */
export async function scheduleTiering(env: Env): Promise<number> {
  const db = controlDatabase(env);
  let after = "";
  let queued = 0;
  for (;;) {
    const page = await db
      .select({ id: connections.id })
      .from(connections)
      .where(and(gt(connections.id, after), notInArray(connections.status, ["deleting", "deleted"])))
      .orderBy(asc(connections.id))
      .limit(CONNECTIONS_PER_PAGE);
    for (let start = 0; start < page.length; start += MESSAGES_PER_SEND) {
      const messages = page
        .slice(start, start + MESSAGES_PER_SEND)
        .map((row): { body: SeriesTierMessage } => ({ body: { type: "series.tier", connectionId: row.id } }));
      await env.SYNC_QUEUE.sendBatch(messages);
    }
    queued += page.length;
    if (page.length < CONNECTIONS_PER_PAGE) return queued;
    after = page.at(-1)!.id;
  }
}
