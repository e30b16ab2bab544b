import type { NormalizedLatestTrailerLocation } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import { KM_PER_MILE, round2 } from "../../kit/units";
import type { ProviderModel } from "../../types";
import { sandboxTrailerLocation } from "../asset-payloads";
import { entityListing, sandboxListing } from "../listing";
import { PROVIDER } from "../payloads";
import { trailerLocation } from "../trailer-positions";

/**
 * `GET /trailers/locations`: each listed trailer where its tracker last reported it at the
 * fleet's clock (trailer-positions.ts), one cell per trailer slot.
 */
export const sandboxLatestTrailerLocations: ProviderModel<"latestTrailerLocations"> = {
  pace: NOT_PACED,
  read: sandboxListing("latestTrailerLocations", (fleet) =>
    entityListing("sandbox.trailers.locations", fleet.trailers.slots, (slot) => {
      const trailer = fleet.presentTrailer(slot);
      return trailer ? [trailerLocation(fleet, trailer)] : [];
    }),
  ),
  normalize: mapTrailerLocation,
};

/** mph → km/h. */
export function mapTrailerLocation(payload: unknown): NormalizedLatestTrailerLocation {
  const location = parsePayload(PROVIDER, sandboxTrailerLocation, payload, "trailer location");
  return {
    trailerSourceId: location.trailerId,
    locatedAt: location.time,
    location: { latitude: location.lat, longitude: location.lng },
    ...(location.nearestCity ? { address: location.nearestCity } : {}),
    heading: location.headingDegrees,
    speed: round2(location.speedMph * KM_PER_MILE),
  };
}
