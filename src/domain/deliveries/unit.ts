import { eq, sql } from "drizzle-orm";
import { createDatabase } from "../../db/client";
import { type DeliveryPosition, type DeliveryRow, destinationDeliveries, destinations } from "../../db/schema";
import type { Env } from "../../env";
import { commitWithEvents } from "../../webhooks/outbox";
import { deliveryEvent } from "./events";
import { finishDelivery } from "./finish";
import type { DeliveryMessage } from "./messages";
import { sendUnit } from "./request";
import { stepsOf } from "./steps";
import { openTarget } from "./targets/open";
import { writePart } from "./write-part";

/**
 * Does one unit of a delivery, if the message is the delivery's current one: marks it started on
 * its first unit, writes one part (or, after the last step, the end), then moves its position on
 * and queues the next unit. Only a message at the stored position does anything, and the position
 * moves only from where it was (a compare-and-set), so a duplicate or a stale retry is dropped and
 * a redelivered message redoes its own part (same object name, same part row). A delivery whose
 * destination was deleted stops. Throws for the queue to retry (target.ts: DeliveryTargetError).
 */
export async function processDeliveryUnit(env: Env, message: DeliveryMessage): Promise<void> {
  const db = createDatabase(env.DB);
  const [stored] = await db
    .select()
    .from(destinationDeliveries)
    .where(eq(destinationDeliveries.id, message.deliveryId));
  if (!stored || stored.status === "completed" || stored.status === "failed") return;
  if (stored.position.step !== message.step || stored.position.part !== message.part) return;
  const [destination] = await db.select().from(destinations).where(eq(destinations.id, stored.destinationId));
  if (!destination) return;
  const delivery = stored.status === "requested" ? await markStarted(env, destination, stored) : stored;
  const steps = stepsOf(delivery);
  const target = await openTarget(env, destination);
  const step = steps[message.step];
  if (!step) {
    await finishDelivery(env, destination, delivery, steps, target);
    return;
  }
  const outcome = await writePart(env, {
    destination,
    delivery,
    step,
    stepIndex: message.step,
    part: message.part,
    cursor: delivery.position.cursor,
    target,
  });
  const next: DeliveryPosition =
    outcome.next === undefined
      ? { step: message.step + 1, part: 1 }
      : { step: message.step, part: message.part + 1, cursor: outcome.next };
  const moved = await db.run(
    sql`UPDATE destination_deliveries SET position = ${JSON.stringify(next)}, updated_at = ${Date.now()}
      WHERE id = ${delivery.id} AND status = 'in_progress'
        AND json_extract(position, '$.step') = ${message.step} AND json_extract(position, '$.part') = ${message.part}`,
  );
  if (moved.meta.changes === 1) await sendUnit(env, { deliveryId: delivery.id, step: next.step, part: next.part });
}

/** The delivery `in_progress` from its first unit, with `delivery.started` in the same write. */
async function markStarted(env: Env, destination: typeof destinations.$inferSelect, delivery: DeliveryRow) {
  const now = new Date();
  const started: DeliveryRow = { ...delivery, status: "in_progress", startedAt: now, updatedAt: now };
  await commitWithEvents(
    env,
    [
      sql`UPDATE destination_deliveries SET status = 'in_progress', started_at = ${now.getTime()}, updated_at = ${now.getTime()}
        WHERE id = ${delivery.id} AND status = 'requested'`,
    ],
    [
      deliveryEvent("delivery.started", destination, started, {
        now,
        when: sql`EXISTS (SELECT 1 FROM destination_deliveries WHERE id = ${delivery.id} AND started_at = ${now.getTime()})`,
      }),
    ],
  );
  return started;
}
