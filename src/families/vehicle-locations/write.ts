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
  const writes = await Promise.all(
    items.map(async ({ normalized, payload }): Promise<SeriesWrite<LocationSample>> => {
      const points = await Promise.all(
        normalized.points.map(async (point) => {
          const t = Date.parse(point.locatedAt);
          const driver = point.driverSourceId ? await recordId(connection, "driver", point.driverSourceId) : undefined;
          // Field by field: a page holds thousands of points.
          const sample: LocationSample = {
            t,
            lat: point.location.latitude,
            lng: point.location.longitude,
            modifiedAt: context.now,
          };
          if (point.heading !== undefined) sample.heading = point.heading;
          if (point.speed !== undefined) sample.speed = point.speed;
          if (driver !== undefined) sample.driver = driver;
          if (point.address !== undefined) sample.address = point.address;
          if (point.sourceId !== undefined) sample.sourceId = point.sourceId;
          return { sample, raw: { t, schema: context.schema, extractedAt: context.now, data: point.raw ?? payload } };
        }),
      );
      return {
        vehicleId: await recordId(connection, "vehicle", normalized.vehicleSourceId),
        series: LOCATION_SERIES,
        points: points.filter((point) => Number.isFinite(point.sample.t)),
      };
    }),
  );
  return mergeSeries(context.d1, connection.id, () => locationCodec, writes);
}
