import { z } from "@hono/zod-openapi";
import { DomainError } from "../../errors";
import { ProviderError } from "../errors";
import type { ProviderContext, VerifiedAccount } from "../types";
import { MixClient, MixForbiddenError, PROVIDER } from "./client";
import { listOf } from "./organisation";
import { mixId } from "./payloads";

const organisation = z.object({ GroupId: mixId, Name: z.string().nullish() });

/**
 * Logs in with the password grant (a refused username or password is invalid credentials), then
 * lists the user's organisations (`GET api/organisationgroups`): the account is the first, the
 * one the connection reads, by its id and name. A user who sees none cannot be synced.
 */
export async function verifyMix(
  credentials: Readonly<Record<string, string>>,
  context: ProviderContext,
): Promise<VerifiedAccount> {
  let client: MixClient;
  let first: unknown;
  try {
    client = MixClient.of({ env: context.env }, credentials);
    await client.acquire();
    first = listOf(await client.get("api/organisationgroups"), "api/organisationgroups")[0];
  } catch (error) {
    if (error instanceof ProviderError && error.kind === "unauthorized") {
      throw new DomainError("invalid_credentials", `${PROVIDER} rejected the username, password or data centre.`);
    }
    if (error instanceof MixForbiddenError) {
      throw new DomainError("invalid_credentials", `${PROVIDER} does not let this user read its organisation.`);
    }
    throw error;
  }
  const parsed = organisation.safeParse(first);
  if (!parsed.success) {
    throw new DomainError("invalid_credentials", `${PROVIDER}: this user sees no organisation.`);
  }
  const name = parsed.data.Name?.trim();
  return { sourceId: parsed.data.GroupId, account: { ...(name ? { name } : {}), dotNumbers: [] } };
}
