import type { ApiKeyKind, Environment } from "../../db/schema";
import { randomBase62 } from "../../lib/random";

/** Key prefixes of the contract (section 5): kind and environment are readable from the key itself. */
export const KEY_PREFIXES: Record<Environment, Record<ApiKeyKind, string>> = {
  production: { secret: "sk_prod_", publishable: "pk_prod_" },
  sandbox: { secret: "sk_sandbox_", publishable: "pk_sandbox_" },
};

/** Random characters after the prefix: 40 base62 characters, about 238 bits. */
const KEY_RANDOM_LENGTH = 40;

export function generateApiKey(environment: Environment, kind: ApiKeyKind): string {
  return KEY_PREFIXES[environment][kind] + randomBase62(KEY_RANDOM_LENGTH);
}

/** What a key's prefix says it is, or undefined for a string that is no API key of ours. */
export function parseKeyPrefix(key: string): { environment: Environment; kind: ApiKeyKind } | undefined {
  for (const environment of ["production", "sandbox"] as const) {
    for (const kind of ["secret", "publishable"] as const) {
      if (key.startsWith(KEY_PREFIXES[environment][kind])) return { environment, kind };
    }
  }
  return undefined;
}

/** A display hint that identifies a key without revealing it: prefix, ellipsis, last four characters. */
export function keyHint(key: string): string {
  const prefix = key.slice(0, key.lastIndexOf("_") + 1);
  return `${prefix}…${key.slice(-4)}`;
}
