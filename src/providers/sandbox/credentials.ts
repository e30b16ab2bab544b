import { DomainError } from "../../errors";
import { hashSecret } from "../../lib/crypto";
import { ProviderError } from "../errors";
import type { VerifiedAccount } from "../types";

/**
 * The password the sandbox provider rejects, so that `invalid_credentials` can be exercised.
 * Any other username and password are accepted.
 */
export const SANDBOX_REJECTED_PASSWORD = "invalid";

export async function verifySandbox(credentials: Readonly<Record<string, string>>): Promise<VerifiedAccount> {
  if (credentials.password === SANDBOX_REJECTED_PASSWORD) {
    throw new DomainError("invalid_credentials", "The sandbox provider rejected the username or password.");
  }
  const username = credentials.username ?? "";
  // The account id is derived from the username, so the same credentials always reach the same fleet.
  const sourceId = `sbx-${(await hashSecret(`sandbox-account:${username}`)).slice(0, 12)}`;
  return {
    sourceId,
    account: {
      name: `Sandbox Fleet (${username})`,
      dotNumbers: ["1234567"],
      user: { sourceId: `${sourceId}-user`, firstName: "Sandbox", lastName: "Admin", email: "admin@sandbox.example" },
    },
  };
}

/**
 * Like a real provider whose token was revoked after the connection was made: credentials
 * with the rejected password answer every read with 401, so that the engine's handling of
 * credentials that stop working (the connection is disconnected) can be exercised.
 */
export function rejectRevokedCredentials(credentials: Readonly<Record<string, string>>): void {
  if (credentials.password === SANDBOX_REJECTED_PASSWORD) {
    throw new ProviderError("unauthorized", "The sandbox provider rejected the credentials (401).");
  }
}
