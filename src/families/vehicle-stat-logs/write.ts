import type { SQL } from "drizzle-orm";
import { recordId } from "../../lib/record-ids";
import { round2 } from "../../lib/units";
import type { NormalizedStatBatch } from "../../model/normalized";
import { statCodec } from "../../timeseries/series-codecs";
import type { StatSample } from "../../timeseries/stat-codec";
import { mergeSeries, type SeriesWrite } from "../../timeseries/store";
import type { Item, WriteContext } from "../kit/write";

/**
 * Writes a page of stat readings into the vehicles' hourly series rows, one series per stat
 * type (timeseries/store.ts): merged by time, numbers rounded to 2 decimals as the API answers them.
 */
export async function writeVehicleStatLogs(context: WriteContext, items: Item<NormalizedStatBatch>[]): Promise<SQL[]> {
  const { connection } = context;
  const writes: SeriesWrite<StatSample>[] = [];
  for (const { normalized, payload } of items) {
    const vehicleId = await recordId(connection, "vehicle", normalized.vehicleSourceId);
    const byType = new Map<string, SeriesWrite<StatSample>>();
    for (const point of normalized.points) {
      const t = Date.parse(point.timestamp);
      if (!Number.isFinite(t)) continue;
      let write = byType.get(point.type);
      if (!write) {
        write = { vehicleId, series: point.type, points: [] };
        byType.set(point.type, write);
        writes.push(write);
      }
      const value = typeof point.value === "number" ? round2(point.value) : point.value;
      write.points.push({
        sample: { t, value, modifiedAt: context.now },
        raw: { t, schema: context.schema, extractedAt: context.now, data: point.raw ?? payload, series: point.type },
      });
    }
  }
  return mergeSeries(context.d1, connection.id, () => statCodec, writes);
}
