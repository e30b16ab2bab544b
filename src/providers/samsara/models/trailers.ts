import type { NormalizedTrailer } from "../../../model/assets";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { samsaraTrailer } from "../asset-payloads";
import { PROVIDER } from "../client";
import { samsaraList } from "../listing";
import { optional, unique } from "../values";

/** `GET /fleet/trailers`, in its own 5 requests/s tier (providers-families.md 1.7). */
export const samsaraTrailers: ProviderModel<"trailers"> = {
  pace: "trailers",
  read: samsaraList("trailers", "samsara.fleet.trailers", "/fleet/trailers"),
  normalize: mapTrailer,
};

/**
 * Samsara trailers have no status (every listed trailer is active), no VIN, make, model or year
 * (those are on the generic assets, which this listing does not read), and a plate without its
 * state. The listing does not say which vehicle pulls a trailer, so none is named.
 */
export function mapTrailer(payload: unknown): NormalizedTrailer {
  const trailer = parsePayload(PROVIDER, samsaraTrailer, payload, "trailer");
  const plate = nonBlank(trailer.licensePlate);
  return {
    sourceId: trailer.id,
    status: "active",
    ...optional("name", nonBlank(trailer.name)),
    ...optional("serialNumber", nonBlank(trailer.trailerSerialNumber)),
    ...(plate ? { licensePlate: { number: plate } } : {}),
    groupSourceIds: unique((trailer.tags ?? []).map((tag) => tag.id)),
  };
}
