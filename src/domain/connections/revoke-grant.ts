import type { ConnectionRow } from "../../db/schema";
import type { Env } from "../../env";
import { openCredentials } from "../../lib/connection-secrets";
import { isGrant, revokeGrant } from "../../providers/kit/oauth";
import { findProvider } from "../../providers/registry";

/**
 * Revokes a deleted connection's OAuth grant at the provider, so that the app's access ends with
 * the connection and not when the provider's tokens would have expired. Best effort: a provider
 * that does not answer does not hold the deletion up (its grant then ends when the customer
 * removes the app, or with its tokens), and the failure is logged without the token.
 */
export async function revokeConnectionGrant(
  env: Env,
  connection: Pick<ConnectionRow, "id" | "provider" | "credentialsEncrypted">,
): Promise<void> {
  const spec = findProvider(connection.provider)?.oauth;
  if (!spec || connection.credentialsEncrypted === null) return;
  try {
    const credentials = await openCredentials(env, connection.id, connection.credentialsEncrypted);
    if (isGrant(credentials)) await revokeGrant(spec, env, credentials);
  } catch (error) {
    console.warn(
      JSON.stringify({
        level: "warn",
        message: "OAuth grant not revoked at the provider",
        connectionId: connection.id,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}
