import { DomainError } from "../../domain/errors";
import { hashSecret } from "../../lib/crypto";
import type { ProviderAdapter } from "../types";

/**
 * The password the sandbox provider rejects, so that `invalid_credentials` can be exercised.
 * Any other username and password are accepted.
 */
export const SANDBOX_REJECTED_PASSWORD = "invalid";

const LOGO = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0f766e"/><path d="M14 40h36v6H14zM18 22h28l4 14H14z" fill="#fff"/></svg>',
)}`;

/** The test provider of the sandbox environment: a deterministic synthetic fleet. */
export const sandboxAdapter: ProviderAdapter = {
  code: "sandbox",
  name: "Sandbox",
  status: "sandbox",
  environments: ["sandbox"],
  logo: LOGO,
  icon: LOGO,
  credentialFields: [
    { name: "username", label: "Username", type: "text", required: true, description: "Any username." },
    {
      name: "password",
      label: "Password",
      type: "password",
      required: true,
      description: `Any password except \`${SANDBOX_REJECTED_PASSWORD}\`, which the provider rejects.`,
    },
  ],
  supportedModels: {
    vehicles: "supported",
    drivers: "supported",
    groups: "supported",
    devices: "supported",
    vehicleUtilization: "supported",
    safetyEvents: "supported",
    cameraMedia: "supported",
  },
  async verify(credentials) {
    if (credentials.password === SANDBOX_REJECTED_PASSWORD) {
      throw new DomainError("invalid_credentials", "The sandbox provider rejected the username or password.");
    }
    const username = credentials.username ?? "";
    // The account id is derived from the username, so the same credentials always reach the same fleet.
    const sourceId = `sbx-${(await hashSecret(`sandbox-account:${username}`)).slice(0, 12)}`;
    return {
      sourceId,
      account: {
        name: `Sandbox Fleet (${username})`,
        dotNumbers: ["1234567"],
        user: { sourceId: `${sourceId}-user`, firstName: "Sandbox", lastName: "Admin", email: "admin@sandbox.example" },
      },
    };
  },
};
