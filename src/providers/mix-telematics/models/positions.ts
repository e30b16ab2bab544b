import type { NormalizedLatestLocation, NormalizedLocationBatch } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { PROVIDER } from "../client";
import { mixIso } from "../dates";
import { mixPosition } from "../payloads";
import { amount, coordinates, driverIdOf, present } from "../values";

/**
 * A MiX `Position` (latest and historical reads answer the same entity): UTC `Timestamp`, km/h,
 * degrees, km, the formatted address; driver 0 is none.
 */
function readPosition(payload: unknown) {
  const position = parsePayload(PROVIDER, mixPosition, payload, "position");
  const location = coordinates(position.Latitude, position.Longitude);
  if (!location)
    throw new ProviderError("malformed", `${PROVIDER}: asset ${position.AssetId} has a position without a fix.`);
  const driver = driverIdOf(position.DriverId);
  const heading = position.Heading != null && position.Heading >= 0 ? position.Heading % 360 : undefined;
  return {
    position,
    common: {
      ...(driver ? { driverSourceId: driver } : {}),
      locatedAt: mixIso(PROVIDER, position.Timestamp),
      location,
      ...present("address", position.FormattedAddress),
      ...(heading !== undefined ? { heading } : {}),
      ...amount("speed", position.SpeedKilometresPerHour),
    },
  };
}

export function mapLatestPosition(payload: unknown): NormalizedLatestLocation {
  const { position, common } = readPosition(payload);
  return { vehicleSourceId: position.AssetId, ...common, ...amount("odometer", position.OdometerKilometres) };
}

export function mapHistoricalPosition(payload: unknown): NormalizedLocationBatch {
  const { position, common } = readPosition(payload);
  return {
    vehicleSourceId: position.AssetId,
    points: [{ ...common, ...(position.PositionId ? { sourceId: position.PositionId } : {}) }],
  };
}
