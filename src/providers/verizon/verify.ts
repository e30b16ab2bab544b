import { DomainError } from "../../errors";
import { ProviderError } from "../errors";
import { nonBlank } from "../kit/parse";
import type { ProviderContext, VerifiedAccount } from "../types";
import { PROVIDER, VerizonClient, VerizonForbiddenError } from "./client";

/**
 * Checks the REST integration user with `GET /token` (a refused username or password is invalid
 * credentials), then lists the vehicles with it, the cheapest data call, to check that the
 * integrator's app may read this account (Verizon refuses an app the customer has not enabled
 * with a 403). The API describes no company, so the account is what the customer typed: its name
 * and DOT number (the optional `companyName` and `companyDotNumber` credentials).
 */
export async function verifyVerizon(
  credentials: Readonly<Record<string, string>>,
  context: ProviderContext,
): Promise<VerifiedAccount> {
  const client = VerizonClient.of({ env: context.env }, credentials);
  try {
    await client.acquire();
    await client.get("/cmd/v1/vehicles");
  } catch (error) {
    if (error instanceof ProviderError && error.kind === "unauthorized") {
      throw new DomainError("invalid_credentials", `${PROVIDER} rejected the username or password.`);
    }
    if (error instanceof VerizonForbiddenError) {
      throw new DomainError(
        "invalid_credentials",
        `${PROVIDER} does not let this integration read the account's vehicles: enable the API integration in Reveal (Marketplace → API integrations).`,
      );
    }
    throw error;
  }
  const name = nonBlank(credentials.companyName);
  const dot = nonBlank(credentials.companyDotNumber);
  return { account: { ...(name ? { name } : {}), dotNumbers: dot ? [dot] : [] } };
}
