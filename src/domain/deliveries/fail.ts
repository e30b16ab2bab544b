import { eq, sql } from "drizzle-orm";
import { createDatabase } from "../../db/client";
import { type DeliveryRow, destinationDeliveries, destinations } from "../../db/schema";
import type { Env } from "../../env";
import { commitWithEvents } from "../../webhooks/outbox";
import { deliveryEvent } from "./events";

/**
 * A delivery that cannot go on (the destination refused a write, or a unit failed every retry):
 * `failed` with the reason and `delivery.failed`, in one write. Its watermarks stay where they were,
 * so the next delivery carries everything this one did not finish. Parts it wrote stay (no manifest
 * lists them).
 */
export async function failDelivery(env: Env, deliveryId: string, reason: string): Promise<void> {
  const db = createDatabase(env.DB);
  const [delivery] = await db.select().from(destinationDeliveries).where(eq(destinationDeliveries.id, deliveryId));
  if (!delivery || delivery.status === "completed" || delivery.status === "failed") return;
  const [destination] = await db.select().from(destinations).where(eq(destinations.id, delivery.destinationId));
  if (!destination) return;
  const now = new Date();
  const failureReason = reason.slice(0, 500);
  const failed: DeliveryRow = { ...delivery, status: "failed", failureReason, failedAt: now, updatedAt: now };
  await commitWithEvents(
    env,
    [
      sql`UPDATE destination_deliveries SET status = 'failed', failure_reason = ${failureReason}, failed_at = ${now.getTime()}, updated_at = ${now.getTime()}
        WHERE id = ${deliveryId} AND status IN ('requested', 'in_progress')`,
    ],
    [
      deliveryEvent("delivery.failed", destination, failed, {
        now,
        when: sql`EXISTS (SELECT 1 FROM destination_deliveries WHERE id = ${deliveryId} AND status = 'failed' AND failed_at = ${now.getTime()})`,
      }),
    ],
  );
}
