/**
 * A Kinesis (or Kinesis-compatible) data stream as a stream target: PutRecords calls in the JSON
 * 1.1 protocol, SigV4-signed with aws4fetch, within Kinesis's limits (500 records and 5 MiB a
 * call, 1 MiB a record), the records a call did not accept sent again a bounded number of times.
 */
import type { DestinationCredentials } from "../../destinations/config";
import { sendSigned, signedSender } from "./request";
import { answeredError, DeliveryTargetError, isTransientCode, redact, type StreamTarget } from "./target";

const MiB = 1024 * 1024;
export const MAX_RECORDS_PER_CALL = 500;
/** A call's records, data and partition keys counted (before base64). */
export const MAX_BYTES_PER_CALL = 5 * MiB;
/** One record, data and partition key counted. */
export const MAX_RECORD_BYTES = 1 * MiB;
/** Attempts of one call (the first included) before its unaccepted records fail the put. */
export const MAX_PUT_ATTEMPTS = 5;
const MAX_PARTITION_KEY_LENGTH = 256;

export type KinesisTargetOptions = {
  endpoint: string;
  region: string;
  streamName: string;
  credentials: DestinationCredentials;
  timeoutMs: number;
  /** Defaults to MAX_PUT_ATTEMPTS. */
  maxAttempts?: number;
  /** The first retry's delay, doubled for each next one (default 200 ms: 3 s for all four retries). */
  backoffMs?: number;
  fetch?: typeof fetch;
};

type Entry = { Data: string; PartitionKey: string; bytes: number };
type PutRecordsAnswer = { Records?: { SequenceNumber?: string; ErrorCode?: string; ErrorMessage?: string }[] };

const encoder = new TextEncoder();

/** base64 of bytes, as the JSON protocol carries blobs (in chunks: one spread of a MiB overflows the stack). */
function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

/** The records as calls within Kinesis's limits, in order; a record no call may carry is refused. */
function toCalls(records: { partitionKey: string; data: Uint8Array }[]): Entry[][] {
  const calls: Entry[][] = [];
  let current: Entry[] = [];
  let currentBytes = 0;
  for (const [index, record] of records.entries()) {
    const { partitionKey, data } = record;
    if (partitionKey.length === 0 || partitionKey.length > MAX_PARTITION_KEY_LENGTH) {
      throw new DeliveryTargetError(
        "refused",
        `Record ${index}'s partition key has ${partitionKey.length} characters; Kinesis takes 1 to ${MAX_PARTITION_KEY_LENGTH}.`,
        { code: "ValidationException" },
      );
    }
    const bytes = data.length + encoder.encode(partitionKey).length;
    if (bytes > MAX_RECORD_BYTES) {
      throw new DeliveryTargetError(
        "refused",
        `Record ${index} is ${bytes} bytes with its partition key; Kinesis takes at most ${MAX_RECORD_BYTES} bytes a record.`,
        { code: "ValidationException" },
      );
    }
    if (current.length === MAX_RECORDS_PER_CALL || currentBytes + bytes > MAX_BYTES_PER_CALL) {
      calls.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push({ Data: base64(data), PartitionKey: partitionKey, bytes });
    currentBytes += bytes;
  }
  if (current.length > 0) calls.push(current);
  return calls;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function kinesisTarget(options: KinesisTargetOptions): StreamTarget {
  const sender = signedSender({ ...options, service: "Kinesis", signingName: "kinesis" });
  const maxAttempts = options.maxAttempts ?? MAX_PUT_ATTEMPTS;
  const backoffMs = options.backoffMs ?? 200;
  const url = `${options.endpoint.replace(/\/+$/, "")}/`;

  /** One PutRecords call; an answer other than 2xx is thrown as the service's error. */
  async function putRecords(entries: Entry[]): Promise<PutRecordsAnswer> {
    const response = await sendSigned(sender, url, {
      method: "POST",
      headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "Kinesis_20131202.PutRecords" },
      body: JSON.stringify({
        StreamName: options.streamName,
        Records: entries.map(({ Data, PartitionKey }) => ({ Data, PartitionKey })),
      }),
    });
    const text = await response.text().catch(() => "");
    const body = (() => {
      try {
        return JSON.parse(text) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    })();
    if (!response.ok) {
      // `__type` may be namespaced ("com.amazonaws.kinesis.v20131202#ResourceNotFoundException").
      const type = typeof body?.__type === "string" ? body.__type.split("#").pop() : undefined;
      const message = body?.message ?? body?.Message;
      throw answeredError(
        "Kinesis",
        { status: response.status, code: type, message: typeof message === "string" ? message : undefined },
        sender.credentials,
      );
    }
    const answer = body as PutRecordsAnswer | undefined;
    if (!Array.isArray(answer?.Records) || answer.Records.length !== entries.length) {
      throw new DeliveryTargetError("transient", "Kinesis answered PutRecords without one result a record.");
    }
    return answer;
  }

  /** One call's records, until all are accepted: the unaccepted (or the whole call, on a transient error) again. */
  async function putCall(entries: Entry[]): Promise<void> {
    let pending = entries;
    for (let attempt = 1; ; attempt++) {
      let failure: DeliveryTargetError;
      try {
        const answer = await putRecords(pending);
        const results = answer.Records ?? [];
        const failed = pending.filter((_, index) => results[index]?.ErrorCode);
        if (failed.length === 0) return;
        const errors = results.filter((result) => result.ErrorCode);
        // KMS access or configuration errors on a record do not pass with time.
        const permanent = errors.find((result) => !isTransientCode(result.ErrorCode));
        const first = permanent ?? errors[0];
        const message = `Kinesis did not accept ${failed.length} of ${pending.length} records (${first?.ErrorCode}: ${(first?.ErrorMessage ?? "").slice(0, 200)})`;
        failure = new DeliveryTargetError(
          permanent ? "refused" : "transient",
          redact(`${message}${permanent ? "." : ` after ${attempt} attempts.`}`, sender.credentials),
          first?.ErrorCode ? { code: first.ErrorCode } : {},
        );
        if (permanent) throw failure;
        pending = failed;
      } catch (error) {
        if (!(error instanceof DeliveryTargetError) || error.kind === "refused") throw error;
        failure = error;
      }
      if (attempt >= maxAttempts) throw failure;
      await sleep(backoffMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
    }
  }

  return {
    kind: "stream",
    async putRecords(records) {
      // Calls one after the other: a call's records, retried ones included, all precede the next call's.
      for (const call of toCalls(records)) await putCall(call);
    },
  };
}
