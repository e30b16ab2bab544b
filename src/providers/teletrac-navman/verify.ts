import { DomainError } from "../../errors";
import { ProviderError } from "../errors";
import type { ProviderContext, VerifiedAccount } from "../types";
import { PROVIDER, Tn360Client } from "./client";

/**
 * Checks the username and password with the identity server's password grant (a refusal is
 * invalid credentials; the token is cached for the sync that follows). The reference documents
 * no account call, so the account says only what the login tells: the user, by email when the
 * username is one.
 */
export async function verifyTn360(
  credentials: Readonly<Record<string, string>>,
  { env }: ProviderContext,
): Promise<VerifiedAccount> {
  try {
    await Tn360Client.of({ env }, credentials).acquire();
  } catch (error) {
    if (error instanceof ProviderError && error.kind === "unauthorized") {
      throw new DomainError("invalid_credentials", `${PROVIDER} rejected the username or password.`);
    }
    throw error;
  }
  const username = credentials.username ?? "";
  return { account: { dotNumbers: [], ...(username.includes("@") ? { user: { email: username } } : {}) } };
}
