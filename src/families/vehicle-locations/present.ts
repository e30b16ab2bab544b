import type { z } from "@hono/zod-openapi";
import { isoTime } from "../../lib/iso-time";
import type { LocationSample } from "../../timeseries/location-codec";
import { pointId } from "../../timeseries/point-ids";
import { rawEntryOf } from "../../timeseries/raw-blob";
import type { ReadPoint } from "../../timeseries/read";
import { round2 } from "../kit/present";
import type { VehicleLocationSchema } from "./schema";

type VehicleLocation = z.infer<typeof VehicleLocationSchema>;

/**
 * A breadcrumb (data-families.md "Vehicle locations"): km/h, degrees, its payload with `raw=true`.
 * Built field by field in the wire order (a page holds up to 1,000 of them: no spread per field).
 */
export function presentVehicleLocation(
  point: ReadPoint<LocationSample>,
  context: { provider: string; vehicleId: string; idRandom: string; raw: boolean },
): VehicleLocation {
  const { sample } = point;
  const location = { id: pointId("vehicleLocation", sample.t, context.idRandom) } as VehicleLocation;
  if (sample.sourceId !== undefined) location.sourceId = sample.sourceId;
  location.provider = context.provider;
  location.vehicle = context.vehicleId;
  if (sample.driver !== undefined) location.driver = sample.driver;
  location.locatedAt = isoTime(sample.t);
  location.location = { latitude: sample.lat, longitude: sample.lng };
  if (sample.address !== undefined) location.address = { formatted: sample.address };
  if (sample.heading !== undefined) location.heading = round2(sample.heading);
  if (sample.speed !== undefined) location.speed = round2(sample.speed);
  location.metadata = { modifiedAt: isoTime(sample.modifiedAt) };
  if (context.raw && point.raw) location.raw = [rawEntryOf(context.provider, point.raw)] as VehicleLocation["raw"];
  return location;
}
