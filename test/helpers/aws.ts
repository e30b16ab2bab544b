/**
 * Reading destinations back as a customer would: with the official AWS SDK clients, from inside
 * the Worker's runtime, against the test run's s3rver and kinesalite (test/fakes/storage/servers.ts,
 * their addresses in S3_TEST_ENDPOINT and KINESIS_TEST_ENDPOINT). The S3 client parses XML with
 * the SDK's own parser there (test/aws-sdk-xml-parser.ts).
 */

import { env } from "cloudflare:workers";
import {
  CreateStreamCommand,
  DescribeStreamSummaryCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  KinesisClient,
  ListShardsCommand,
} from "@aws-sdk/client-kinesis";
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { KINESIS_TEST_CREDENTIALS, S3_TEST_CREDENTIALS, STORAGE_TEST_REGION } from "../fakes/storage/credentials.ts";

/** A bucket or stream name of its own for a test: lower case, digits and dashes (valid for both). */
export function uniqueName(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 13)}`;
}

let s3: S3Client | undefined;
/** The SDK's S3 client on s3rver, path-style (the bucket in the path: there is no DNS for `<bucket>.127.0.0.1`). */
export function s3Client(): S3Client {
  s3 ??= new S3Client({
    endpoint: env.S3_TEST_ENDPOINT,
    region: STORAGE_TEST_REGION,
    forcePathStyle: true,
    credentials: S3_TEST_CREDENTIALS,
  });
  return s3;
}

export async function createBucket(name: string): Promise<void> {
  await s3Client().send(new CreateBucketCommand({ Bucket: name }));
}

/** Every key under `prefix`, in S3's (lexicographic) order, through all the listing's pages. */
export async function listKeys(bucket: string, prefix = ""): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3Client().send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) keys.push(object.Key!);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

export type StoredObject = {
  bytes: Uint8Array;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  /** The object's ETag as S3 sends it, quoted. */
  etag: string | undefined;
  metadata: Record<string, string>;
};

/**
 * An object's bytes as stored and the headers it was stored with. The runtime's fetch (which the
 * SDK sends with) decodes a `Content-Encoding: gzip` answer by itself, where a customer's SDK in
 * Node, Python or the CLI hands over the stored bytes: the GET asks for the answer without its
 * encoding (S3's `response-content-encoding` override), and the stored headers come from a HEAD.
 */
export async function getObject(bucket: string, key: string): Promise<StoredObject> {
  const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  const object = await s3Client().send(
    new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentEncoding: "identity" }),
  );
  return {
    bytes: await object.Body!.transformToByteArray(),
    contentType: head.ContentType,
    contentEncoding: head.ContentEncoding,
    etag: head.ETag,
    metadata: head.Metadata ?? {},
  };
}

export async function getObjectBytes(bucket: string, key: string): Promise<Uint8Array> {
  return (await getObject(bucket, key)).bytes;
}

export async function getObjectText(bucket: string, key: string): Promise<string> {
  return new TextDecoder().decode(await getObjectBytes(bucket, key));
}

/** Puts an object with the SDK (a file a customer left in the bucket, say). */
export async function putObject(bucket: string, key: string, body: string | Uint8Array): Promise<void> {
  await s3Client().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
}

/**
 * The records of a gzip-compressed NDJSON file: one JSON value a line, each line ended by "\n".
 * A blank line or a last line without its newline fails, as a strict reader would.
 */
export async function gunzipNdjson(bytes: Uint8Array): Promise<unknown[]> {
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
  if (text === "") return [];
  if (!text.endsWith("\n")) throw new Error("NDJSON text does not end with a newline");
  return text
    .slice(0, -1)
    .split("\n")
    .map((line) => JSON.parse(line) as unknown);
}

let kinesis: KinesisClient | undefined;
/** The SDK's Kinesis client on kinesalite. */
export function kinesisClient(): KinesisClient {
  kinesis ??= new KinesisClient({
    endpoint: env.KINESIS_TEST_ENDPOINT,
    region: STORAGE_TEST_REGION,
    credentials: KINESIS_TEST_CREDENTIALS,
  });
  return kinesis;
}

/** Creates a stream and waits (at most 10 s) until it is ACTIVE: until then it refuses records. */
export async function createStream(name: string, shards: number): Promise<void> {
  await kinesisClient().send(new CreateStreamCommand({ StreamName: name, ShardCount: shards }));
  for (let attempt = 0; attempt < 100; attempt++) {
    const { StreamDescriptionSummary } = await kinesisClient().send(
      new DescribeStreamSummaryCommand({ StreamName: name }),
    );
    if (StreamDescriptionSummary?.StreamStatus === "ACTIVE") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the stream ${name} did not become ACTIVE within 10 s`);
}

export type StreamRecord = {
  shardId: string;
  partitionKey: string;
  sequenceNumber: string;
  /** The record's data parsed as JSON. */
  data: unknown;
};

/** Every record of the stream: each shard read from TRIM_HORIZON to its end, shard by shard, in sequence order. */
export async function readAllRecords(stream: string): Promise<StreamRecord[]> {
  const client = kinesisClient();
  const { Shards } = await client.send(new ListShardsCommand({ StreamName: stream }));
  const records: StreamRecord[] = [];
  for (const shard of Shards ?? []) {
    let { ShardIterator: iterator } = await client.send(
      new GetShardIteratorCommand({ StreamName: stream, ShardId: shard.ShardId, ShardIteratorType: "TRIM_HORIZON" }),
    );
    // An open shard always hands out a next iterator: its end, for now, is the first empty page.
    for (let page = 0; iterator; page++) {
      if (page === 1000) throw new Error(`the shard ${shard.ShardId} of ${stream} did not end within 1000 pages`);
      const result = await client.send(new GetRecordsCommand({ ShardIterator: iterator }));
      if (!result.Records?.length) break;
      for (const record of result.Records) {
        records.push({
          shardId: shard.ShardId!,
          partitionKey: record.PartitionKey!,
          sequenceNumber: record.SequenceNumber!,
          data: JSON.parse(new TextDecoder().decode(record.Data)) as unknown,
        });
      }
      iterator = result.NextShardIterator;
    }
  }
  return records;
}
