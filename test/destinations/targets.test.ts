/**
 * The object targets (src/domain/deliveries/targets): S3 through aws4fetch against s3rver, read
 * back with the official SDK (test/helpers/aws.ts); R2 through the Worker's binding; opening a
 * destination's target (its sealed credentials, its endpoint's SSRF check) and probing it.
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import { openTarget } from "../../src/domain/deliveries/targets/open";
import { probeDestination, probeTarget } from "../../src/domain/deliveries/targets/probe";
import { r2Target } from "../../src/domain/deliveries/targets/r2";
import { MIN_PART_BYTES, type S3TargetOptions, s3Target } from "../../src/domain/deliveries/targets/s3";
import { DeliveryTargetError, type ObjectTarget } from "../../src/domain/deliveries/targets/target";
import { S3_TEST_CREDENTIALS, STORAGE_TEST_REGION } from "../fakes/storage/credentials.ts";
import { createBucket, getObject, listKeys, uniqueName } from "../helpers/aws.ts";
import { destinationRow, patternBytes, recordingFetch } from "./target-rows.ts";

const bucket = uniqueName("targets");
beforeAll(() => createBucket(bucket));
afterEach(() => vi.restoreAllMocks());

const s3 = (options: Partial<S3TargetOptions> = {}): ObjectTarget =>
  s3Target({
    endpoint: env.S3_TEST_ENDPOINT,
    region: STORAGE_TEST_REGION,
    bucket,
    prefix: "exports/test",
    credentials: S3_TEST_CREDENTIALS,
    timeoutMs: 5000,
    ...options,
  });

const text = (value: string) => new TextEncoder().encode(value);

/** The target's failure, which must be a DeliveryTargetError. */
async function failureOf(promise: Promise<unknown>): Promise<DeliveryTargetError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DeliveryTargetError);
  return error as DeliveryTargetError;
}

describe("S3 target", () => {
  it("puts an object under the prefix, read back with its bytes and content type; the same key again overwrites", async () => {
    const target = s3();
    const key = target.keyOf("Vehicle/connection=conn_1/dlv_1/part-1.ndjson.gz");
    expect(key).toBe("exports/test/Vehicle/connection=conn_1/dlv_1/part-1.ndjson.gz");
    const first = await target.put(key, text('{"id":"veh_1"}\n'), "application/gzip");
    expect(first.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await getObject(bucket, key)).toMatchObject({
      bytes: text('{"id":"veh_1"}\n'),
      contentType: "application/gzip",
      contentEncoding: undefined,
    });

    const second = await target.put(key, text('{"id":"veh_2"}\n'), "application/x-ndjson");
    expect(second.etag).not.toBe(first.etag);
    expect(await listKeys(bucket, "exports/test/Vehicle/")).toEqual([key]);
    expect(await getObject(bucket, key)).toMatchObject({
      bytes: text('{"id":"veh_2"}\n'),
      contentType: "application/x-ndjson",
    });
  });

  it("encodes keys with characters outside the unreserved set", async () => {
    const target = s3({ prefix: "my exports+1 (eu)" });
    const key = target.keyOf("manifests/dlv_1 'quoted'*.json");
    await target.put(key, text("{}"), "application/json");
    expect(await listKeys(bucket, "my exports+1 (eu)/")).toEqual([key]);
  });

  it("uploads a body above the threshold in parts (small parts: s3rver does not enforce S3's 5 MiB)", async () => {
    const log: string[] = [];
    const target = s3({ multipartThresholdBytes: 1000, partBytes: 1024, fetch: recordingFetch(log) });
    const key = target.keyOf("Trip/dlv_2/part-1.ndjson.gz");
    const body = patternBytes(5000);
    const { etag } = await target.put(key, body, "application/gzip");
    expect(etag).toMatch(/^"[0-9a-f-]+"$/);
    expect(log.map((line) => line.replace(/uploadId=[^&]+/, "uploadId=…").replace(/^(\w+) [^?]*/, "$1 "))).toEqual([
      "POST ?uploads",
      ...[1, 2, 3, 4, 5].map((part) => `PUT ?partNumber=${part}&uploadId=…`),
      "POST ?uploadId=…",
    ]);
    expect(await getObject(bucket, key)).toMatchObject({ bytes: body, contentType: "application/gzip" });
  });

  it("uploads a 6 MiB body as a 5 MiB part and a 1 MiB last part", async () => {
    const log: string[] = [];
    const target = s3({
      multipartThresholdBytes: MIN_PART_BYTES,
      partBytes: MIN_PART_BYTES,
      fetch: recordingFetch(log),
    });
    const key = target.keyOf("Trip/dlv_3/part-1.ndjson.gz");
    const body = patternBytes(6 * 1024 * 1024);
    await target.put(key, body, "application/gzip");
    expect(log.filter((line) => line.startsWith("PUT ")).map((line) => line.match(/partNumber=\d+/)?.[0])).toEqual([
      "partNumber=1",
      "partNumber=2",
    ]);
    const stored = await getObject(bucket, key);
    expect(stored.bytes.length).toBe(body.length);
    expect(stored.bytes).toEqual(body);
  });

  it("removes an object (and a key that is not there)", async () => {
    const target = s3();
    const key = target.keyOf("removed/a.json");
    await target.put(key, text("{}"), "application/json");
    await target.remove(key);
    expect(await listKeys(bucket, "exports/test/removed/")).toEqual([]);
    await target.remove(key);
  });

  it("an unknown access key id is refused (InvalidAccessKeyId), and the message holds no credential", async () => {
    const credentials = {
      accessKeyId: "AKIAUNKNOWNKEY000001",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    };
    const error = await failureOf(s3({ credentials }).put("exports/a.json", text("{}"), "application/json"));
    expect(error).toMatchObject({ kind: "refused", status: 403, code: "InvalidAccessKeyId" });
    expect(error.message).toMatch(/^S3 answered HTTP 403 InvalidAccessKeyId: /);
    expect(error.message).not.toContain(credentials.secretAccessKey);
  });

  it("a service message that echoes a credential has it taken out", async () => {
    // No server is known to echo a secret: this answer is made up to check the redaction itself.
    const credentials = { accessKeyId: "AKIAECHOEDKEY0000001", secretAccessKey: "echoed-secret-access-key-0123456789" };
    const echo: typeof fetch = async () =>
      new Response(
        `<Error><Code>SignatureDoesNotMatch</Code><Message>Signed with ${credentials.secretAccessKey} by ${credentials.accessKeyId}</Message></Error>`,
        { status: 403 },
      );
    const error = await failureOf(s3({ credentials, fetch: echo }).remove("exports/a.json"));
    expect(error).toMatchObject({ kind: "refused", code: "SignatureDoesNotMatch" });
    expect(error.message).toBe("S3 answered HTTP 403 SignatureDoesNotMatch: Signed with [redacted] by [redacted]");
  });

  it("a bucket that does not exist is refused (NoSuchBucket)", async () => {
    const error = await failureOf(s3({ bucket: uniqueName("missing") }).put("a.json", text("{}"), "application/json"));
    expect(error).toMatchObject({ kind: "refused", status: 404, code: "NoSuchBucket" });
  });

  it("an endpoint that does not answer is transient", async () => {
    // Port 9 (discard) on loopback: nothing listens there in the test run. workerd logs the refused
    // connection as an "uncaught exception" even though the fetch's rejection is caught (a plain
    // `fetch(...).catch()` logs the same).
    const error = await failureOf(s3({ endpoint: "http://127.0.0.1:9" }).put("a.json", text("{}"), "application/json"));
    expect(error.kind).toBe("transient");
    expect(error.message).toMatch(/^S3 did not answer/);
  });

  it("throttling and server errors are transient", async () => {
    const answer =
      (status: number, code: string): typeof fetch =>
      async () =>
        new Response(`<Error><Code>${code}</Code><Message>Please reduce your request rate.</Message></Error>`, {
          status,
        });
    for (const [status, code] of [
      [503, "SlowDown"],
      [500, "InternalError"],
      [400, "RequestTimeout"],
    ] as const) {
      const error = await failureOf(s3({ fetch: answer(status, code) }).put("a.json", text("{}"), "application/json"));
      expect(error).toMatchObject({ kind: "transient", status, code });
    }
  });
});

describe("R2 target", () => {
  it("puts and removes objects under the prefix through the binding", async () => {
    const target = r2Target(env.DESTINATIONS_BUCKET, `r2-${crypto.randomUUID()}`);
    const key = target.keyOf("Vehicle/part-1.ndjson.gz");
    const { etag } = await target.put(key, text("one"), "application/gzip");
    expect(etag).toMatch(/^".+"$/);
    await target.put(key, text("two"), "application/gzip");
    const stored = await env.DESTINATIONS_BUCKET.get(key);
    expect(stored?.httpMetadata?.contentType).toBe("application/gzip");
    expect(await stored?.text()).toBe("two");
    await target.remove(key);
    expect(await env.DESTINATIONS_BUCKET.get(key)).toBeNull();
  });

  it("an empty prefix puts keys at the bucket's root", () => {
    expect(r2Target(env.DESTINATIONS_BUCKET, "").keyOf("manifests/dlv_1.json")).toBe("manifests/dlv_1.json");
  });
});

/** The origins of the requests the `fetch` spy saw. */
const originsAsked = (spy: MockInstance<typeof fetch>) =>
  spy.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)).origin);

describe("openTarget and probes", () => {
  it("opens an s3 destination with its sealed credentials; its probe writes and removes an object", async () => {
    const row = await destinationRow(
      { type: "s3", endpoint: env.S3_TEST_ENDPOINT, region: STORAGE_TEST_REGION, bucket, prefix: "probed" },
      S3_TEST_CREDENTIALS,
    );
    const target = await openTarget(env, row);
    expect(target.kind).toBe("objects");
    const result = await probeTarget(target);
    expect(result).toEqual({
      ok: true,
      message: expect.stringMatching(/^Wrote and removed probed\/_probe\/[0-9a-f-]+\.txt\.$/),
    });
    expect(await listKeys(bucket, "probed/")).toEqual([]);
  });

  it("an r2 destination's probe", async () => {
    const row = await destinationRow({ type: "r2", prefix: `r2-probe-${crypto.randomUUID()}` });
    expect(await probeDestination(env, row)).toMatchObject({ ok: true });
    const prefix = (row.config as { prefix: string }).prefix;
    expect((await env.DESTINATIONS_BUCKET.list({ prefix })).objects).toEqual([]);
  });

  it("a failing probe answers the service's code and status", async () => {
    const row = await destinationRow(
      { type: "s3", endpoint: env.S3_TEST_ENDPOINT, region: STORAGE_TEST_REGION, bucket, prefix: "" },
      { accessKeyId: "AKIAUNKNOWNKEY000002", secretAccessKey: "probe-secret-that-must-not-show-0001" },
    );
    const result = await probeDestination(env, row);
    expect(result).toMatchObject({ ok: false, status: 403, code: "InvalidAccessKeyId" });
    expect(result.message).not.toContain("probe-secret-that-must-not-show-0001");
  });

  it("refuses an endpoint on a private address without sending any request", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    for (const type of ["s3", "kinesis"] as const) {
      const config =
        type === "s3"
          ? { type, endpoint: "https://10.0.0.1", region: "us-east-1", bucket: "b", prefix: "" }
          : { type, endpoint: "https://10.0.0.1", region: "us-east-1", streamName: "s" };
      const error = await failureOf(openTarget(env, await destinationRow(config, S3_TEST_CREDENTIALS)));
      expect(error).toMatchObject({ kind: "refused", code: "EndpointNotAllowed" });
      expect(error.message).toContain("private or reserved address");
    }
    // Other work of the shared runtime (queue consumers, webhook deliveries) may fetch meanwhile: the
    // check is that nothing went to the refused address.
    expect(originsAsked(spy)).not.toContain("https://10.0.0.1");
  });

  it("refuses an endpoint whose name resolves to a private address, asking only the resolver", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    const row = await destinationRow(
      { type: "s3", endpoint: "https://private.example.test", region: "us-east-1", bucket: "b", prefix: "" },
      S3_TEST_CREDENTIALS,
    );
    const error = await failureOf(openTarget(env, row));
    expect(error).toMatchObject({ kind: "refused", code: "EndpointNotAllowed" });
    expect(error.message).toContain("resolves to 10.0.0.1");
    // The resolver was asked, the endpoint never (other work of the shared runtime may fetch elsewhere meanwhile).
    const asked = originsAsked(spy);
    expect(asked).toContain(new URL(env.WEBHOOK_DNS_RESOLVER_URL).origin);
    expect(asked).not.toContain("https://private.example.test");
    expect(asked).not.toContain("https://10.0.0.1");
    expect(await probeDestination(env, row)).toMatchObject({ ok: false, code: "EndpointNotAllowed" });
  });
});
