import { and, desc, eq, gt, lte } from "drizzle-orm";
import { createDatabase } from "../../db/client";
import { type DestinationRow, destinationDeliveries, destinations, webhookEvents } from "../../db/schema";
import type { Env } from "../../env";
import { DomainError } from "../../errors";
import { ID_PREFIXES } from "../../lib/ids";
import { encodeUlidTime } from "../../lib/record-ids";
import { requestDelivery } from "./request";

const HOUR_MS = 3_600_000;
const PERIOD_MS = { hourly: HOUR_MS, daily: 24 * HOUR_MS } as const;

/** Destinations looked at per run (every minute); the others wait for the next runs. */
const MAX_PER_RUN = 500;

/**
 * Requests the deliveries schedules owe (cron, every minute): an `hourly` or `daily` destination
 * an hour or a day after its last delivery was requested; an `after_sync` one for the connections
 * it covers whose sync completed since its last delivery's `upTo`. A destination with a
 * delivery under way waits for it to end. Answers how many were requested.
 */
export async function scheduleDeliveries(
  env: Env,
  options: { now?: number /** One application's destinations only. */; applicationId?: string } = {},
): Promise<number> {
  const now = options.now ?? Date.now();
  const db = createDatabase(env.DB);
  const rows = await db
    .select()
    .from(destinations)
    .where(options.applicationId === undefined ? undefined : eq(destinations.applicationId, options.applicationId))
    .orderBy(destinations.id)
    .limit(MAX_PER_RUN);
  let requested = 0;
  for (const destination of rows) {
    const [last] = await db
      .select()
      .from(destinationDeliveries)
      .where(eq(destinationDeliveries.destinationId, destination.id))
      .orderBy(desc(destinationDeliveries.id))
      .limit(1);
    if (last && (last.status === "requested" || last.status === "in_progress")) continue;
    const connectionIds = await owedConnections(env, destination, last, now);
    if (connectionIds === undefined) continue;
    try {
      await requestDelivery({ db, env }, destination, {
        trigger: "schedule",
        ...(connectionIds === "all" ? {} : { connectionIds, skipGone: true }),
      });
      requested++;
    } catch (error) {
      // Another request came first (a conflict), or its connections went: the next run looks again.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return requested;
}

/** What a destination's schedule owes now: every connection it covers, some of them, or nothing (undefined). */
async function owedConnections(
  env: Env,
  destination: DestinationRow,
  last: typeof destinationDeliveries.$inferSelect | undefined,
  now: number,
): Promise<"all" | string[] | undefined> {
  if (destination.schedule !== "after_sync") {
    const since = last?.requestedAt.getTime() ?? destination.createdAt.getTime();
    return now - since >= PERIOD_MS[destination.schedule] ? "all" : undefined;
  }
  const since = last?.upTo.getTime() ?? destination.createdAt.getTime();
  // Event ids are ULIDs: the first one minted after `since` bounds the index walk.
  const completed = await createDatabase(env.DB)
    .selectDistinct({ connectionId: webhookEvents.connectionId })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.applicationId, destination.applicationId),
        eq(webhookEvents.environment, destination.environment),
        gt(webhookEvents.id, `${ID_PREFIXES.webhookEvent}${encodeUlidTime(since)}`),
        eq(webhookEvents.type, "sync.completed"),
        gt(webhookEvents.createdAt, new Date(since)),
        lte(webhookEvents.createdAt, new Date(now)),
      ),
    );
  const covered = completed
    .map((row) => row.connectionId)
    .filter(
      (id): id is string => id !== null && (!destination.connectionIds || destination.connectionIds.includes(id)),
    );
  return covered.length > 0 ? covered.sort() : undefined;
}
