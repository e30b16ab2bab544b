import { sql } from "drizzle-orm";
import { createDatabase } from "../../db/client";
import type { DeliveryRow, DestinationRow } from "../../db/schema";
import type { Env } from "../../env";
import { commitWithEvents } from "../../webhooks/outbox";
import { deliveryEvent } from "./events";
import { manifestOf } from "./manifest";
import type { DeliveryStep } from "./steps";
import type { DeliveryTarget } from "./targets/target";

/**
 * The end of a delivery: for object storage, the manifest (every part with its full key, model,
 * connection, record count, bytes and checksum) written last, so that a reader trusts only the
 * parts a manifest lists; then, in one write, the delivery `completed` with its figures, each of
 * its connections' and models' watermark moved to its `upTo` (a connection deleted meanwhile gets
 * none), and `delivery.completed`.
 */
export async function finishDelivery(
  env: Env,
  destination: DestinationRow,
  delivery: DeliveryRow,
  steps: readonly DeliveryStep[],
  target: DeliveryTarget,
): Promise<void> {
  const db = createDatabase(env.DB);
  const manifest = await manifestOf(db, destination, delivery);
  const stats = {
    records: manifest.records,
    parts: manifest.parts.length,
    bytes: manifest.parts.reduce((sum, part) => sum + part.bytes, 0),
  };
  if (target.kind === "objects") {
    const body = new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`);
    await target.put(target.keyOf(`manifests/${delivery.id}.json`), body, "application/json");
  }
  const now = new Date();
  const completed: DeliveryRow = { ...delivery, status: "completed", stats, completedAt: now, updatedAt: now };
  const applied = sql`EXISTS (SELECT 1 FROM destination_deliveries WHERE id = ${delivery.id} AND status = 'completed' AND completed_at = ${now.getTime()})`;
  const upTo = delivery.upTo.getTime();
  await commitWithEvents(
    env,
    [
      sql`UPDATE destination_deliveries SET status = 'completed', stats = ${JSON.stringify(stats)}, completed_at = ${now.getTime()}, updated_at = ${now.getTime()}
        WHERE id = ${delivery.id} AND status = 'in_progress'`,
      ...steps.map(
        (step) =>
          sql`INSERT INTO destination_watermarks (destination_id, connection_id, model, delivered_up_to, delivery_id)
            SELECT ${destination.id}, ${step.connectionId}, ${step.model}, ${upTo}, ${delivery.id}
            WHERE ${applied} AND EXISTS (SELECT 1 FROM connections WHERE id = ${step.connectionId} AND status NOT IN ('deleting', 'deleted'))
            ON CONFLICT (destination_id, connection_id, model) DO UPDATE SET delivered_up_to = excluded.delivered_up_to, delivery_id = excluded.delivery_id`,
      ),
    ],
    [deliveryEvent("delivery.completed", destination, completed, { now, when: applied })],
  );
}
