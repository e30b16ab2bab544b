import type { NormalizedTrailer } from "../../../model/assets";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { type MotiveAsset, motiveAsset } from "../asset-payloads";
import { PROVIDER } from "../client";
import { motiveListing } from "../listing";
import { licence, present, timestamps } from "../values";

/**
 * The fleet's assets (`GET /v1/assets`, providers-families.md 2.7), read as trailers, at the
 * adapter's one conservative pace. Assets are extras: a key that may not read them gets an issue
 * and the sync goes on. Motive does not say which vehicle pulls an asset, so no vehicle is linked.
 */
export const motiveTrailers: ProviderModel<"trailers"> = {
  pace: "api",
  read: motiveListing({ path: "/v1/assets", list: "assets", item: "asset", what: "assets", essential: false }),
  normalize: mapTrailer,
};

export function mapTrailer(payload: unknown): NormalizedTrailer {
  const asset = parsePayload(PROVIDER, motiveAsset, payload, "asset");
  const year = modelYear(asset);
  const plate = licence(asset.license_plate_state, asset.license_plate_number);
  return {
    sourceId: String(asset.id),
    // `deactivated` (as for vehicles and users) and any status Motive may add are not active.
    status: asset.status === "active" ? "active" : "inactive",
    ...present("name", asset.name),
    ...present("vin", asset.vin),
    ...present("make", asset.make),
    ...present("model", asset.model),
    ...(year !== undefined ? { year } : {}),
    ...(plate ? { licensePlate: plate } : {}),
    groupSourceIds: (asset.group_ids ?? []).map(String),
    ...timestamps(asset),
  };
}

/** The model year, documented as text: kept when it is a plausible year. */
function modelYear(asset: MotiveAsset): number | undefined {
  const year = asset.year == null ? Number.NaN : Number.parseInt(String(asset.year), 10);
  return Number.isInteger(year) && year >= 1900 && year <= 2100 ? year : undefined;
}
