/**
 * Destination rows for the targets' tests, as the control database holds them: the
 * configuration and the credentials sealed to the row's id (the routes' own sealing).
 */
import { env } from "cloudflare:workers";
import type { DestinationConfig, DestinationRow } from "../../src/db/schema";
import type { DestinationCredentials } from "../../src/domain/destinations/config";
import { sealDestinationCredentials } from "../../src/domain/destinations/credentials";

export async function destinationRow(
  config: DestinationConfig,
  credentials?: DestinationCredentials,
): Promise<DestinationRow> {
  const id = `dst_${crypto.randomUUID().replaceAll("-", "").slice(0, 26).toUpperCase()}`;
  const now = new Date();
  return {
    id,
    applicationId: "app_targets_test",
    environment: "sandbox",
    type: config.type,
    name: "Targets test",
    models: ["Vehicle"],
    connectionIds: null,
    schedule: "after_sync",
    includeRaw: false,
    config,
    credentialsEncrypted: credentials ? await sealDestinationCredentials(env, id, credentials) : null,
    createdAt: now,
    updatedAt: now,
  };
}

/** A fetch that records each request's method and URL (path and query) before sending it on. */
export function recordingFetch(log: string[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    log.push(`${request.method} ${url.pathname}${url.search}`);
    return fetch(request);
  };
}

/** `length` bytes of a pattern no two nearby parts share (a part sent twice or out of order shows). */
export function patternBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 31 + (index >> 12)) & 0xff;
  return bytes;
}
