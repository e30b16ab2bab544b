import type { Env } from "../../env";
import { DomainError } from "../../errors";
import { describeIssues } from "../../lib/describe-issues";
import { credentialsSchema } from "../../providers/credentials";
import type { ProviderAdapter, VerifiedAccount } from "../../providers/types";
import { type CredentialsInput, OAuthGrant } from "./oauth-grant";

/**
 * Credentials as a connection is made or re-authenticated with them: checked against the
 * provider's fields (an invalid_input naming each wrong field), then verified by the provider,
 * which throws invalid_credentials when it rejects them. An OAuth grant is verified as it is.
 */
export async function verifyCredentials(
  adapter: ProviderAdapter,
  input: CredentialsInput,
  env: Env,
): Promise<{ credentials: Record<string, string>; verified: VerifiedAccount }> {
  if (input instanceof OAuthGrant) {
    const credentials = { ...input.credentials };
    return { credentials, verified: await adapter.verify(credentials, { env }) };
  }
  const parsed = credentialsSchema(adapter).safeParse(input);
  if (!parsed.success) {
    throw new DomainError(
      "invalid_input",
      `The credentials do not match what the ${adapter.name} provider needs.`,
      describeIssues(parsed.error, "{requestBody}.credentials"),
    );
  }
  const credentials = Object.fromEntries(
    Object.entries(parsed.data).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  return { credentials, verified: await adapter.verify(credentials, { env }) };
}
