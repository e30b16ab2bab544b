/**
 * The request shapes the service's S3 and Kinesis clients send (aws4fetch, SigV4), tried from the
 * Worker's runtime against the test run's s3rver and kinesalite, and read back with the official
 * AWS SDK clients (test/helpers/aws.ts). What works here is what the destinations are written to;
 * where the servers are laxer than AWS, the test says so.
 */

import { env } from "cloudflare:workers";
import { AwsClient } from "aws4fetch";
import { beforeAll, describe, expect, it } from "vitest";
import { encodeObjectKey } from "../../src/domain/deliveries/targets/s3";
import { KINESIS_TEST_CREDENTIALS, S3_TEST_CREDENTIALS, STORAGE_TEST_REGION } from "../fakes/storage/credentials.ts";
import {
  createBucket,
  createStream,
  getObject,
  getObjectText,
  gunzipNdjson,
  listKeys,
  readAllRecords,
  uniqueName,
} from "../helpers/aws.ts";

// Neither service nor region can be guessed from 127.0.0.1: both are given. `retries: 0`: aws4fetch
// retries 5xx and 429 answers ten times by itself otherwise (up to ~50 s of backoff).
const s3 = new AwsClient({ ...S3_TEST_CREDENTIALS, service: "s3", region: STORAGE_TEST_REGION, retries: 0 });
const kinesis = new AwsClient({
  ...KINESIS_TEST_CREDENTIALS,
  service: "kinesis",
  region: STORAGE_TEST_REGION,
  retries: 0,
});

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const ndjson = (records: unknown[]) => records.map((record) => `${JSON.stringify(record)}\n`).join("");

// Object keys are encoded as the service encodes them (each segment RFC 3986, "/" kept).
const encodeKey = encodeObjectKey;
const objectUrl = (bucket: string, key: string) => `${env.S3_TEST_ENDPOINT}/${bucket}/${encodeKey(key)}`;

const xmlValue = (xml: string, tag: string) => xml.match(new RegExp(`<${tag}>([^<]*)</${tag}>`))?.[1];

describe("S3 (s3rver) through aws4fetch", () => {
  const bucket = uniqueName("dest");
  beforeAll(() => createBucket(bucket));

  it("PutObject: PUT <endpoint>/<bucket>/<key>, gzip NDJSON with its content type and encoding", async () => {
    const key = "exports/Vehicle/connection=conn_1/dlv_1/part-1.ndjson.gz";
    const records = [
      { id: "veh_1", name: "Truck 1" },
      { id: "veh_2", name: "Truck 2" },
    ];
    const response = await s3.fetch(objectUrl(bucket, key), {
      method: "PUT",
      headers: { "content-type": "application/x-ndjson", "content-encoding": "gzip" },
      body: await gzip(ndjson(records)),
    });
    expect(response.status).toBe(200);
    // The ETag comes quoted, as S3's does.
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    await response.body?.cancel();

    expect(await listKeys(bucket, "exports/")).toEqual([key]);
    const stored = await getObject(bucket, key);
    expect(stored).toMatchObject({ contentType: "application/x-ndjson", contentEncoding: "gzip" });
    expect(await gunzipNdjson(stored.bytes)).toEqual(records);
  });

  it("PutObject of a JSON manifest, and a key with characters to encode", async () => {
    const key = "my exports+1 (eu)/manifests/dlv_1.json";
    const manifest = { deliveryId: "dlv_1", files: ["a", "b"] };
    const response = await s3.fetch(objectUrl(bucket, key), {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(manifest),
    });
    expect(response.status).toBe(200);
    await response.body?.cancel();
    expect(await listKeys(bucket, "my exports+1 (eu)/")).toEqual([key]);
    expect(JSON.parse(await getObjectText(bucket, key))).toEqual(manifest);
  });

  it("multipart upload: POST ?uploads, PUT ?partNumber=&uploadId=, POST ?uploadId= with the parts' ETags", async () => {
    const key = "exports/Trip/connection=conn_1/dlv_2/part-1.ndjson.gz";
    const url = objectUrl(bucket, key);
    // The object's headers are given when the upload is created; the parts carry only bytes.
    const created = await s3.fetch(`${url}?uploads`, {
      method: "POST",
      headers: { "content-type": "application/x-ndjson", "content-encoding": "gzip" },
    });
    expect(created.status).toBe(200);
    const uploadId = xmlValue(await created.text(), "UploadId");
    expect(uploadId).toMatch(/^[0-9a-f]+$/);

    // One gzip stream cut in two: the concatenated parts are one valid gzip file. s3rver does not
    // enforce S3's 5 MiB minimum for parts before the last one; real S3 answers EntityTooSmall
    // at completion, so parts here are small only because s3rver lets them be.
    const records = Array.from({ length: 200 }, (_, index) => ({ id: `trp_${index}`, distanceMeters: index * 10 }));
    const whole = await gzip(ndjson(records));
    const parts = [whole.slice(0, 700), whole.slice(700)];
    const etags: string[] = [];
    for (const [index, part] of parts.entries()) {
      const uploaded = await s3.fetch(`${url}?partNumber=${index + 1}&uploadId=${uploadId}`, {
        method: "PUT",
        body: part,
      });
      expect(uploaded.status).toBe(200);
      etags.push(uploaded.headers.get("etag")!);
      await uploaded.body?.cancel();
    }
    expect(etags.every((etag) => /^"[0-9a-f]{32}"$/.test(etag))).toBe(true);

    const completion = `<CompleteMultipartUpload>${etags
      .map((etag, index) => `<Part><PartNumber>${index + 1}</PartNumber><ETag>${etag}</ETag></Part>`)
      .join("")}</CompleteMultipartUpload>`;
    const completed = await s3.fetch(`${url}?uploadId=${uploadId}`, {
      method: "POST",
      headers: { "content-type": "application/xml" },
      body: completion,
    });
    // Real S3 may answer 200 with an <Error> body when completion fails late: read the body too.
    expect(completed.status).toBe(200);
    const body = await completed.text();
    expect(body).toContain("<CompleteMultipartUploadResult");
    expect(body).not.toContain("<Error>");
    // s3rver's object ETag is the MD5 of the whole object, not S3's "<md5 of md5s>-<parts>".
    expect(xmlValue(body, "ETag")).toMatch(/^(&quot;|")[0-9a-f]{32}(&quot;|")$/);

    const stored = await getObject(bucket, key);
    expect(stored).toMatchObject({ contentType: "application/x-ndjson", contentEncoding: "gzip" });
    expect(await gunzipNdjson(stored.bytes)).toEqual(records);
  });

  it("AbortMultipartUpload (DELETE ?uploadId=) is not implemented by s3rver: 405 MethodNotAllowed", async () => {
    // Real S3 answers 204 and drops the parts; an abort is best-effort cleanup anyway (a bucket
    // lifecycle rule removes incomplete uploads), so the service must not depend on its answer.
    const key = "exports/Trip/connection=conn_1/dlv_3/part-1.ndjson.gz";
    const created = await s3.fetch(`${objectUrl(bucket, key)}?uploads`, { method: "POST" });
    const uploadId = xmlValue(await created.text(), "UploadId");
    const aborted = await s3.fetch(`${objectUrl(bucket, key)}?uploadId=${uploadId}`, { method: "DELETE" });
    expect(aborted.status).toBe(405);
    expect(xmlValue(await aborted.text(), "Code")).toBe("MethodNotAllowed");
    expect(await listKeys(bucket, "exports/Trip/connection=conn_1/dlv_3/")).toEqual([]);
  });

  it("errors: XML bodies with S3's codes", async () => {
    const missing = await s3.fetch(objectUrl(uniqueName("missing"), "a.json"), { method: "PUT", body: "{}" });
    expect(missing.status).toBe(404);
    expect(xmlValue(await missing.text(), "Code")).toBe("NoSuchBucket");

    const wrongKey = new AwsClient({
      accessKeyId: "AKIAWRONG",
      secretAccessKey: "wrong",
      service: "s3",
      region: STORAGE_TEST_REGION,
      retries: 0,
    });
    const unknown = await wrongKey.fetch(objectUrl(bucket, "a.json"), { method: "PUT", body: "{}" });
    expect(unknown.status).toBe(403);
    expect(xmlValue(await unknown.text(), "Code")).toBe("InvalidAccessKeyId");

    // s3rver checks the access key id only, not the SigV4 signature itself (its v4 check is
    // unimplemented): signing.test.ts checks aws4fetch's signatures against the SDK's signer.
    const wrongSecret = new AwsClient({
      accessKeyId: "S3RVER",
      secretAccessKey: "wrong",
      service: "s3",
      region: STORAGE_TEST_REGION,
      retries: 0,
    });
    const unchecked = await wrongSecret.fetch(objectUrl(bucket, "a.json"), { method: "PUT", body: "{}" });
    expect(unchecked.status).toBe(200);
    await unchecked.body?.cancel();
  });
});

/** base64 of bytes, as the JSON protocol carries blobs. */
const base64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));

/** A Kinesis JSON 1.1 call: POST / with the operation in X-Amz-Target. */
function kinesisCall(operation: string, body: unknown, client = kinesis) {
  return client.fetch(`${env.KINESIS_TEST_ENDPOINT}/`, {
    method: "POST",
    headers: { "x-amz-target": `Kinesis_20131202.${operation}`, "content-type": "application/x-amz-json-1.1" },
    body: JSON.stringify(body),
  });
}

describe("Kinesis (kinesalite) through aws4fetch", () => {
  const stream = uniqueName("dest");
  beforeAll(() => createStream(stream, 2));

  it("PutRecords: base64 Data and a PartitionKey a record; each record's shard and sequence number back", async () => {
    const records = Array.from({ length: 20 }, (_, index) => ({ id: `veh_${index}`, model: "Vehicle" }));
    const response = await kinesisCall("PutRecords", {
      StreamName: stream,
      Records: records.map((record) => ({
        Data: base64(new TextEncoder().encode(JSON.stringify(record))),
        PartitionKey: record.id,
      })),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-amz-json-1.1");
    const result = (await response.json()) as {
      FailedRecordCount: number;
      Records: { SequenceNumber?: string; ShardId?: string; ErrorCode?: string }[];
    };
    // In request order, one a record. kinesalite never fails a record (no throughput limits):
    // a partial failure (ErrorCode ProvisionedThroughputExceededException) only comes from AWS.
    expect(result.FailedRecordCount).toBe(0);
    expect(result.Records).toHaveLength(20);
    expect(result.Records.every((record) => record.SequenceNumber && record.ShardId)).toBe(true);

    const read = await readAllRecords(stream);
    expect(
      read.map((record) => record.data).sort((a, b) => ((a as { id: string }).id < (b as { id: string }).id ? -1 : 1)),
    ).toEqual([...records].sort((a, b) => (a.id < b.id ? -1 : 1)));
    // Records of one partition key land on one shard, with the sequence numbers PutRecords gave.
    for (const [index, record] of records.entries()) {
      const found = read.find((entry) => entry.partitionKey === record.id);
      expect(found).toMatchObject({
        shardId: result.Records[index]!.ShardId,
        sequenceNumber: result.Records[index]!.SequenceNumber,
      });
    }
    expect(new Set(read.map((record) => record.shardId)).size).toBe(2);
  });

  it("errors: JSON bodies with __type and message, status 400", async () => {
    const missing = await kinesisCall("PutRecords", {
      StreamName: uniqueName("missing"),
      Records: [{ Data: base64(new TextEncoder().encode("{}")), PartitionKey: "p" }],
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ __type: "ResourceNotFoundException" });

    // At most 500 records a call (AWS also caps a call at 5 MiB, which kinesalite does not check;
    // it refuses bodies over 7 MiB with a bare 413).
    const tooMany = await kinesisCall("PutRecords", {
      StreamName: stream,
      Records: Array.from({ length: 501 }, () => ({ Data: base64(new TextEncoder().encode("{}")), PartitionKey: "p" })),
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ __type: "ValidationException" });

    // A record's Data is at most 1 MiB (decoded).
    const tooBig = await kinesisCall("PutRecords", {
      StreamName: stream,
      Records: [{ Data: base64(new Uint8Array(1024 * 1024 + 1)), PartitionKey: "p" }],
    });
    expect(tooBig.status).toBe(400);
    expect(await tooBig.json()).toMatchObject({ __type: "ValidationException" });
  });

  it("checks that a call is signed, not with what", async () => {
    const unsigned = await fetch(`${env.KINESIS_TEST_ENDPOINT}/`, {
      method: "POST",
      headers: { "x-amz-target": "Kinesis_20131202.ListStreams", "content-type": "application/x-amz-json-1.1" },
      body: "{}",
    });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toMatchObject({ __type: "MissingAuthenticationTokenException" });

    const anyKey = new AwsClient({
      accessKeyId: "anything",
      secretAccessKey: "at-all",
      service: "kinesis",
      region: STORAGE_TEST_REGION,
      retries: 0,
    });
    const listed = await kinesisCall("ListStreams", {}, anyKey);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { StreamNames: string[] }).StreamNames).toContain(stream);
  });
});
