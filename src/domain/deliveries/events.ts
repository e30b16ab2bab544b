import type { SQL } from "drizzle-orm";
import type { DeliveryRow, DestinationRow } from "../../db/schema";
import { type EventWrite, eventWrite } from "../../webhooks/outbox";

type DeliveryEventType = "delivery.requested" | "delivery.started" | "delivery.completed" | "delivery.failed";

/**
 * A delivery's status webhook (data-families.md): `{ destination: { id, type }, delivery: { id,
 * status, trigger, connectionIds, requestedAt, startedAt, completedAt | failedAt } }`, written in
 * the batch of the change it announces (`when`: only if that change applied).
 */
export function deliveryEvent(
  type: DeliveryEventType,
  destination: Pick<DestinationRow, "id" | "type">,
  delivery: DeliveryRow,
  options: { now: Date; when?: SQL },
): EventWrite {
  return eventWrite(
    { applicationId: delivery.applicationId, environment: delivery.environment },
    {
      type,
      detail: {
        destination: { id: destination.id, type: destination.type },
        delivery: {
          id: delivery.id,
          status: delivery.status,
          trigger: delivery.trigger,
          connectionIds: delivery.connectionIds,
          requestedAt: delivery.requestedAt.toISOString(),
          ...(delivery.startedAt ? { startedAt: delivery.startedAt.toISOString() } : {}),
          ...(delivery.completedAt ? { completedAt: delivery.completedAt.toISOString() } : {}),
          ...(delivery.failedAt ? { failedAt: delivery.failedAt.toISOString() } : {}),
          ...(delivery.failureReason ? { failureReason: delivery.failureReason } : {}),
        },
      },
    },
    options,
  );
}
