import type { Env } from "../../env";
import { decrypt, encrypt } from "../../lib/crypto";
import type { DestinationCredentials } from "./config";

/** Bound to the destination's row, as provider credentials are to their connection's. */
const context = (destinationId: string) => `destination-credentials:${destinationId}`;

export function sealDestinationCredentials(env: Env, destinationId: string, credentials: DestinationCredentials) {
  return encrypt(env.ENCRYPTION_KEY, JSON.stringify(credentials), context(destinationId));
}

export async function openDestinationCredentials(
  env: Env,
  destinationId: string,
  sealed: string,
): Promise<DestinationCredentials> {
  return JSON.parse(await decrypt(env.ENCRYPTION_KEY, sealed, context(destinationId)));
}
