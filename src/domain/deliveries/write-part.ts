import { and, eq, sql } from "drizzle-orm";
import { deliveryOverlapMs } from "../../config";
import { createDatabase } from "../../db/client";
import { connectionD1, connectionDatabase } from "../../db/databases";
import { connections, type DeliveryRow, type DestinationRow, destinationWatermarks } from "../../db/schema";
import type { Env } from "../../env";
import { FAMILIES } from "../../families";
import type { DeliverySource } from "../../families/kit/delivery";
import { gzip } from "../../timeseries/gzip";
import { syncModelOf } from "../destinations/models";
import type { DeliveryStep } from "./steps";
import type { DeliveryTarget } from "./targets/target";

/** Records in one part (one object, or one run of stream records): a unit stays a short piece of work. */
export const RECORDS_PER_PART = 1000;

/**
 * The records of a part of a family: RECORDS_PER_PART, or DELIVERY_PART_RECORDS (tests make parts
 * small to have many), times the family's scale (its records' size: a part's bytes stay bounded).
 */
function recordsPerPart(env: Env, source: DeliverySource): number {
  const value = Number(env.DELIVERY_PART_RECORDS);
  const records = Number.isInteger(value) && value > 0 ? Math.min(value, RECORDS_PER_PART) : RECORDS_PER_PART;
  return records * source.partScale;
}

export type PartSpec = {
  destination: DestinationRow;
  delivery: DeliveryRow;
  step: DeliveryStep;
  stepIndex: number;
  part: number;
  cursor: string | undefined;
  target: DeliveryTarget;
};

/** What a part wrote, and the cursor of the step's next part (absent: the step is done). */
export type PartOutcome = { next?: string };

/**
 * Writes one part of a step: the connection's records of the model modified since its watermark
 * (less the overlap) and up to the delivery's `upTo`, at most a part's worth of them from the cursor, exactly as
 * the API answers them. Objects are gzip NDJSON at a name fixed by the delivery, step and part (a
 * retried unit rewrites the same object); stream records carry an idempotency id per record
 * version. The part's row (its key, records, bytes, checksum) is written after it, so that the
 * manifest lists only parts that exist. A connection deleted meanwhile has nothing more delivered.
 */
export async function writePart(env: Env, spec: PartSpec): Promise<PartOutcome> {
  const { delivery, step } = spec;
  const db = createDatabase(env.DB);
  const [connection] = await db.select().from(connections).where(eq(connections.id, step.connectionId)).limit(1);
  if (!connection || connection.status === "deleting" || connection.status === "deleted") return {};
  const [watermark] = await db
    .select({ deliveredUpTo: destinationWatermarks.deliveredUpTo })
    .from(destinationWatermarks)
    .where(
      and(
        eq(destinationWatermarks.destinationId, delivery.destinationId),
        eq(destinationWatermarks.connectionId, step.connectionId),
        eq(destinationWatermarks.model, step.model),
      ),
    );
  const source = FAMILIES[syncModelOf(step.model)].delivery;
  if (!source) throw new Error(`${step.model} has no delivery source`);
  const context = {
    db: connectionDatabase(env, connection),
    d1: connectionD1(env, connection),
    archive: env.SERIES_ARCHIVE,
    connection: { id: connection.id, provider: connection.provider },
  };
  const page = await source.read(context, {
    // From the watermark less the overlap (records committed after the last delivery read them),
    // or from the beginning; up to and including upTo (modification times are whole milliseconds).
    from: new Date(watermark ? Math.max(0, watermark.deliveredUpTo.getTime() - deliveryOverlapMs(env)) + 1 : 0),
    to: new Date(delivery.upTo.getTime() + 1),
    ...(spec.cursor === undefined ? {} : { cursor: spec.cursor }),
    limit: recordsPerPart(env, source),
    raw: spec.destination.includeRaw,
    secret: env.ENCRYPTION_KEY,
  });
  if (page.records.length > 0) await writeRecords(env, spec, page.records);
  return page.next === undefined ? {} : { next: page.next };
}

async function writeRecords(env: Env, spec: PartSpec, records: unknown[]): Promise<void> {
  const { delivery, step, target } = spec;
  let key: string | null = null;
  let bytes: number;
  let checksum: string | null = null;
  if (target.kind === "objects") {
    const body = await gzip(new TextEncoder().encode(records.map((record) => `${JSON.stringify(record)}\n`).join("")));
    key = target.keyOf(`${step.model}/connection=${step.connectionId}/${delivery.id}/part-${spec.part}.ndjson.gz`);
    await target.put(key, body, "application/gzip");
    bytes = body.byteLength;
    checksum = await sha256Hex(body);
  } else {
    const encoded = await Promise.all(
      records.map(async (record) => ({
        partitionKey: step.connectionId,
        data: new TextEncoder().encode(
          JSON.stringify({
            idempotencyId: await versionIdOf(step.model, record),
            deliveryId: delivery.id,
            connectionId: step.connectionId,
            model: step.model,
            record,
          }),
        ),
      })),
    );
    await target.putRecords(encoded);
    bytes = encoded.reduce((sum, item) => sum + item.data.byteLength, 0);
  }
  await createDatabase(env.DB).run(
    sql`INSERT INTO delivery_parts (delivery_id, step, part, connection_id, model, key, records, bytes, sha256, written_at)
      VALUES (${delivery.id}, ${spec.stepIndex}, ${spec.part}, ${step.connectionId}, ${step.model}, ${key}, ${records.length}, ${bytes}, ${checksum}, ${Date.now()})
      ON CONFLICT (delivery_id, step, part) DO UPDATE SET key = excluded.key, records = excluded.records,
        bytes = excluded.bytes, sha256 = excluded.sha256, written_at = excluded.written_at`,
  );
}

/**
 * The id of one version of a record: the same record unchanged gives the same id in any delivery,
 * so a stream consumer drops repeats; a new version (a new modification time) gets a new one. A
 * record without an id and a modification time of its own (a latest location, a vehicle-day, a
 * summary) is versioned by its content.
 */
async function versionIdOf(model: string, record: unknown): Promise<string> {
  const { id, metadata } = record as { id?: unknown; metadata?: { modifiedAt?: unknown } };
  if (typeof id === "string" && typeof metadata?.modifiedAt === "string")
    return `${model}:${id}:${metadata.modifiedAt}`;
  return `${model}:${await sha256Hex(new TextEncoder().encode(JSON.stringify(record)))}`;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
