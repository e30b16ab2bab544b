/**
 * What a delivery writes to: an object store (R2, S3) or a record stream (Kinesis), behind two
 * small interfaces the delivery engine calls without knowing which service is behind them.
 */

export type ObjectTarget = {
  kind: "objects";
  /**
   * Writes one object whole; the same key again overwrites it. S3 uploads a body above its
   * multipart threshold in parts (of at least 5 MiB except the last, as S3 requires); R2's binding
   * takes any body a Worker can hold in one call.
   */
  put(key: string, body: Uint8Array, contentType: string): Promise<{ etag?: string }>;
  /** Removes one object; removing a key that is not there succeeds. */
  remove(key: string): Promise<void>;
  /** The key under the destination's prefix: `${prefix}/${relative}` (prefix may be ""). */
  keyOf(relative: string): string;
};

export type StreamTarget = {
  kind: "stream";
  /**
   * Puts records in order; resolves only when every record is accepted (retrying the failed
   * subset of a partial PutRecords failure a bounded number of times with backoff), else throws.
   * Splits into calls of ≤ 500 records and ≤ 5 MiB, each record ≤ 1 MiB (a bigger record is a
   * refused error). Order within a partition key holds while no record fails; a record retried
   * after a partial failure lands after the later records of its key that were accepted.
   */
  putRecords(records: { partitionKey: string; data: Uint8Array }[]): Promise<void>;
};

export type DeliveryTarget = ObjectTarget | StreamTarget;

export type DeliveryTargetErrorKind = "transient" | "refused";

/**
 * What a target's failure means: `transient` (5xx, 429/SlowDown/ProvisionedThroughputExceeded,
 * timeout, network) is retried by the engine; `refused` (4xx: bad credentials, no such
 * bucket/stream, access denied, validation) fails the delivery. The message names the service's
 * error code and status, never a credential.
 */
export class DeliveryTargetError extends Error {
  readonly kind: DeliveryTargetErrorKind;
  readonly status?: number;
  readonly code?: string;

  constructor(kind: DeliveryTargetErrorKind, message: string, details: { status?: number; code?: string } = {}) {
    super(message);
    this.name = "DeliveryTargetError";
    this.kind = kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.code !== undefined) this.code = details.code;
  }
}

/**
 * Error codes that mean "later", whatever their status: S3's and Kinesis's throttling and
 * internal failures (Kinesis answers throttling with 400, S3's RequestTimeout is a 400 too).
 */
const TRANSIENT_CODES = new Set([
  "SlowDown",
  "RequestTimeout",
  "InternalError",
  "InternalFailure",
  "ServiceUnavailable",
  "Throttling",
  "ThrottlingException",
  "RequestLimitExceeded",
  "ProvisionedThroughputExceededException",
  "LimitExceededException",
  "KMSThrottlingException",
]);

export function isTransientCode(code: string | undefined): boolean {
  return code !== undefined && TRANSIENT_CODES.has(code);
}

export function isTransient(status: number, code: string | undefined): boolean {
  return isTransientCode(code) || status >= 500 || status === 429 || status === 408;
}

/**
 * The error for a service's answer: `<service> answered HTTP <status> <code>: <message>`, the
 * service's own message cut short and with the credentials taken out (no service is known to echo
 * a secret, but a message is shown to customers and logged, so it is never trusted to not).
 */
export function answeredError(
  service: string,
  answer: { status: number; code?: string | undefined; message?: string | undefined },
  credentials: readonly string[],
): DeliveryTargetError {
  const { status, code } = answer;
  const detail = answer.message ? `: ${answer.message.slice(0, 300)}` : "";
  const text = `${service} answered HTTP ${status}${code ? ` ${code}` : ""}${detail}`;
  return new DeliveryTargetError(isTransient(status, code) ? "transient" : "refused", redact(text, credentials), {
    status,
    ...(code ? { code } : {}),
  });
}

/** Every occurrence of a credential replaced; short values (which would blank ordinary words) are left alone. */
export function redact(text: string, credentials: readonly string[]): string {
  let redacted = text;
  for (const credential of credentials) {
    if (credential.length >= 8) redacted = redacted.replaceAll(credential, "[redacted]");
  }
  return redacted;
}

/** `${prefix}/${relative}`, or `relative` alone under an empty prefix (no leading "/" in S3 and R2 keys). */
export function keyUnder(prefix: string): (relative: string) => string {
  const base = prefix.replace(/\/+$/, "");
  return (relative) => (base === "" ? relative : `${base}/${relative}`);
}
