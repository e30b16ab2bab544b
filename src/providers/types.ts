import type { Account, Environment } from "../db/schema";
import type { Env } from "../env";

/** One field of a provider's credential form (GET /providers, and the hosted flow's form). */
export type CredentialField = {
  name: string;
  label: string;
  type: "text" | "password" | "select";
  required: boolean;
  description?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
};

export const MODEL_NAMES = [
  "vehicles",
  "drivers",
  "groups",
  "devices",
  "vehicleUtilization",
  "safetyEvents",
  "cameraMedia",
] as const;
export type ModelName = (typeof MODEL_NAMES)[number];

/** Whether a provider can serve a model's read operation. */
export type ModelSupport = "supported" | "not_supported_by_provider";

export type ProviderStatus = "live" | "beta" | "deprecated" | "sandbox";

/** What verification learns about the customer's account at the provider. */
export type VerifiedAccount = { account: Account; sourceId?: string };

/** What an adapter may use while it works: configuration (base URLs) and bindings. */
export type ProviderContext = { env: Env };

/**
 * A telematics provider, plugged in through the registry (the only list of providers).
 * Adapters talk HTTP to base URLs from configuration, so tests point them at fake servers.
 */
export interface ProviderAdapter {
  readonly code: string;
  readonly name: string;
  readonly status: ProviderStatus;
  /** Environments in which connections to this provider may be created. */
  readonly environments: readonly Environment[];
  readonly logo: string;
  readonly icon: string;
  readonly credentialFields: readonly CredentialField[];
  readonly supportedModels: Readonly<Record<ModelName, ModelSupport>>;
  /**
   * Checks credentials with the provider and describes the account. Throws
   * DomainError("invalid_credentials") when the provider rejects them.
   */
  verify(credentials: Readonly<Record<string, string>>, context: ProviderContext): Promise<VerifiedAccount>;
}
