import { AwsClient } from "aws4fetch";
import { DeliveryTargetError, redact } from "./target";

/** How one signed client reaches its service: its signer, the time an answer may take, the fetch it sends with. */
export type SignedSender = {
  /** The service's name in messages ("S3", "Kinesis"). */
  service: string;
  /** aws4fetch with `retries: 0`: retries are the target's or the engine's, never hidden inside a call. */
  client: AwsClient;
  timeoutMs: number;
  /** The runtime's fetch; tests may wrap it to shape the service's answers. */
  fetch: typeof fetch;
  /** The access key id and secret, kept out of every message. */
  credentials: readonly string[];
};

/** A sender for one AWS-compatible service: SigV4 for its region, no hidden retries, the credentials kept for redaction. */
export function signedSender(options: {
  service: string;
  signingName: "s3" | "kinesis";
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  timeoutMs: number;
  fetch?: typeof fetch;
}): SignedSender {
  const { accessKeyId, secretAccessKey } = options.credentials;
  return {
    service: options.service,
    client: new AwsClient({
      accessKeyId,
      secretAccessKey,
      service: options.signingName,
      region: options.region,
      retries: 0,
    }),
    timeoutMs: options.timeoutMs,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    credentials: [accessKeyId, secretAccessKey],
  };
}

/**
 * Signs (SigV4) and sends one request. A request that gets no answer (a refused connection, a
 * reset, no answer within the timeout) is a transient error; any answer is returned, for the
 * caller to read its status and body.
 */
export async function sendSigned(sender: SignedSender, url: string, init: RequestInit): Promise<Response> {
  const request = await sender.client.sign(url, init);
  try {
    return await sender.fetch(request, { signal: AbortSignal.timeout(sender.timeoutMs) });
  } catch (error) {
    const why =
      error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
        ? `no answer within ${sender.timeoutMs} ms`
        : `the connection failed: ${error instanceof Error ? error.message.slice(0, 200) : "unknown error"}`;
    throw new DeliveryTargetError(
      "transient",
      redact(`${sender.service} did not answer (${why}).`, sender.credentials),
    );
  }
}
