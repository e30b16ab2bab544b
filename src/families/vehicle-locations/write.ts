import type { SQL } from "drizzle-orm";
import { recordId } from "../../lib/record-ids";
import type { NormalizedLocationBatch } from "../../model/normalized";
import type { LocationSample } from "../../timeseries/location-codec";
import { LOCATION_SERIES, locationCodec } from "../../timeseries/series-codecs";
import { mergeSeries, type SeriesWrite } from "../../timeseries/store";
import type { Item, WriteContext } from "../kit/write";

/**
 * Writes a page of breadcrumbs into the vehicles' hourly location rows (timeseries/store.ts):
 * merged by time, so a repeated page stores nothing twice and a corrected point replaces the old.
 */
export async function writeVehicleLocations(
  context: WriteContext,
  items: Item<NormalizedLocationBatch>[],
): Promise<SQL[]> {
  const { connection } = context;
  // A page's drivers are few: each id once, then every point is built without awaiting.
  const driverSourceIds = new Set<string>();
  for (const { normalized } of items)
    for (const point of normalized.points) if (point.driverSourceId) driverSourceIds.add(point.driverSourceId);
  const driverIds = new Map<string, string>();
  for (const sourceId of driverSourceIds) driverIds.set(sourceId, await recordId(connection, "driver", sourceId));
  const writes: SeriesWrite<LocationSample>[] = [];
  for (const { normalized, payload } of items) {
    const points: SeriesWrite<LocationSample>["points"] = [];
    for (const point of normalized.points) {
      const t = Date.parse(point.locatedAt);
      if (!Number.isFinite(t)) continue;
      // Field by field: a page holds thousands of points.
      const sample: LocationSample = {
        t,
        lat: point.location.latitude,
        lng: point.location.longitude,
        modifiedAt: context.now,
      };
      if (point.heading !== undefined) sample.heading = point.heading;
      if (point.speed !== undefined) sample.speed = point.speed;
      if (point.driverSourceId) sample.driver = driverIds.get(point.driverSourceId)!;
      if (point.address !== undefined) sample.address = point.address;
      if (point.sourceId !== undefined) sample.sourceId = point.sourceId;
      points.push({ sample, raw: { t, schema: context.schema, extractedAt: context.now, data: point.raw ?? payload } });
    }
    writes.push({
      vehicleId: await recordId(connection, "vehicle", normalized.vehicleSourceId),
      series: LOCATION_SERIES,
      points,
    });
  }
  return mergeSeries(context.d1, connection.id, () => locationCodec, writes);
}
