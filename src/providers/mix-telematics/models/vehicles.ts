import type { NormalizedVehicle } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { MixClient, PROVIDER } from "../client";
import { mixIso } from "../dates";
import { listOf, organisationId } from "../organisation";
import { mixAsset } from "../payloads";
import { amount, fuelTypeOf, present } from "../values";

const SCHEMA = "api/assets/group/{organisationId}";

/** `GET api/assets/group/{organisationId}`: the organisation's assets, whole (no paging); trailers left out. */
export const mixVehicles: ProviderModel<"vehicles"> = { pace: "api", read: readVehicles, normalize: mapVehicle };

async function readVehicles(request: ReadRequest): Promise<ProviderPage> {
  const client = MixClient.of(request.context, request.credentials);
  const path = `api/assets/group/${await organisationId(client, request.connection.id)}`;
  const items = listOf(await client.get(path), path).filter(
    (asset) => mixAsset.safeParse(asset).data?.IsConnectedTrailer !== true,
  );
  return { items, schema: SCHEMA };
}

/**
 * An asset: `Description` is its name, `SiteId` its group, `FuelTankCapacity` litres. A
 * `UserState` other than `Active` (MiX's hidden or decommissioned assets) is inactive.
 */
export function mapVehicle(payload: unknown): NormalizedVehicle {
  const asset = parsePayload(PROVIDER, mixAsset, payload, "asset");
  const year = Number(asset.Year);
  const plate = asset.RegistrationNumber?.trim();
  const fuelType = fuelTypeOf(asset.FuelType);
  const state = asset.UserState?.trim().toLowerCase();
  return {
    sourceId: asset.AssetId,
    status: !state || state === "active" ? "active" : "inactive",
    ...present("name", asset.Description),
    ...present("vin", asset.VinNumber),
    ...present("make", asset.Make),
    ...present("model", asset.Model),
    ...(Number.isInteger(year) && year >= 1900 && year <= 2100 ? { year } : {}),
    ...(plate ? { licensePlate: { number: plate } } : {}),
    ...(fuelType ? { fuelType } : {}),
    ...(asset.FuelTankCapacity ? amount("fuelTankCapacity", asset.FuelTankCapacity) : {}),
    groupSourceIds: asset.SiteId ? [asset.SiteId] : [],
    deviceSourceIds: [],
    ...(asset.CreatedDate ? { createdAt: mixIso(PROVIDER, asset.CreatedDate) } : {}),
  };
}
