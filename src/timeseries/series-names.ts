import { VEHICLE_STAT_TYPES } from "../model/normalized";
import { LOCATION_SERIES, locationCodec, statCodec } from "./series-codecs";
import type { Sample, SeriesCodec } from "./store";

/** Every series a vehicle may have: its breadcrumbs and one per stat type. */
export const ALL_SERIES: readonly string[] = [LOCATION_SERIES, ...VEHICLE_STAT_TYPES];

/** The codec of a series' rows. */
export function codecOfSeries(series: string): SeriesCodec<Sample> {
  return (series === LOCATION_SERIES ? locationCodec : statCodec) as unknown as SeriesCodec<Sample>;
}
