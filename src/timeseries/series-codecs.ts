import { decodeLocations, encodeLocations, type LocationSample } from "./location-codec";
import { sameLocation, sameStat } from "./merge";
import { decodeStats, encodeStats, type StatSample } from "./stat-codec";
import type { SeriesCodec } from "./store";

/** The series name of breadcrumbs; stat logs are stored under their stat type. */
export const LOCATION_SERIES = "location";

export const locationCodec: SeriesCodec<LocationSample> = {
  encode: encodeLocations,
  decode: decodeLocations,
  same: sameLocation,
};

export const statCodec: SeriesCodec<StatSample> = { encode: encodeStats, decode: decodeStats, same: sameStat };
