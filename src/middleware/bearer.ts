import type { Context } from "hono";
import { authCacheMs } from "../config";
import type { ApiKeyKind } from "../db/schema";
import { type ApiKeyPrincipal, authenticateApiKey } from "../domain/api-keys/authenticate";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { connectionTokenHashToRead } from "./connection-token";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of `Authorization: Bearer <token>`; undefined when the header is absent or malformed. */
export function bearerToken(header: string | undefined): string | undefined {
  return BEARER.exec(header ?? "")?.[1];
}

/**
 * The principal of an API key of the kind the route takes, sent to its own environment's base
 * address; `unauthorized` otherwise, saying which of the three it is.
 */
export async function authenticateKeyOfKind(
  c: Context<AppEnv>,
  presented: string | undefined,
  kind: ApiKeyKind,
  messages: { invalid: string; otherKind: string },
): Promise<ApiKeyPrincipal> {
  // The Connection-Token's connection is read with the key when it will be needed and is not
  // remembered (connection-token.ts): one round trip for both.
  const tokenHash = await connectionTokenHashToRead(c);
  const known = c.get("apiKeyHash");
  const found = presented
    ? await authenticateApiKey(c.var.db, presented, {
        ttlMs: authCacheMs(c.env),
        connectionTokenHash: tokenHash,
        presentedHash: known?.key === presented ? known.hash : undefined,
      })
    : undefined;
  if (tokenHash !== undefined && found?.connection !== undefined) {
    c.set("prefetchedConnection", { tokenHash, connection: found.connection });
  }
  const principal = found?.principal;
  if (!principal) throw new ApiError("unauthorized", messages.invalid);
  if (principal.environment !== c.var.environment) {
    throw new ApiError(
      "unauthorized",
      `This is a ${principal.environment} key; send it to the ${principal.environment} base address.`,
    );
  }
  if (principal.kind !== kind) throw new ApiError("unauthorized", messages.otherKind);
  return principal;
}
