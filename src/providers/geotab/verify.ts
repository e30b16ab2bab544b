import { DomainError, invalidInput } from "../../errors";
import type { ProviderContext, VerifiedAccount } from "../types";
import { GeotabClient, GeotabInvalidUser, GeotabServerRejected } from "./client";
import { loginOf } from "./login";
import { geotabUser } from "./payloads";

/**
 * Checks the login with Authenticate (a server that is not MyGeotab's is invalid input; a
 * rejected user name, password or database is invalid credentials), then describes the account:
 * the database is its name and source id, the API user (found by its login name) its user.
 */
export async function verifyGeotab(
  credentials: Readonly<Record<string, string>>,
  { env }: ProviderContext,
): Promise<VerifiedAccount> {
  let client: GeotabClient;
  try {
    client = new GeotabClient(env, loginOf(credentials));
  } catch (error) {
    if (error instanceof GeotabServerRejected) {
      throw invalidInput(
        error.message,
        "{requestBody}.credentials.server",
        "Use a MyGeotab server such as my.geotab.com.",
      );
    }
    throw error;
  }
  let session: Awaited<ReturnType<GeotabClient["authenticate"]>>;
  try {
    session = await client.authenticate();
  } catch (error) {
    if (error instanceof GeotabInvalidUser) {
      throw new DomainError("invalid_credentials", "MyGeotab rejected the user name, password or database.");
    }
    throw error;
  }
  const { database, userName } = session.credentials;
  const [found] = await client.get("User", { search: { name: userName }, resultsLimit: 1 });
  const user = geotabUser.safeParse(found);
  return {
    sourceId: database,
    account: {
      name: database,
      dotNumbers: [],
      user: user.success
        ? {
            sourceId: user.data.id,
            ...(user.data.firstName ? { firstName: user.data.firstName } : {}),
            ...(user.data.lastName ? { lastName: user.data.lastName } : {}),
            ...(user.data.name.includes("@") ? { email: user.data.name } : {}),
          }
        : { ...(userName.includes("@") ? { email: userName } : {}) },
    },
  };
}
