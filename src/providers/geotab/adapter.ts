import { ProviderError } from "../errors";
import type { ProviderAdapter } from "../types";

/** Geotab: placeholder until its adapter is written (every call answers not_supported). */
export const geotabAdapter: ProviderAdapter = {
  code: "geotab",
  name: "Geotab",
  status: "beta",
  environments: ["production", "sandbox"],
  logo: "",
  icon: "",
  credentialFields: [],
  supportedModels: {
    vehicles: "not_supported_by_provider",
    drivers: "not_supported_by_provider",
    groups: "not_supported_by_provider",
    devices: "not_supported_by_provider",
    vehicleUtilization: "not_supported_by_provider",
    safetyEvents: "not_supported_by_provider",
    cameraMedia: "not_supported_by_provider",
  },
  async verify() {
    throw new ProviderError("not_supported", "Geotab is not available yet.");
  },
  async readPage() {
    throw new ProviderError("not_supported", "Geotab is not available yet.");
  },
  normalize() {
    throw new ProviderError("not_supported", "Geotab is not available yet.");
  },
  async readCameraMedia() {
    throw new ProviderError("not_supported", "Geotab is not available yet.");
  },
};
