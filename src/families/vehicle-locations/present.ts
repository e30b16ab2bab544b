import type { z } from "@hono/zod-openapi";
import type { LocationSample } from "../../timeseries/location-codec";
import { pointId } from "../../timeseries/point-ids";
import { rawEntryOf } from "../../timeseries/raw-blob";
import type { ReadPoint } from "../../timeseries/read";
import { optional, presentRaw, round2 } from "../kit/present";
import type { VehicleLocationSchema } from "./schema";

/** A breadcrumb (data-families.md "Vehicle locations"): km/h, degrees, its payload with `raw=true`. */
export function presentVehicleLocation(
  point: ReadPoint<LocationSample>,
  context: { provider: string; vehicleId: string; idRandom: string; raw: boolean },
): z.infer<typeof VehicleLocationSchema> {
  const { sample } = point;
  return {
    id: pointId("vehicleLocation", sample.t, context.idRandom),
    ...optional("sourceId", sample.sourceId),
    provider: context.provider,
    vehicle: context.vehicleId,
    ...optional("driver", sample.driver),
    locatedAt: new Date(sample.t).toISOString(),
    location: { latitude: sample.lat, longitude: sample.lng },
    ...optional("address", sample.address === undefined ? undefined : { formatted: sample.address }),
    ...optional("heading", sample.heading === undefined ? undefined : round2(sample.heading)),
    ...optional("speed", sample.speed === undefined ? undefined : round2(sample.speed)),
    metadata: { modifiedAt: new Date(sample.modifiedAt).toISOString() },
    ...presentRaw(context.raw, point.raw ? rawEntryOf(context.provider, point.raw) : null),
  };
}
