import { and, count, eq, inArray, notInArray } from "drizzle-orm";
import type { ServiceContext, Tenant } from "../../context";
import {
  connections,
  type DeliverySchedule,
  type DestinationRow,
  type DestinationType,
  destinationDeliveries,
  destinations,
  destinationWatermarks,
} from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import { DomainError, invalidInput } from "../../errors";
import { decodedOrThrow } from "../../lib/bad-rows";
import { newId } from "../../lib/ids";
import { requestDelivery } from "../deliveries/request";
import { type ConfigInput, credentialsOf, destinationConfig } from "./config";
import { sealDestinationCredentials } from "./credentials";
import { destinationRows } from "./rows";

/** Destinations an application may have per environment: each runs deliveries of every connection it covers. */
export const MAX_DESTINATIONS = 25;

export type DestinationInput = {
  name: string;
  models: string[];
  connectionIds?: string[] | null | undefined;
  schedule?: DeliverySchedule | undefined;
  includeRaw?: boolean | undefined;
  config?: ConfigInput | undefined;
};

/**
 * Creates a destination: its configuration checked (its type's fields, the endpoint's SSRF
 * policy), the connections it names found in the tenant, its credentials sealed to its id; then
 * its backfill delivery is requested.
 */
export async function createDestination(
  context: ServiceContext,
  tenant: Tenant,
  input: DestinationInput & { type: DestinationType },
): Promise<DestinationRow> {
  const { db, env } = context;
  const config = destinationConfig(env, input.type, input.config ?? {});
  const credentials = credentialsOf(input.config ?? {});
  if (input.type !== "r2" && !credentials) {
    throw invalidInput("An s3 or kinesis destination needs its credentials.", "{requestBody}.config.accessKeyId");
  }
  await checkConnections(context, tenant, input.connectionIds);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(destinations)
    .where(and(...ofTenant(destinations, tenant)));
  if (total >= MAX_DESTINATIONS) {
    throw new DomainError("conflict", `An application has at most ${MAX_DESTINATIONS} destinations per environment.`);
  }
  const now = new Date();
  const id = newId("destination", now.getTime());
  const row: DestinationRow = {
    id,
    ...tenant,
    type: input.type,
    name: input.name,
    models: [...new Set(input.models)],
    connectionIds: input.connectionIds ? [...new Set(input.connectionIds)] : null,
    schedule: input.schedule ?? "after_sync",
    includeRaw: input.includeRaw ?? false,
    config,
    credentialsEncrypted: credentials ? await sealDestinationCredentials(env, id, credentials) : null,
    createdAt: now,
    updatedAt: now,
  };
  await db.insert(destinations).values(row);
  // Its first delivery: everything its models hold for its connections so far.
  await requestDelivery(context, row, { trigger: "backfill" });
  return row;
}

/** Changes what a request gives; its type stays. New credentials replace the old ones whole. */
export async function updateDestination(
  context: ServiceContext,
  existing: DestinationRow,
  input: Partial<DestinationInput>,
): Promise<DestinationRow> {
  const { db, env } = context;
  const { type: _type, ...stored } = existing.config;
  const config = input.config ? destinationConfig(env, existing.type, { ...stored, ...input.config }) : existing.config;
  const credentials = input.config ? credentialsOf(input.config) : undefined;
  if (credentials && existing.type === "r2") {
    throw invalidInput("An r2 destination has no credentials.", "{requestBody}.config.accessKeyId");
  }
  if (input.connectionIds) await checkConnections(context, existing, input.connectionIds);
  const patch: Partial<DestinationRow> & { updatedAt: Date } = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.models === undefined ? {} : { models: [...new Set(input.models)] }),
    ...(input.connectionIds === undefined
      ? {}
      : { connectionIds: input.connectionIds ? [...new Set(input.connectionIds)] : null }),
    ...(input.schedule === undefined ? {} : { schedule: input.schedule }),
    ...(input.includeRaw === undefined ? {} : { includeRaw: input.includeRaw }),
    config,
    ...(credentials ? { credentialsEncrypted: await sealDestinationCredentials(env, existing.id, credentials) } : {}),
    updatedAt: new Date(),
  };
  const [updated] = await db
    .update(destinations)
    .set(patch)
    .where(and(eq(destinations.id, existing.id), ...ofTenant(destinations, existing)))
    .returning();
  if (!updated) throw new DomainError("not_found", "No destination with this id.");
  return updated;
}

/**
 * Deletes a destination with its deliveries and watermarks, in one write. What it delivered stays
 * where it was delivered; a delivery under way stops at its next unit (it finds no destination).
 */
export async function deleteDestination(context: ServiceContext, existing: DestinationRow): Promise<void> {
  const { db } = context;
  await db.batch([
    db.delete(destinationWatermarks).where(eq(destinationWatermarks.destinationId, existing.id)),
    db.delete(destinationDeliveries).where(eq(destinationDeliveries.destinationId, existing.id)),
    db.delete(destinations).where(and(eq(destinations.id, existing.id), ...ofTenant(destinations, existing))),
  ]);
}

/** The tenant's destination with this id, or not_found (another tenant's is not found either). */
export async function findDestination(context: ServiceContext, tenant: Tenant, id: string): Promise<DestinationRow> {
  const [row] = await context.db
    .select(destinationRows.fields)
    .from(destinations)
    .where(and(eq(destinations.id, id), ...ofTenant(destinations, tenant)));
  if (!row) throw new DomainError("not_found", "No destination with this id.");
  return decodedOrThrow("destinations", destinationRows.decode(row));
}

/** Every listed connection is one of the tenant's, not deleted: else a bad request naming the first that is not. */
async function checkConnections(context: ServiceContext, tenant: Tenant, ids: readonly string[] | null | undefined) {
  if (!ids?.length) return;
  const unique = [...new Set(ids)];
  const found = new Set<string>();
  for (let start = 0; start < unique.length; start += 90) {
    const rows = await context.db
      .select({ id: connections.id })
      .from(connections)
      .where(
        and(
          inArray(connections.id, unique.slice(start, start + 90)),
          ...ofTenant(connections, tenant),
          notInArray(connections.status, ["deleting", "deleted"]),
        ),
      );
    for (const row of rows) found.add(row.id);
  }
  const index = ids.findIndex((id) => !found.has(id));
  if (index >= 0) {
    throw invalidInput(
      `No connection \`${ids[index]}\` in this application and environment.`,
      `{requestBody}.connectionIds[${index}]`,
    );
  }
}
