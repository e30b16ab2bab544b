import type { DestinationConfig, DestinationType } from "../../db/schema";
import type { Env } from "../../env";
import { invalidInput } from "../../errors";
import { allowsLoopback, checkWebhookUrl } from "../../webhooks/url-policy";

/** The fields a destination's configuration takes, as a request gives them (credentials included). */
export type ConfigInput = {
  prefix?: string | undefined;
  endpoint?: string | undefined;
  region?: string | undefined;
  bucket?: string | undefined;
  streamName?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
};

/** The access key a destination signs its requests with (SigV4), sealed at rest. */
export type DestinationCredentials = { accessKeyId: string; secretAccessKey: string };

const FIELDS: Readonly<Record<DestinationType, readonly (keyof ConfigInput)[]>> = {
  r2: ["prefix"],
  s3: ["endpoint", "region", "bucket", "prefix", "accessKeyId", "secretAccessKey"],
  kinesis: ["endpoint", "region", "streamName", "accessKeyId", "secretAccessKey"],
};

/** AWS's own address of a service in a region: the endpoint when none is given. */
const awsEndpoint = (service: "s3" | "kinesis", region: string) => `https://${service}.${region}.amazonaws.com`;

/**
 * A destination's stored configuration from a request's (a new one, or a change merged over the
 * stored one): only its type's fields, the endpoint through the webhook URLs' SSRF policy (https
 * and public; loopback only where ALLOW_LOOPBACK_WEBHOOKS allows it), AWS's endpoint by default.
 */
export function destinationConfig(env: Env, type: DestinationType, input: ConfigInput): DestinationConfig {
  for (const field of Object.keys(input) as (keyof ConfigInput)[]) {
    if (input[field] !== undefined && !FIELDS[type].includes(field)) {
      throw invalidInput(
        `A ${type} destination has no \`${field}\`.`,
        `{requestBody}.config.${field}`,
        `Its configuration takes: ${FIELDS[type].join(", ")}.`,
      );
    }
  }
  if (type === "r2") return { type, prefix: input.prefix ?? "" };
  const region = required(input.region, "region");
  const endpoint = checkedEndpoint(env, input.endpoint ?? awsEndpoint(type, region));
  if (type === "s3") {
    return { type, endpoint, region, bucket: required(input.bucket, "bucket"), prefix: input.prefix ?? "" };
  }
  return { type, endpoint, region, streamName: required(input.streamName, "streamName") };
}

/** The credentials of a request, whole or not at all (a key id without its secret signs nothing). */
export function credentialsOf(input: ConfigInput): DestinationCredentials | undefined {
  const { accessKeyId, secretAccessKey } = input;
  if (accessKeyId === undefined && secretAccessKey === undefined) return undefined;
  if (accessKeyId === undefined || secretAccessKey === undefined) {
    const missing = accessKeyId === undefined ? "accessKeyId" : "secretAccessKey";
    throw invalidInput(
      "New credentials are given whole: `accessKeyId` with `secretAccessKey`.",
      `{requestBody}.config.${missing}`,
    );
  }
  return { accessKeyId, secretAccessKey };
}

function checkedEndpoint(env: Env, raw: string): string {
  const checked = checkWebhookUrl(raw, { allowLoopback: allowsLoopback(env) });
  if (!checked.ok) {
    throw invalidInput(
      checked.reason,
      "{requestBody}.config.endpoint",
      "Use the service's public https address (no private, loopback, link-local or internal hosts).",
    );
  }
  // Without a trailing slash, so that paths are appended the same way whatever was typed.
  return checked.url.replace(/\/+$/, "");
}

function required(value: string | undefined, field: string): string {
  if (value === undefined || value === "")
    throw invalidInput(`\`${field}\` is required.`, `{requestBody}.config.${field}`);
  return value;
}
