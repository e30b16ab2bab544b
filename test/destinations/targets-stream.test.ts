/**
 * The stream target (src/domain/deliveries/targets/kinesis.ts) against kinesalite: PutRecords in
 * calls within Kinesis's limits, read back with the official SDK (test/helpers/aws.ts).
 */
import { env } from "cloudflare:workers";
import { AwsClient } from "aws4fetch";
import { beforeAll, describe, expect, it } from "vitest";
import { type KinesisTargetOptions, kinesisTarget } from "../../src/domain/deliveries/targets/kinesis";
import { openTarget } from "../../src/domain/deliveries/targets/open";
import { probeTarget } from "../../src/domain/deliveries/targets/probe";
import { DeliveryTargetError, type StreamTarget } from "../../src/domain/deliveries/targets/target";
import { KINESIS_TEST_CREDENTIALS, STORAGE_TEST_REGION } from "../fakes/storage/credentials.ts";
import { createStream, readAllRecords, uniqueName } from "../helpers/aws.ts";
import { destinationRow } from "./target-rows.ts";

const kinesis = (streamName: string, options: Partial<KinesisTargetOptions> = {}): StreamTarget =>
  kinesisTarget({
    endpoint: env.KINESIS_TEST_ENDPOINT,
    region: STORAGE_TEST_REGION,
    streamName,
    credentials: KINESIS_TEST_CREDENTIALS,
    timeoutMs: 5000,
    backoffMs: 1,
    ...options,
  });

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

type PutRecordsBody = { StreamName: string; Records: { Data: string; PartitionKey: string }[] };

/** A fetch that notes each PutRecords call's record count, then sends it on unchanged. */
function countingFetch(counts: number[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = (await request.clone().json()) as PutRecordsBody;
    counts.push(body.Records.length);
    return fetch(request);
  };
}

async function failureOf(promise: Promise<unknown>): Promise<DeliveryTargetError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DeliveryTargetError);
  return error as DeliveryTargetError;
}

describe("Kinesis target", () => {
  const stream = uniqueName("targets");
  beforeAll(() => createStream(stream, 2));

  it("puts 1200 records in calls of at most 500, each partition key's records in order", async () => {
    const streamName = uniqueName("order");
    await createStream(streamName, 3);
    const counts: number[] = [];
    const keys = Array.from({ length: 7 }, (_, index) => `veh_${index}`);
    const records = Array.from({ length: 1200 }, (_, index) => ({ key: keys[index % keys.length]!, seq: index }));
    await kinesis(streamName, { fetch: countingFetch(counts) }).putRecords(
      records.map((record) => ({ partitionKey: record.key, data: json(record) })),
    );
    expect(counts).toEqual([500, 500, 200]);

    const read = await readAllRecords(streamName);
    expect(read).toHaveLength(1200);
    expect(read.map((record) => (record.data as { seq: number }).seq).sort((a, b) => a - b)).toEqual(
      records.map((record) => record.seq),
    );
    for (const key of keys) {
      const ofKey = read.filter((record) => record.partitionKey === key);
      const seqs = ofKey.map((record) => (record.data as { seq: number }).seq);
      expect(seqs).toEqual(records.filter((record) => record.key === key).map((record) => record.seq));
      expect(new Set(ofKey.map((record) => record.shardId)).size).toBe(1);
    }
  });

  it("keeps each call within 5 MiB", async () => {
    const counts: number[] = [];
    const big = new Uint8Array(512 * 1024).fill(0x61);
    await kinesis(stream, { fetch: countingFetch(counts) }).putRecords(
      Array.from({ length: 12 }, () => ({ partitionKey: "big", data: big })),
    );
    // Ten records of 512 KiB and their keys are a little over 5 MiB.
    expect(counts).toEqual([9, 3]);
  });

  it("refuses a record over 1 MiB before sending anything", async () => {
    const counts: number[] = [];
    const error = await failureOf(
      kinesis(stream, { fetch: countingFetch(counts) }).putRecords([
        { partitionKey: "ok", data: json({ a: 1 }) },
        { partitionKey: "p", data: new Uint8Array(1024 * 1024) },
      ]),
    );
    expect(error).toMatchObject({ kind: "refused", code: "ValidationException" });
    expect(error.message).toContain("Record 1 is 1048577 bytes");
    expect(counts).toEqual([]);
  });

  it("a stream that does not exist is refused (ResourceNotFoundException)", async () => {
    const error = await failureOf(kinesis(uniqueName("missing")).putRecords([{ partitionKey: "p", data: json({}) }]));
    expect(error).toMatchObject({ kind: "refused", status: 400, code: "ResourceNotFoundException" });
    expect(error.message).toMatch(/^Kinesis answered HTTP 400 ResourceNotFoundException: /);
  });

  /**
   * kinesalite accepts every record (it has no throughput limits): this fetch makes calls partial
   * failures by sending on (signed again) only the records `throttles` lets through, and answering
   * the others as AWS does when a shard is over its limit.
   */
  function partiallyFailingFetch(
    calls: string[][],
    throttles: (partitionKey: string, call: number) => boolean,
  ): typeof fetch {
    const signer = new AwsClient({
      ...KINESIS_TEST_CREDENTIALS,
      service: "kinesis",
      region: STORAGE_TEST_REGION,
      retries: 0,
    });
    return async (input, init) => {
      const request = new Request(input, init);
      const body = (await request.json()) as PutRecordsBody;
      calls.push(body.Records.map((record) => record.PartitionKey));
      const throttled = body.Records.map((record) => throttles(record.PartitionKey, calls.length));
      const sent = body.Records.filter((_, index) => !throttled[index]);
      // A call whose every record is throttled reaches no shard (kinesalite refuses an empty call).
      const accepted: object[] = [];
      if (sent.length > 0) {
        const response = await signer.fetch(request.url, {
          method: "POST",
          headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "Kinesis_20131202.PutRecords" },
          body: JSON.stringify({ ...body, Records: sent }),
        });
        accepted.push(...((await response.json()) as { Records: object[] }).Records);
      }
      const refusal = {
        ErrorCode: "ProvisionedThroughputExceededException",
        ErrorMessage: "Rate exceeded for shard.",
      };
      const records = body.Records.map((_, index) => (throttled[index] ? refusal : accepted.shift()));
      return Response.json({ FailedRecordCount: records.filter((r) => r === refusal).length, Records: records });
    };
  }

  it("sends the records a call did not accept again, until all are", async () => {
    const streamName = uniqueName("partial");
    await createStream(streamName, 1);
    const calls: string[][] = [];
    const keys = Array.from({ length: 10 }, (_, index) => `k${index}`);
    await kinesis(streamName, {
      fetch: partiallyFailingFetch(calls, (key, call) => call === 1 && Number(key.slice(1)) % 2 === 1),
    }).putRecords(keys.map((key) => ({ partitionKey: key, data: json({ key }) })));
    expect(calls).toEqual([keys, ["k1", "k3", "k5", "k7", "k9"]]);
    const read = await readAllRecords(streamName);
    expect(read.map((record) => record.partitionKey).sort()).toEqual(keys);
  });

  it("fails transient when records are still not accepted after the last attempt", async () => {
    const exhausted: string[][] = [];
    const failure = await failureOf(
      kinesis(stream, { maxAttempts: 3, fetch: partiallyFailingFetch(exhausted, (key) => key === "k2") }).putRecords(
        [1, 2, 3].map((n) => ({ partitionKey: `k${n}`, data: json({ n }) })),
      ),
    );
    expect(exhausted).toEqual([["k1", "k2", "k3"], ["k2"], ["k2"]]);
    expect(failure).toMatchObject({ kind: "transient", code: "ProvisionedThroughputExceededException" });
    expect(failure.message).toBe(
      "Kinesis did not accept 1 of 1 records (ProvisionedThroughputExceededException: Rate exceeded for shard.) after 3 attempts.",
    );
  });

  it("opens a kinesis destination; its probe puts one probe record", async () => {
    const streamName = uniqueName("probe");
    await createStream(streamName, 1);
    const row = await destinationRow(
      { type: "kinesis", endpoint: env.KINESIS_TEST_ENDPOINT, region: STORAGE_TEST_REGION, streamName },
      KINESIS_TEST_CREDENTIALS,
    );
    const result = await probeTarget(await openTarget(env, row));
    expect(result).toMatchObject({ ok: true, message: expect.stringContaining("cannot delete") });
    const read = await readAllRecords(streamName);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ partitionKey: "probe", data: { type: "probe" } });
  });
});
