import { DomainError } from "../../errors";
import { ProviderError } from "../errors";
import type { ProviderContext, VerifiedAccount } from "../types";
import { SamsaraClient, SamsaraForbiddenError, samsaraCredentials } from "./client";
import { samsaraListEnvelope, samsaraOrganization } from "./payloads";

/**
 * Checks an API token with `GET /me` (the organization: id, name, carrier settings with the US
 * DOT number). A token without the "Read Org Information" scope gets a 403 there: it is then
 * checked with the cheapest authenticated read (one vehicle) and the account stays unnamed.
 * Samsara tokens belong to the organization, not to a person, so no user is known.
 * A 401 is DomainError("invalid_credentials").
 */
export async function verifySamsara(
  credentials: Readonly<Record<string, string>>,
  context: ProviderContext,
): Promise<VerifiedAccount> {
  const client = new SamsaraClient(samsaraCredentials(credentials), context);
  try {
    const { data } = await client.get("/me", {}, samsaraOrganization);
    const dotNumber = data?.carrierSettings?.dotNumber;
    const name = data?.name?.trim();
    const sourceId = data?.id?.trim();
    return {
      ...(sourceId ? { sourceId } : {}),
      account: {
        ...(name ? { name } : {}),
        dotNumbers:
          dotNumber === undefined || dotNumber === null || dotNumber === "" || dotNumber === 0
            ? []
            : [String(dotNumber)],
      },
    };
  } catch (error) {
    if (error instanceof SamsaraForbiddenError) return verifyWithoutOrganizationScope(client);
    throw rejected(error);
  }
}

async function verifyWithoutOrganizationScope(client: SamsaraClient): Promise<VerifiedAccount> {
  try {
    await client.get("/fleet/vehicles", { limit: 1 }, samsaraListEnvelope);
  } catch (error) {
    // Valid but narrow: the token authenticates, it just may not read vehicles either.
    if (!(error instanceof SamsaraForbiddenError)) throw rejected(error);
  }
  return { account: { dotNumbers: [] } };
}

function rejected(error: unknown): unknown {
  if (error instanceof ProviderError && error.kind === "unauthorized") {
    return new DomainError("invalid_credentials", "Samsara rejected the API token (401).");
  }
  return error;
}
