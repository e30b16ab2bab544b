import type { z } from "@hono/zod-openapi";
import { isoTime } from "../../lib/iso-time";
import type { VehicleStatType } from "../../model/normalized";
import { pointId } from "../../timeseries/point-ids";
import { rawEntryOf } from "../../timeseries/raw-blob";
import type { ReadPoint } from "../../timeseries/read";
import type { StatSample } from "../../timeseries/stat-codec";
import { presentRaw } from "../kit/present";
import type { VehicleStatLogSchema } from "./schema";
import { STAT_FIELDS } from "./stat-fields";

/** A stat reading (data-families.md "Vehicle stat logs"): its type's one value field, in the type's unit. */
export function presentVehicleStatLog(
  point: ReadPoint<StatSample>,
  context: {
    provider: string;
    vehicle: z.infer<typeof VehicleStatLogSchema>["vehicle"];
    idRandom: string;
    raw: boolean;
  },
): z.infer<typeof VehicleStatLogSchema> {
  const type = point.series as VehicleStatType;
  const { sample } = point;
  return {
    id: pointId("vehicleStatLog", sample.t, context.idRandom),
    type,
    timestamp: isoTime(sample.t),
    vehicle: context.vehicle,
    [STAT_FIELDS[type].field]: sample.value,
    metadata: { modifiedAt: isoTime(sample.modifiedAt) },
    ...presentRaw(context.raw, point.raw ? rawEntryOf(context.provider, point.raw) : null),
  } as z.infer<typeof VehicleStatLogSchema>;
}
