import { type SQL, sql } from "drizzle-orm";
import { queryBatch } from "../../db/raw";
import { recordId } from "../../lib/record-ids";
import type { NormalizedFaultBatch, NormalizedFaultObservation, RawEntry } from "../../model/normalized";
import { vehicleVisible } from "../kit/visibility";
import { type Item, jsonOrNull, type WriteContext, writeRecords } from "../kit/write";
import { type FaultOccurrence, faultKey, foldOccurrences } from "./occurrences";

const COLUMNS = [
  "vehicle_id",
  "fault_key",
  "status",
  "protocol",
  "code",
  "description",
  "first_observed_at",
  "observed_at",
  "mil_status",
  "j1939",
];

/** A stored occurrence older than this, once closed, cannot be met again by a page read again. */
const REREAD_MARGIN_MS = 31 * 86_400_000;

/**
 * Writes a page of fault observations as occurrences (fault code events). Observations with
 * the provider's own occurrence id are the occurrence as the provider has it now. The others
 * join the stored occurrences of their faults (occurrences.ts), read first: the syncs of a
 * connection run one at a time, so nothing changes them between the read and the write.
 */
export async function writeFaultCodeEvents(context: WriteContext, items: Item<NormalizedFaultBatch>[]): Promise<SQL[]> {
  const identified = items.flatMap(({ normalized, payload }) =>
    normalized.observations
      .filter((observation) => observation.occurrenceSourceId)
      .map((observation) => providerOccurrence(normalized.vehicleSourceId, observation, payload)),
  );
  const joins = items.some(
    ({ normalized }) =>
      normalized.activeSets?.length || normalized.observations.some((observation) => !observation.occurrenceSourceId),
  );
  const joined = joins ? foldOccurrences(items, await storedOccurrences(context, items)) : [];
  const occurrences = [...identified, ...joined];
  const target = {
    table: "fault_code_events",
    kind: "faultCodeEvent",
    columns: COLUMNS,
    idTime: (occurrence: FaultOccurrence) => occurrence.firstObservedAt,
    storedWhen: vehicleVisible(context.connection.id),
  } as const;
  return writeRecords(
    context,
    target,
    occurrences.map((occurrence) => ({ normalized: occurrence, payload: occurrence.payload })),
    async (occurrence) => {
      const { observation } = occurrence;
      return [
        await recordId(context.connection, "vehicle", occurrence.vehicleSourceId),
        occurrence.faultKey,
        occurrence.status,
        observation.protocol,
        observation.code,
        observation.description ?? null,
        occurrence.firstObservedAt,
        occurrence.observedAt,
        observation.milStatus ?? null,
        jsonOrNull(observation.j1939),
      ];
    },
  );
}

function providerOccurrence(
  vehicle: string,
  observation: NormalizedFaultObservation,
  payload: unknown,
): FaultOccurrence {
  const observedAt = Date.parse(observation.observedAt);
  return {
    sourceId: observation.occurrenceSourceId!,
    vehicleSourceId: vehicle,
    faultKey: faultKey(observation),
    status: observation.status,
    firstObservedAt: observation.firstObservedAt ? Date.parse(observation.firstObservedAt) : observedAt,
    observedAt,
    observation,
    payload: observation.raw ?? payload,
  };
}

type StoredRow = {
  source_id: string;
  vehicle_source_id: string;
  fault_key: string;
  status: FaultOccurrence["status"];
  first_observed_at: number;
  observed_at: number;
  protocol: NormalizedFaultObservation["protocol"];
  code: string;
  description: string | null;
  mil_status: "on" | "off" | null;
  j1939: string | null;
  raw: string;
};

/** The stored occurrences of the page's vehicles an observation may join or an active set may close. */
async function storedOccurrences(
  context: WriteContext,
  items: Item<NormalizedFaultBatch>[],
): Promise<FaultOccurrence[]> {
  const vehicles = [...new Set(items.map((item) => item.normalized.vehicleSourceId))];
  const times = items.flatMap(({ normalized }) => [
    ...normalized.observations.map((observation) => Date.parse(observation.observedAt)),
    ...(normalized.activeSets ?? []).map(Date.parse),
  ]);
  const since = Math.min(...times) - REREAD_MARGIN_MS;
  const [rows] = await queryBatch<[StoredRow]>(context.d1, [
    sql`SELECT f.source_id, v.source_id AS vehicle_source_id, f.fault_key, f.status, f.first_observed_at,
          f.observed_at, f.protocol, f.code, f.description, f.mil_status, f.j1939, f.raw
        FROM fault_code_events f JOIN vehicles v ON v.id = f.vehicle_id AND v.connection_id = f.connection_id
        WHERE f.connection_id = ${context.connection.id}
          AND v.source_id IN (SELECT value FROM json_each(${JSON.stringify(vehicles)}))
          AND (f.status != 'closed' OR f.observed_at >= ${since})`,
  ]);
  return rows.map((row) => ({
    sourceId: row.source_id,
    vehicleSourceId: row.vehicle_source_id,
    faultKey: row.fault_key,
    status: row.status,
    firstObservedAt: row.first_observed_at,
    observedAt: row.observed_at,
    observation: {
      protocol: row.protocol,
      code: row.code,
      status: row.status,
      observedAt: new Date(row.observed_at).toISOString(),
      ...(row.description === null ? {} : { description: row.description }),
      ...(row.mil_status === null ? {} : { milStatus: row.mil_status }),
      ...(row.j1939 === null ? {} : { j1939: JSON.parse(row.j1939) }),
    },
    payload: (JSON.parse(row.raw) as RawEntry).data,
  }));
}
