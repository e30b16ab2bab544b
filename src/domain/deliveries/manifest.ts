import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type DeliveryRow, type DestinationRow, deliveryParts, destinationDeliveries } from "../../db/schema";
import { DomainError } from "../../errors";

/** Where a delivery's manifest is, under the destination's prefix (object storage only). */
export function manifestKeyOf(destination: Pick<DestinationRow, "config">, deliveryId: string): string | undefined {
  const config = destination.config;
  if (config.type === "kinesis") return undefined;
  return config.prefix ? `${config.prefix}/manifests/${deliveryId}.json` : `manifests/${deliveryId}.json`;
}

export type Manifest = {
  deliveryId: string;
  destinationId: string;
  trigger: DeliveryRow["trigger"];
  requestedAt: string;
  upTo: string;
  connectionIds: string[];
  models: string[];
  records: number;
  parts: {
    key: string | null;
    model: string;
    connectionId: string;
    records: number;
    bytes: number;
    sha256: string | null;
  }[];
};

/**
 * A delivery's manifest, from the parts it recorded as it wrote them: what finish.ts writes last
 * to object storage, and what `GET …/deliveries/{id}/manifest` answers.
 */
export async function manifestOf(db: Database, destination: DestinationRow, delivery: DeliveryRow): Promise<Manifest> {
  const parts = await db
    .select()
    .from(deliveryParts)
    .where(eq(deliveryParts.deliveryId, delivery.id))
    .orderBy(asc(deliveryParts.step), asc(deliveryParts.part));
  return {
    deliveryId: delivery.id,
    destinationId: destination.id,
    trigger: delivery.trigger,
    requestedAt: delivery.requestedAt.toISOString(),
    upTo: delivery.upTo.toISOString(),
    connectionIds: delivery.connectionIds,
    models: delivery.models,
    records: parts.reduce((sum, part) => sum + part.records, 0),
    parts: parts.map((part) => ({
      key: part.key,
      model: part.model,
      connectionId: part.connectionId,
      records: part.records,
      bytes: part.bytes,
      sha256: part.sha256,
    })),
  };
}

/** A delivery of the destination, or not_found (another destination's is not found either). */
export async function findDelivery(db: Database, destination: Pick<DestinationRow, "id">, deliveryId: string) {
  const [row] = await db
    .select()
    .from(destinationDeliveries)
    .where(and(eq(destinationDeliveries.id, deliveryId), eq(destinationDeliveries.destinationId, destination.id)));
  if (!row) throw new DomainError("not_found", "No delivery with this id for this destination.");
  return row;
}
