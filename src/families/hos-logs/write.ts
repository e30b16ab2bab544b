import type { SQL } from "drizzle-orm";
import { recordId } from "../../lib/record-ids";
import type { NormalizedHosLog } from "../../model/normalized";
import { vehicleAndDriverVisible } from "../kit/visibility";
import { type Item, jsonOrNull, toMs, type WriteContext, writeRecords } from "../kit/write";

const COLUMNS = ["status", "driver_id", "vehicle_id", "codriver_ids", "location", "remarks", "started_at", "ended_at"];

/**
 * Writes a page of duty-status logs. Their ids take the log's start as their time part, so the
 * id order (the list's keyset) is the start order. A log read again once it has ended (a sync
 * window reads the logs that overlap it) updates its end. Logs of hidden (or deleted) drivers
 * or vehicles are not ingested, which the write statement checks itself.
 */
export async function writeHosLogs(context: WriteContext, items: Item<NormalizedHosLog>[]): Promise<SQL[]> {
  if (!items.length) return [];
  const { connection } = context;
  const target = {
    table: "hos_logs",
    kind: "hosLog",
    columns: COLUMNS,
    idTime: (log: NormalizedHosLog) => Date.parse(log.startedAt),
    storedWhen: vehicleAndDriverVisible(connection.id),
  } as const;
  const driverId = (sourceId: string) => recordId(connection, "driver", sourceId);
  return writeRecords(context, target, items, async (log) => [
    log.status,
    await driverId(log.driverSourceId),
    log.vehicleSourceId ? await recordId(connection, "vehicle", log.vehicleSourceId) : null,
    log.codriverSourceIds?.length ? JSON.stringify(await Promise.all(log.codriverSourceIds.map(driverId))) : null,
    jsonOrNull(log.location),
    jsonOrNull(log.remarks?.length ? log.remarks : undefined),
    toMs(log.startedAt),
    toMs(log.endedAt),
  ]);
}
