import type { Env } from "../../env";
import { DomainError } from "../../errors";
import { describeIssues } from "../../lib/describe-issues";
import { credentialsSchema } from "../../providers/credentials";
import type { ProviderAdapter, VerifiedAccount } from "../../providers/types";

/**
 * Credentials as a connection is made or re-authenticated with them: checked against the
 * provider's fields (an invalid_input naming each wrong field), then verified by the provider,
 * which throws invalid_credentials when it rejects them.
 */
export async function verifyCredentials(
  adapter: ProviderAdapter,
  input: Record<string, unknown>,
  env: Env,
): Promise<{ credentials: Record<string, string>; verified: VerifiedAccount }> {
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
