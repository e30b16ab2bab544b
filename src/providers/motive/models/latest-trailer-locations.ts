import type { NormalizedLatestTrailerLocation } from "../../../model/assets";
import { ProviderError } from "../../errors";
import { nonBlank, parsePayload } from "../../kit/parse";
import { KM_PER_MILE } from "../../kit/units";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { motiveAssetLocation } from "../asset-payloads";
import { PROVIDER } from "../client";
import { readLocatedSnapshot } from "../located-snapshot";
import { headingOf } from "../point-readings";
import { iso, round2 } from "../values";

/**
 * Where the fleet's assets are now, `GET /v1/asset_locations` (providers-families.md 2.7): the
 * live snapshot of the assets with an Asset Gateway, page by page, at the adapter's one
 * conservative pace. The payload shape is in asset-payloads.ts (`motiveAssetPoint`).
 */
export const motiveLatestTrailerLocations: ProviderModel<"latestTrailerLocations"> = {
  pace: "api",
  read: readAssetLocations,
  normalize: mapAssetLocation,
};

const SCHEMA = "/v1/asset_locations";

function readAssetLocations(request: ReadRequest): Promise<ProviderPage> {
  return readLocatedSnapshot(request, { path: SCHEMA, list: "assets", item: "asset", what: "Asset locations" });
}

/** An asset's current location: position, address, heading, and speed in km/h. */
export function mapAssetLocation(payload: unknown): NormalizedLatestTrailerLocation {
  const { metric_units: asked, asset } = parsePayload(PROVIDER, motiveAssetLocation, payload, "asset location");
  const point = asset.current_location;
  if (point.lat == null || point.lon == null) {
    throw new ProviderError("malformed", `${PROVIDER}: asset ${asset.id}'s current location has no coordinates.`);
  }
  const metric = asset.metric_units ?? asked;
  const address = nonBlank(point.description);
  const heading = headingOf(point);
  const speed = point.speed == null ? undefined : round2(Math.max(0, metric ? point.speed : point.speed * KM_PER_MILE));
  return {
    trailerSourceId: String(asset.id),
    locatedAt: iso(point.located_at),
    location: { latitude: point.lat, longitude: point.lon },
    ...(address !== undefined ? { address } : {}),
    ...(heading !== undefined ? { heading } : {}),
    ...(speed !== undefined ? { speed } : {}),
  };
}
