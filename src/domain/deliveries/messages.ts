/**
 * One queue message of the deliveries queue: do the unit of this delivery at this position (a
 * step: a connection and model, or the end; and a part of it). The delivery's stored position says
 * which message is current: any other (a duplicate, a stale retry) is dropped.
 */
export type DeliveryMessage = { deliveryId: string; step: number; part: number };

export function isDeliveryMessage(body: unknown): body is DeliveryMessage {
  const message = body as Partial<DeliveryMessage> | null;
  return (
    typeof message === "object" &&
    message !== null &&
    typeof message.deliveryId === "string" &&
    Number.isInteger(message.step) &&
    Number.isInteger(message.part)
  );
}
