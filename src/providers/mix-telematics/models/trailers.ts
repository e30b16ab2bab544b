import type { NormalizedTrailer } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { MixClient, PROVIDER } from "../client";
import { mixIso } from "../dates";
import { listOf, organisationId } from "../organisation";
import { mixAsset } from "../payloads";
import { present } from "../values";

const SCHEMA = "api/assets/organisation/{organisationId}/trailers";

/** `GET api/assets/organisation/{organisationId}/trailers`: the organisation's trailers, whole (MiX's `Asset` entity). */
export const mixTrailers: ProviderModel<"trailers"> = {
  pace: "api",
  read: async (request: ReadRequest): Promise<ProviderPage> => {
    const client = MixClient.of(request.context, request.credentials);
    const path = `api/assets/organisation/${await organisationId(client, request.connection.id)}/trailers`;
    return { items: listOf(await client.get(path), path), schema: SCHEMA };
  },
  normalize: mapTrailer,
};

/**
 * A trailer asset, read as a vehicle asset is (`Description` its name, `SiteId` its group,
 * `UserState` other than `Active` inactive) plus its `SerialNumber`. MiX's asset names no
 * tractor, so no vehicle.
 */
export function mapTrailer(payload: unknown): NormalizedTrailer {
  const asset = parsePayload(PROVIDER, mixAsset, payload, "trailer");
  const year = Number(asset.Year);
  const plate = asset.RegistrationNumber?.trim();
  const state = asset.UserState?.trim().toLowerCase();
  return {
    sourceId: asset.AssetId,
    status: !state || state === "active" ? "active" : "inactive",
    ...present("name", asset.Description),
    ...present("vin", asset.VinNumber),
    ...present("serialNumber", asset.SerialNumber),
    ...present("make", asset.Make),
    ...present("model", asset.Model),
    ...(Number.isInteger(year) && year >= 1900 && year <= 2100 ? { year } : {}),
    ...(plate ? { licensePlate: { number: plate } } : {}),
    groupSourceIds: asset.SiteId ? [asset.SiteId] : [],
    ...(asset.CreatedDate ? { createdAt: mixIso(PROVIDER, asset.CreatedDate) } : {}),
  };
}
