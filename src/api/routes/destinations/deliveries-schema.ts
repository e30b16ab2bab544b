import { z } from "@hono/zod-openapi";
import { DELIVERY_STATUSES, DELIVERY_TRIGGERS, type DeliveryRow, type DestinationRow } from "../../../db/schema";
import { manifestKeyOf } from "../../../domain/deliveries/manifest";

export const DeliveryParamsSchema = z.object({
  id: z
    .string()
    .regex(/^dst_[0-9A-HJKMNP-TV-Z]{26}$/)
    .openapi({ param: { name: "id", in: "path" }, example: "dst_01HZX5G1Q4V2M8T6W9K3R7N0PB" }),
  deliveryId: z
    .string()
    .regex(/^dlv_[0-9A-HJKMNP-TV-Z]{26}$/)
    .openapi({ param: { name: "deliveryId", in: "path" }, example: "dlv_01HZX5G1Q4V2M8T6W9K3R7N0PB" }),
});

export const RequestDeliveryBodySchema = z
  .strictObject({
    connectionIds: z
      .array(z.string().regex(/^conn_[0-9A-HJKMNP-TV-Z]{26}$/))
      .min(1)
      .max(1000)
      .optional()
      .openapi({ description: "Only these of the destination's connections (default: all it covers)." }),
  })
  .openapi("RequestDeliveryRequest");

export const DeliverySchema = z
  .object({
    id: z.string().openapi({ example: "dlv_01HZX5G1Q4V2M8T6W9K3R7N0PB" }),
    destinationId: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    trigger: z.enum(DELIVERY_TRIGGERS),
    connectionIds: z.array(z.string()),
    models: z.array(z.string()),
    upTo: z.string().openapi({
      description: "Records modified up to this instant (and since the last completed delivery) are delivered.",
    }),
    records: z.number().int(),
    parts: z.number().int(),
    bytes: z.number().int(),
    failureReason: z.string().optional(),
    manifestKey: z.string().optional().openapi({
      description:
        "Object storage: where its manifest is (written last, once every part it lists is written); `GET …/manifest` answers the same list.",
    }),
    requestedAt: z.string(),
    startedAt: z.string().optional(),
    completedAt: z.string().optional(),
    failedAt: z.string().optional(),
  })
  .openapi("Delivery");

export function presentDelivery(
  row: DeliveryRow,
  destination: Pick<DestinationRow, "config">,
): z.infer<typeof DeliverySchema> {
  const manifestKey = manifestKeyOf(destination, row.id);
  return {
    id: row.id,
    destinationId: row.destinationId,
    status: row.status,
    trigger: row.trigger,
    connectionIds: row.connectionIds,
    models: row.models,
    upTo: row.upTo.toISOString(),
    records: row.stats.records,
    parts: row.stats.parts,
    bytes: row.stats.bytes,
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    ...(manifestKey ? { manifestKey } : {}),
    requestedAt: row.requestedAt.toISOString(),
    ...(row.startedAt ? { startedAt: row.startedAt.toISOString() } : {}),
    ...(row.completedAt ? { completedAt: row.completedAt.toISOString() } : {}),
    ...(row.failedAt ? { failedAt: row.failedAt.toISOString() } : {}),
  };
}
