/**
 * aws4fetch's SigV4 signatures for the request shapes the destinations send, checked against the
 * AWS SDK's own signer (@smithy/signature-v4, which @aws-sdk/client-s3 and client-kinesis sign
 * with). s3rver checks only the access key id and kinesalite only that a signature is there, so a
 * wrongly canonicalized request (an encoded key, a sub-resource query) would pass against them and
 * fail against AWS: here the same request, signed at the same instant with the same headers, must
 * get the same Authorization header from both.
 */
import { Sha256 } from "@smithy/core/checksum";
import { SignatureV4 } from "@smithy/signature-v4";
import { AwsV4Signer } from "aws4fetch";
import { describe, expect, it } from "vitest";
import { encodeObjectKey } from "../../src/domain/deliveries/targets/s3";

const credentials = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
};
const region = "eu-west-1";
const datetime = "20260115T101500Z";
const signingDate = new Date("2026-01-15T10:15:00Z");

type Shape = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  sessionToken?: string;
};

async function bothSignatures(service: "s3" | "kinesis", shape: Shape) {
  const signed = await new AwsV4Signer({
    ...credentials,
    ...(shape.sessionToken ? { sessionToken: shape.sessionToken } : {}),
    service,
    region,
    datetime,
    method: shape.method,
    url: shape.url,
    headers: shape.headers ?? {},
    body: shape.body ?? null,
  }).sign();
  const authorization = signed.headers.get("authorization")!;
  const signedHeaders = new Set(authorization.match(/SignedHeaders=([^,]+)/)![1]!.split(";"));

  // The SDK signs the headers aws4fetch signed (it would sign content-type too, which aws4fetch
  // leaves out: both are valid SigV4, with different signatures).
  const url = new URL(shape.url);
  const headers: Record<string, string> = {};
  for (const [name, value] of signed.headers)
    if (signedHeaders.has(name) && name !== "x-amz-date") headers[name] = value;
  headers.host = url.host;
  const sdk = new SignatureV4({
    credentials: { ...credentials, ...(shape.sessionToken ? { sessionToken: shape.sessionToken } : {}) },
    region,
    service,
    sha256: Sha256,
    // S3 signs the path as sent, its keys already encoded once; other services encode it again.
    uriEscapePath: service !== "s3",
    applyChecksum: false,
  });
  const request = await sdk.sign(
    {
      method: shape.method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: shape.body,
    },
    { signingDate },
  );
  return { aws4fetch: authorization, sdk: request.headers.authorization };
}

// Object keys are encoded as the service encodes them (each segment RFC 3986, "/" kept).
const encodeKey = encodeObjectKey;

const objectUrl = (key: string) => `https://my-bucket.s3.eu-west-1.amazonaws.com/${encodeKey(key)}`;
const pathStyleUrl = (key: string) => `http://127.0.0.1:4568/my-bucket/${encodeKey(key)}`;
const KEY = "customer prefix+1 (eu)/Vehicle/connection=conn_01J/dlv_01J/part-1.ndjson.gz";

describe("aws4fetch signs as the AWS SDK does", () => {
  const cases: [string, "s3" | "kinesis", Shape][] = [
    [
      "S3 PutObject, virtual-hosted, an encoded key, content headers",
      "s3",
      {
        method: "PUT",
        url: objectUrl(KEY),
        headers: { "content-type": "application/x-ndjson", "content-encoding": "gzip" },
        body: new Uint8Array([31, 139, 8, 0]),
      },
    ],
    ["S3 PutObject, path-style on a port", "s3", { method: "PUT", url: pathStyleUrl(KEY), body: "{}" }],
    [
      "S3 PutObject with a session token",
      "s3",
      { method: "PUT", url: objectUrl(KEY), body: "{}", sessionToken: "FwoGZXIvYXdzEJr//token+/=" },
    ],
    ["S3 CreateMultipartUpload (?uploads)", "s3", { method: "POST", url: `${objectUrl(KEY)}?uploads` }],
    [
      "S3 UploadPart (?partNumber=&uploadId=)",
      "s3",
      { method: "PUT", url: `${objectUrl(KEY)}?partNumber=2&uploadId=VXBsb2FkIElE.b-1~x`, body: "part" },
    ],
    [
      "S3 CompleteMultipartUpload (?uploadId=)",
      "s3",
      {
        method: "POST",
        url: `${objectUrl(KEY)}?uploadId=VXBsb2FkIElE.b-1~x`,
        headers: { "content-type": "application/xml" },
        body: "<CompleteMultipartUpload></CompleteMultipartUpload>",
      },
    ],
    [
      "Kinesis PutRecords (JSON 1.1, POST /)",
      "kinesis",
      {
        method: "POST",
        url: "https://kinesis.eu-west-1.amazonaws.com/",
        headers: {
          "x-amz-target": "Kinesis_20131202.PutRecords",
          "content-type": "application/x-amz-json-1.1",
        },
        body: JSON.stringify({ StreamName: "s", Records: [{ Data: "e30=", PartitionKey: "veh_1" }] }),
      },
    ],
    [
      "Kinesis PutRecords with a session token",
      "kinesis",
      {
        method: "POST",
        url: "https://kinesis.eu-west-1.amazonaws.com/",
        headers: { "x-amz-target": "Kinesis_20131202.PutRecords", "content-type": "application/x-amz-json-1.1" },
        body: "{}",
        sessionToken: "session-token",
      },
    ],
  ];

  for (const [name, service, shape] of cases) {
    it(name, async () => {
      const { aws4fetch, sdk } = await bothSignatures(service, shape);
      expect(aws4fetch).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/20260115\/eu-west-1\//);
      expect(aws4fetch).toBe(sdk);
    });
  }
});
