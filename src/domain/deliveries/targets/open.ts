/**
 * A destination's target, ready to write: its credentials opened, and for a service reached over
 * the network (s3, kinesis), its endpoint's host checked where it resolves now, by the webhook
 * URLs' SSRF rules, before any request is sent there (the host may point elsewhere since the
 * destination was saved).
 */
import { providerTimeoutMs } from "../../../config";
import type { DestinationRow } from "../../../db/schema";
import type { Env } from "../../../env";
import { checkDeliveryTarget } from "../../../webhooks/resolve-host";
import type { DestinationCredentials } from "../../destinations/config";
import { openDestinationCredentials } from "../../destinations/credentials";
import { kinesisTarget } from "./kinesis";
import { r2Target } from "./r2";
import { s3Target } from "./s3";
import { type DeliveryTarget, DeliveryTargetError } from "./target";

export async function openTarget(env: Env, destination: DestinationRow): Promise<DeliveryTarget> {
  const config = destination.config;
  if (config.type === "r2") return r2Target(env.DESTINATIONS_BUCKET, config.prefix);
  await checkEndpoint(env, config.endpoint);
  const credentials = await credentialsOf(env, destination);
  const timeoutMs = providerTimeoutMs(env);
  if (config.type === "s3") {
    const { endpoint, region, bucket, prefix } = config;
    return s3Target({ endpoint, region, bucket, prefix, credentials, timeoutMs });
  }
  const { endpoint, region, streamName } = config;
  return kinesisTarget({ endpoint, region, streamName, credentials, timeoutMs });
}

/**
 * Refuses an endpoint that leads somewhere private. Only a resolver that failed to answer is
 * transient (the next attempt asks again); a private answer, or a host that does not exist, is
 * the destination's configuration to fix.
 */
async function checkEndpoint(env: Env, endpoint: string): Promise<void> {
  const checked = await checkDeliveryTarget(endpoint, env);
  if (checked.ok) return;
  // checkDeliveryTarget's reasons are sentences for people; its resolver failures all start so.
  const kind = checked.reason.startsWith("The DNS lookup of ") ? "transient" : "refused";
  throw new DeliveryTargetError(kind, `The destination's endpoint was refused: ${checked.reason}`, {
    code: kind === "refused" ? "EndpointNotAllowed" : "EndpointLookupFailed",
  });
}

async function credentialsOf(env: Env, destination: DestinationRow): Promise<DestinationCredentials> {
  if (!destination.credentialsEncrypted) {
    throw new DeliveryTargetError("refused", "The destination has no credentials.", { code: "MissingCredentials" });
  }
  try {
    return await openDestinationCredentials(env, destination.id, destination.credentialsEncrypted);
  } catch {
    // Sealed with another ENCRYPTION_KEY, or to another destination: no retry opens them.
    throw new DeliveryTargetError("refused", "The destination's credentials could not be opened; set them again.", {
      code: "CredentialsUnreadable",
    });
  }
}
