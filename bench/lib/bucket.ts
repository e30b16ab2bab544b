/**
 * What a delivery actually left in a bucket, read back with the AWS SDK as a customer would:
 * every object under a prefix, each part un-gzipped and its lines counted, checked against the
 * manifest object the delivery wrote last. bench:delivery reports a delivery's own `records`
 * only once the bucket holds exactly that many lines, so its rate counts records that arrived.
 */
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { S3_TEST_CREDENTIALS, STORAGE_TEST_REGION } from "../../test/fakes/storage/credentials.ts";

export type BucketContent = {
  /** NDJSON lines over every part object. */
  records: number;
  /** Part objects (the manifest aside). */
  parts: number;
  /** Stored (gzip) bytes of the parts. */
  bytes: number;
  /** Un-gzipped bytes of the parts: the NDJSON itself. */
  plainBytes: number;
  /** Records per model, from the parts' lines. */
  byModel: Record<string, number>;
  /** Un-gzipped bytes per model. */
  plainByModel: Record<string, number>;
};

type ManifestPart = { key: string; model: string; records: number; bytes: number; sha256: string };

export function bucketClient(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: STORAGE_TEST_REGION,
    forcePathStyle: true,
    // A copy: the SDK marks the object it is given (`$source`), which would then travel in a request body.
    credentials: { ...S3_TEST_CREDENTIALS },
  });
}

async function objectBytes(client: S3Client, bucket: string, key: string): Promise<Uint8Array> {
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return object.Body!.transformToByteArray();
}

/**
 * Reads every object under `prefix/` and the manifest at `manifestKey`; throws if a part is not in
 * the manifest (or the other way round), or differs from it in records, bytes or checksum.
 */
export async function readDelivered(
  client: S3Client,
  bucket: string,
  prefix: string,
  manifestKey: string,
): Promise<BucketContent> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/`, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) keys.push(object.Key!);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  const manifest = JSON.parse(new TextDecoder().decode(await objectBytes(client, bucket, manifestKey))) as {
    records: number;
    parts: ManifestPart[];
  };
  const listed = new Map(manifest.parts.map((part) => [part.key, part]));
  const partKeys = keys.filter((key) => key !== manifestKey);
  const content: BucketContent = { records: 0, parts: 0, bytes: 0, plainBytes: 0, byModel: {}, plainByModel: {} };
  for (const key of partKeys) {
    const part = listed.get(key);
    if (!part) throw new Error(`bench: ${key} is in the bucket but not in the manifest`);
    const body = await objectBytes(client, bucket, key);
    const plain = gunzipSync(body);
    const lines = plain.toString("utf8").split("\n").filter(Boolean).length;
    const checksum = createHash("sha256").update(body).digest("hex");
    if (lines !== part.records || body.byteLength !== part.bytes || checksum !== part.sha256) {
      throw new Error(
        `bench: ${key} holds ${lines} records, ${body.byteLength} bytes, sha256 ${checksum}; the manifest says ${part.records}, ${part.bytes}, ${part.sha256}`,
      );
    }
    content.records += lines;
    content.parts += 1;
    content.bytes += body.byteLength;
    content.plainBytes += plain.byteLength;
    content.byModel[part.model] = (content.byModel[part.model] ?? 0) + lines;
    content.plainByModel[part.model] = (content.plainByModel[part.model] ?? 0) + plain.byteLength;
  }
  if (content.parts !== manifest.parts.length || content.records !== manifest.records) {
    throw new Error(
      `bench: the bucket holds ${content.parts} parts and ${content.records} records; the manifest lists ${manifest.parts.length} and ${manifest.records}`,
    );
  }
  return content;
}
