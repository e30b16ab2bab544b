import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { ServiceContext } from "../../context";
import {
  connections,
  type DeliveryRow,
  type DeliveryTrigger,
  type DestinationRow,
  destinationDeliveries,
} from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import { DomainError } from "../../errors";
import { newId } from "../../lib/ids";
import { commitWithEvents } from "../../webhooks/outbox";
import { deliveryEvent } from "./events";
import type { DeliveryMessage } from "./messages";

const RUNNING = ["requested", "in_progress"] as const;

/**
 * Requests a delivery of a destination: the changed records of its models, of the connections it
 * covers (or of `connectionIds` among them), modified up to now (and, for each connection and model,
 * since its watermark less the overlap: config.ts deliveryOverlapMs). One delivery of a
 * destination runs at a time: another one requested while it runs is a conflict. The row, its
 * `delivery.requested` event and the first unit's queue message go together (the message is sent
 * after the write; the recovery sweep sends it again if it was lost).
 */
export async function requestDelivery(
  context: ServiceContext,
  destination: DestinationRow,
  request: {
    trigger: DeliveryTrigger;
    connectionIds?: readonly string[] | undefined;
    /** Leave out the listed connections gone since (a schedule's), instead of refusing the request. */
    skipGone?: boolean;
  },
): Promise<DeliveryRow> {
  const { db, env } = context;
  const covered = await coveredConnections(context, destination, request.connectionIds, request.skipGone ?? false);
  const now = new Date();
  const delivery: DeliveryRow = {
    id: newId("delivery", now.getTime()),
    destinationId: destination.id,
    applicationId: destination.applicationId,
    environment: destination.environment,
    status: "requested",
    trigger: request.trigger,
    connectionIds: covered,
    models: [...destination.models],
    upTo: now,
    position: { step: 0, part: 1 },
    stats: { records: 0, parts: 0, bytes: 0 },
    attempts: 0,
    failureReason: null,
    requestedAt: now,
    startedAt: null,
    completedAt: null,
    failedAt: null,
    updatedAt: now,
  };
  // Inserted only when no other delivery of the destination runs (one statement, so two requests
  // at once cannot both insert).
  const [inserted] = await commitWithEvents(
    env,
    [
      sql`INSERT INTO destination_deliveries (id, destination_id, application_id, environment, status, "trigger", connection_ids, models, up_to, position, stats, attempts, requested_at, updated_at)
        SELECT ${delivery.id}, ${delivery.destinationId}, ${delivery.applicationId}, ${delivery.environment}, 'requested', ${delivery.trigger},
          ${JSON.stringify(delivery.connectionIds)}, ${JSON.stringify(delivery.models)}, ${delivery.upTo.getTime()},
          ${JSON.stringify(delivery.position)}, ${JSON.stringify(delivery.stats)}, 0, ${now.getTime()}, ${now.getTime()}
        WHERE NOT EXISTS (SELECT 1 FROM destination_deliveries WHERE destination_id = ${destination.id} AND status IN ('requested', 'in_progress'))`,
    ],
    [
      deliveryEvent("delivery.requested", destination, delivery, {
        now,
        when: sql`EXISTS (SELECT 1 FROM destination_deliveries WHERE id = ${delivery.id})`,
      }),
    ],
  );
  if (inserted?.meta.changes !== 1) {
    const [running] = await db
      .select({ id: destinationDeliveries.id })
      .from(destinationDeliveries)
      .where(
        and(eq(destinationDeliveries.destinationId, destination.id), inArray(destinationDeliveries.status, RUNNING)),
      )
      .limit(1);
    throw new DomainError(
      "conflict",
      `A delivery of this destination is under way (${running?.id ?? "another"}); request the next one when it has ended.`,
    );
  }
  await sendUnit(env, { deliveryId: delivery.id, step: 0, part: 1 });
  return delivery;
}

/** Queues a delivery's unit; a lost send is repeated by the recovery sweep (recover.ts). */
export async function sendUnit(env: ServiceContext["env"], message: DeliveryMessage, delaySeconds = 0) {
  await env.DELIVERY_QUEUE.send(message, delaySeconds > 0 ? { delaySeconds } : {});
}

/** The connections a delivery covers: the destination's (all of the tenant's, or its list), less deleted ones. */
async function coveredConnections(
  context: ServiceContext,
  destination: DestinationRow,
  asked: readonly string[] | undefined,
  skipGone: boolean,
): Promise<string[]> {
  const named = asked ?? destination.connectionIds ?? undefined;
  if (asked && destination.connectionIds) {
    const outside = asked.findIndex((id) => !destination.connectionIds?.includes(id));
    if (outside >= 0) {
      throw new DomainError("invalid_input", "The destination does not cover this connection.", [
        {
          message: `\`${asked[outside]}\` is not one of the destination's connections.`,
          path: `{requestBody}.connectionIds[${outside}]`,
        },
      ]);
    }
  }
  const rows = await context.db
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        ...ofTenant(connections, destination),
        notInArray(connections.status, ["pending_deletion", "deleting", "deleted"]),
      ),
    );
  // The tenant's connections, narrowed here: a list of up to 1,000 ids would pass D1's bound-parameter limit.
  const wanted = named ? new Set(named) : undefined;
  const found = new Set(rows.map((row) => row.id).filter((id) => !wanted || wanted.has(id)));
  if (asked && !skipGone) {
    const missing = asked.findIndex((id) => !found.has(id));
    if (missing >= 0) {
      throw new DomainError("invalid_input", "No such connection in this application and environment.", [
        { message: `No connection \`${asked[missing]}\` to deliver.`, path: `{requestBody}.connectionIds[${missing}]` },
      ]);
    }
  }
  return [...found].sort();
}
