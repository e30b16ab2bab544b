import { DomainError } from "../../errors";
import { ProviderError } from "../errors";
import type { ProviderContext, VerifiedAccount } from "../types";
import { loginOf, WebfleetClient } from "./client";
import { ACTIONS } from "./pace";

/**
 * Checks the account, user and password with one cheap read (the driver report, 10 a minute:
 * WEBFLEET.connect has no login call; credentials go with every action). A refusal is invalid
 * credentials; the account name is the account's name and source id.
 */
export async function verifyWebfleet(
  credentials: Readonly<Record<string, string>>,
  { env }: ProviderContext,
): Promise<VerifiedAccount> {
  const login = loginOf(credentials);
  try {
    await new WebfleetClient(env, login).rows(ACTIONS.drivers);
  } catch (error) {
    if (error instanceof ProviderError && error.kind === "unauthorized") {
      throw new DomainError(
        "invalid_credentials",
        `Webfleet rejected the account, user or password (${error.message}).`,
      );
    }
    throw error;
  }
  return { sourceId: login.accountName, account: { name: login.accountName, dotNumbers: [] } };
}
