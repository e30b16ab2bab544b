import { and, inArray, lt } from "drizzle-orm";
import { createDatabase } from "../../db/client";
import { destinationDeliveries } from "../../db/schema";
import type { Env } from "../../env";
import { sendUnit } from "./request";

/**
 * A running delivery whose position has not moved for this long has lost its queue message (a
 * send that failed after the write, a message dropped): the recovery sweep sends it again. Longer
 * than a unit's longest retry wait, so a unit that is only waiting is not sent twice (and a
 * duplicate would be dropped anyway: only the message at the stored position does work).
 */
export const STALLED_DELIVERY_MS = 10 * 60_000;

/** Sends again the current unit of every stalled delivery (cron, every minute); answers how many. */
export async function resendStalledDeliveries(env: Env, now = Date.now()): Promise<number> {
  const stalled = await createDatabase(env.DB)
    .select({ id: destinationDeliveries.id, position: destinationDeliveries.position })
    .from(destinationDeliveries)
    .where(
      and(
        inArray(destinationDeliveries.status, ["requested", "in_progress"]),
        lt(destinationDeliveries.updatedAt, new Date(now - STALLED_DELIVERY_MS)),
      ),
    )
    .limit(100);
  for (const delivery of stalled) {
    await sendUnit(env, { deliveryId: delivery.id, step: delivery.position.step, part: delivery.position.part });
  }
  return stalled.length;
}
