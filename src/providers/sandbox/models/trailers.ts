import type { NormalizedTrailer } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { sandboxTrailer } from "../asset-payloads";
import { trailerPayload } from "../fleet-trailers";
import { entityListing, sandboxListing } from "../listing";
import { PROVIDER } from "../payloads";

/** `GET /trailers`: one cell per trailer slot. */
export const sandboxTrailers: ProviderModel<"trailers"> = {
  pace: NOT_PACED,
  read: sandboxListing("trailers", (fleet) =>
    entityListing("sandbox.trailers.list", fleet.trailers.slots, (slot) => {
      const trailer = fleet.presentTrailer(slot);
      return trailer ? [trailerPayload(fleet, trailer)] : [];
    }),
  ),
  normalize: mapTrailer,
};

/** The tracker's serial is the trailer's serial number; the hitched tractor links it to a vehicle. */
export function mapTrailer(payload: unknown): NormalizedTrailer {
  const trailer = parsePayload(PROVIDER, sandboxTrailer, payload, "trailer");
  return {
    sourceId: trailer.id,
    status: trailer.active ? "active" : "inactive",
    name: trailer.name,
    vin: trailer.vin,
    serialNumber: trailer.trackerSerial,
    make: trailer.make,
    model: trailer.model,
    year: trailer.modelYear,
    licensePlate: { state: trailer.plate.region, number: trailer.plate.number },
    groupSourceIds: [...trailer.tagIds],
    ...(trailer.vehicleId !== undefined ? { vehicleSourceId: trailer.vehicleId } : {}),
    createdAt: trailer.createdAt,
    updatedAt: trailer.updatedAt,
  };
}
