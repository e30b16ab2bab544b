import { DomainError } from "../../errors";
import type { ProviderContext, VerifiedAccount } from "../types";
import { GpsInsightClient, GpsInsightLoginRefused, loginOf } from "./client";

/**
 * Checks the user name and password with `userauth/login` (a refusal is invalid credentials).
 * The API v2 documents no account or current-user call, so the account says only what the
 * login tells: the user, by email when the user name is one.
 */
export async function verifyGpsInsight(
  credentials: Readonly<Record<string, string>>,
  { env }: ProviderContext,
): Promise<VerifiedAccount> {
  const login = loginOf(credentials);
  try {
    await new GpsInsightClient(env, login).authenticate();
  } catch (error) {
    if (error instanceof GpsInsightLoginRefused) {
      throw new DomainError("invalid_credentials", "GPS Insight rejected the user name or password.");
    }
    throw error;
  }
  return {
    account: { dotNumbers: [], ...(login.username.includes("@") ? { user: { email: login.username } } : {}) },
  };
}
