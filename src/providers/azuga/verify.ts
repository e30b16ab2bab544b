import { DomainError } from "../../errors";
import type { ProviderContext, VerifiedAccount } from "../types";
import { AzugaClient, AzugaLoginRefused, loginOf } from "./client";

/**
 * Checks the user name and password with the OAuth login (a refusal is invalid credentials; the
 * token is cached for the sync that follows). The reference documents no account call, so the
 * account says only what the login tells: the user, by email when the user name is one.
 */
export async function verifyAzuga(
  credentials: Readonly<Record<string, string>>,
  { env }: ProviderContext,
): Promise<VerifiedAccount> {
  const login = loginOf(credentials);
  try {
    await new AzugaClient(env, login).authenticate();
  } catch (error) {
    if (error instanceof AzugaLoginRefused) {
      throw new DomainError("invalid_credentials", "Azuga rejected the user name or password.");
    }
    throw error;
  }
  return {
    account: { dotNumbers: [], ...(login.username.includes("@") ? { user: { email: login.username } } : {}) },
  };
}
