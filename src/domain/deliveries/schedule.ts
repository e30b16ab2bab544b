import { and, eq, gt, inArray, lte, max } from "drizzle-orm";
import { createDatabase } from "../../db/client";
import {
  type DeliveryRow,
  type DestinationRow,
  destinationDeliveries,
  destinations,
  webhookEvents,
} from "../../db/schema";
import type { Env } from "../../env";
import { DomainError } from "../../errors";
import { ID_PREFIXES } from "../../lib/ids";
import { encodeUlidTime } from "../../lib/record-ids";
import { requestDelivery } from "./request";

const HOUR_MS = 3_600_000;
const PERIOD_MS = { hourly: HOUR_MS, daily: 24 * HOUR_MS } as const;

/** Destinations read at a time (with their last deliveries: one bound parameter each, under D1's 100). */
const PAGE_SIZE = 90;

/**
 * Requests the deliveries schedules owe (cron, every minute): an `hourly` or `daily` destination
 * an hour or a day after its last delivery was requested; an `after_sync` one for the connections
 * it covers whose sync completed since its last delivery's `upTo`. A destination with a
 * delivery under way waits for it to end. Every destination is looked at, a page at a time with
 * the last delivery of each (two reads a page). Answers how many were requested.
 */
export async function scheduleDeliveries(
  env: Env,
  options: { now?: number /** One application's destinations only. */; applicationId?: string } = {},
): Promise<number> {
  const now = options.now ?? Date.now();
  const db = createDatabase(env.DB);
  let requested = 0;
  let after = "";
  for (;;) {
    const page = await db
      .select()
      .from(destinations)
      .where(
        and(
          gt(destinations.id, after),
          options.applicationId === undefined ? undefined : eq(destinations.applicationId, options.applicationId),
        ),
      )
      .orderBy(destinations.id)
      .limit(PAGE_SIZE);
    if (page.length === 0) return requested;
    after = page.at(-1)!.id;
    const last = await lastDeliveries(
      env,
      page.map((destination) => destination.id),
    );
    for (const destination of page) {
      const latest = last.get(destination.id);
      if (latest && (latest.status === "requested" || latest.status === "in_progress")) continue;
      const connectionIds = await owedConnections(env, destination, latest, now);
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
  }
}

/** The last delivery of each destination (ids sort by request time: ULIDs). */
async function lastDeliveries(env: Env, destinationIds: string[]): Promise<Map<string, DeliveryRow>> {
  const db = createDatabase(env.DB);
  const latest = db
    .select({ id: max(destinationDeliveries.id) })
    .from(destinationDeliveries)
    .where(inArray(destinationDeliveries.destinationId, destinationIds))
    .groupBy(destinationDeliveries.destinationId);
  const rows = await db.select().from(destinationDeliveries).where(inArray(destinationDeliveries.id, latest));
  return new Map(rows.map((row) => [row.destinationId, row]));
}

/** What a destination's schedule owes now: every connection it covers, some of them, or nothing (undefined). */
async function owedConnections(
  env: Env,
  destination: DestinationRow,
  last: DeliveryRow | undefined,
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
