import type { ModelName, ProviderAdapter } from "./types";

/**
 * The model names `GET /providers` reports support for, as the public service spells them
 * (data-families.md: "Provider supported models"), in its order. Clients look models up by
 * these names, so every one is always present.
 */
export const WIRE_MODELS = [
  "Group",
  "Vehicle",
  "Driver",
  "LatestVehicleLocation",
  "VehicleLocation",
  "VehicleStatLog",
  "Trailer",
  "LatestTrailerLocation",
  "Trip",
  "Device",
  "HOSLog",
  "HOSDailyLog",
  "HOSAvailableTime",
  "IFTASummary",
  "SafetyEvent",
  "CameraMedia",
  "FaultCodeEvent",
  "VehicleUtilization",
] as const;
export type WireModel = (typeof WIRE_MODELS)[number];

/**
 * Whether a model's read is served: `not_supported_by_terminal` when this service does not
 * serve the model yet (whatever the provider has), `not_supported_by_provider` when the
 * provider has no such data. Clients test for these exact strings.
 */
export const WIRE_SUPPORT = ["supported", "not_supported_by_terminal", "not_supported_by_provider"] as const;
export type WireSupport = (typeof WIRE_SUPPORT)[number];

/** The wire model each model this service serves is reported as. */
const WIRE_NAME: Readonly<Record<ModelName, WireModel>> = {
  groups: "Group",
  vehicles: "Vehicle",
  drivers: "Driver",
  devices: "Device",
  trailers: "Trailer",
  latestTrailerLocations: "LatestTrailerLocation",
  faultCodeEvents: "FaultCodeEvent",
  vehicleUtilization: "VehicleUtilization",
  safetyEvents: "SafetyEvent",
  cameraMedia: "CameraMedia",
  latestVehicleLocations: "LatestVehicleLocation",
  vehicleLocations: "VehicleLocation",
  trips: "Trip",
  vehicleStatLogs: "VehicleStatLog",
  hosLogs: "HOSLog",
  hosDailyLogs: "HOSDailyLog",
  iftaSummaries: "IFTASummary",
  hosAvailableTime: "HOSAvailableTime",
};
/** The name `supportedModels` gives a model (`vehicles` → `Vehicle`). */
export function wireNameOf(model: ModelName): WireModel {
  return WIRE_NAME[model];
}

const SERVED = new Map(Object.entries(WIRE_NAME).map(([model, wire]) => [wire, model as ModelName]));

/** Whether a wire model can be read from one provider through this service. */
export function wireSupport(adapter: Pick<ProviderAdapter, "supportedModels">, wire: WireModel): WireSupport {
  const model = SERVED.get(wire);
  return model === undefined ? "not_supported_by_terminal" : adapter.supportedModels[model];
}
