import type { Context } from "hono";
import type { ApiKeyKind } from "../db/schema";
import { type ApiKeyPrincipal, authenticateApiKey } from "../domain/api-keys/authenticate";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";

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
  const principal = presented ? await authenticateApiKey(c.var.db, presented) : undefined;
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
