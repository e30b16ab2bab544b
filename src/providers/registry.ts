import type { Environment } from "../db/schema";
import { azugaAdapter } from "./azuga/adapter";
import { geotabAdapter, geotabResellerAdapters } from "./geotab/adapter";
import { gpsInsightAdapter } from "./gps-insight/adapter";
import { mixAdapter } from "./mix-telematics/adapter";
import { motiveAdapter } from "./motive/adapter";
import { samsaraAdapter } from "./samsara/adapter";
import { sandboxAdapter } from "./sandbox/adapter";
import { tn360Adapter } from "./teletrac-navman/adapter";
import type { ProviderAdapter } from "./types";
import { verizonAdapter } from "./verizon/adapter";
import { webfleetAdapter } from "./webfleet/adapter";

/** Every provider the service knows, by code. The only list of providers. */
const ADAPTERS: readonly ProviderAdapter[] = [
  samsaraAdapter,
  motiveAdapter,
  geotabAdapter,
  ...geotabResellerAdapters,
  verizonAdapter,
  webfleetAdapter,
  gpsInsightAdapter,
  azugaAdapter,
  mixAdapter,
  tn360Adapter,
  sandboxAdapter,
];

const BY_CODE = new Map(ADAPTERS.map((adapter) => [adapter.code, adapter]));

/** Providers available in an environment, in display order. */
export function listProviders(environment: Environment): ProviderAdapter[] {
  return ADAPTERS.filter((adapter) => adapter.environments.includes(environment));
}

/** The adapter of a provider code, whatever the environment (for reading existing connections). */
export function findProvider(code: string): ProviderAdapter | undefined {
  return BY_CODE.get(code);
}

/** Codes of the providers available in an environment (for error suggestions). */
export function providerCodes(environment: Environment): string[] {
  return listProviders(environment).map((adapter) => adapter.code);
}
