/**
 * Issue 22: a delivery interrupted mid-way and resumed leaves the bucket identical to an
 * uninterrupted one. Two s3 destinations of the same connection and models write to s3rver, one
 * straight, one through a proxy that injects faults (test/fakes/storage/faulty-proxy.ts): a part
 * refused twice with 500, a part written but answered with an error (the retried unit writes the
 * same object again), a part held unanswered while the test looks at the half-written bucket, and
 * the manifest refused once. Both buckets are then read back with the AWS SDK
 * client and compared object by object.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FaultRule, LoggedRequest } from "../fakes/storage/faulty-proxy";
import { listEvery } from "../helpers/api-assertions";
import { createBucket, getObjectBytes, getObjectText, gunzipNdjson, listKeys, uniqueName } from "../helpers/aws";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { type Delivery, s3DestinationBody, syncedConnection, waitForDelivery } from "./delivery-helpers";

type Manifest = {
  deliveryId: string;
  destinationId: string;
  requestedAt: string;
  upTo: string;
  records: number;
  parts: { key: string; model: string; connectionId: string; records: number; bytes: number; sha256: string }[];
};

type ProxyState = { log: LoggedRequest[]; injected: number; held: number };

const PREFIX = "fleet/resume";

/** The proxy's control endpoint for one bucket (faults are kept per bucket: other files' never meet these). */
async function faults(bucket: string, method: "GET" | "POST" | "DELETE", rules?: FaultRule[]): Promise<ProxyState> {
  const response = await fetch(`${env.S3_FAULTY_TEST_ENDPOINT}/__faults/${bucket}`, {
    method,
    ...(rules ? { body: JSON.stringify({ rules }) } : {}),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ProxyState;
}

/** Polls (at most 60 s) until `done` holds of the proxy's state for the bucket. */
async function waitForProxy(bucket: string, done: (state: ProxyState) => boolean): Promise<ProxyState> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await faults(bucket, "GET");
    if (done(state)) return state;
    if (Date.now() > deadline) throw new Error(`the proxy never reached the state: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function createDestination(key: string, body: Record<string, unknown>): Promise<string> {
  const created = await call("POST", `${BASE.sandbox}/destinations`, { key, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

async function deliveryOf(key: string, destinationId: string): Promise<Delivery | undefined> {
  const listed = await call("GET", `${BASE.sandbox}/destinations/${destinationId}/deliveries`, { key });
  return (listed.body.results as Delivery[])[0];
}

/** A bucket as the SDK reads it: each key under the prefix with the delivery's id made `<delivery>`. */
async function readBucket(bucket: string, delivery: Delivery) {
  const relative = (key: string) => key.slice(`${PREFIX}/`.length).replaceAll(delivery.id, "<delivery>");
  const keys = await listKeys(bucket, `${PREFIX}/`);
  const manifest = JSON.parse(await getObjectText(bucket, `${PREFIX}/manifests/${delivery.id}.json`)) as Manifest;
  const objects = new Map<string, { bytes: Uint8Array; records: unknown[] }>();
  for (const key of keys.filter((key) => !key.includes("/manifests/"))) {
    const bytes = await getObjectBytes(bucket, key);
    objects.set(relative(key), { bytes, records: await gunzipNdjson(bytes) });
  }
  return {
    keys: keys.map(relative),
    objects,
    // The fields that name the delivery, its destination or its request time differ between the two
    // deliveries by construction: only they are normalized, every other field is compared as written.
    manifest: {
      ...manifest,
      deliveryId: "<delivery>",
      destinationId: "<destination>",
      requestedAt: "<requested>",
      upTo: "<upTo>",
      parts: manifest.parts.map((part) => ({ ...part, key: relative(part.key) })),
    },
  };
}

const partKey = (model: string, part: number) => `/${model}/connection=[^/]+/[^/]+/part-${part}\\.ndjson\\.gz$`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a delivery interrupted mid-way and resumed", () => {
  it("leaves the bucket identical to an uninterrupted delivery's, every record once", async () => {
    const warnings = vi.spyOn(console, "warn");
    // Trips come with the vehicle time series, which an application turns on.
    const app = await createTestApplication({ timeSeries: true });
    const key = app.keys.sandbox.secret;
    // A manual-sync connection: nothing changes between the two deliveries, which read up to their own request.
    const { id: connectionId, caller } = await syncedConnection(app);
    const straightBucket = uniqueName("resume-straight");
    const faultyBucket = uniqueName("resume-faulty");
    await createBucket(straightBucket);
    await createBucket(faultyBucket);

    const straightId = await createDestination(key, s3DestinationBody(straightBucket, PREFIX));
    const straight = await waitForDelivery(key, straightId);
    expect(straight, straight.failureReason).toMatchObject({ status: "completed", trigger: "backfill" });
    // Enough parts for the faults below to fall mid-way (7 records a part in tests: DELIVERY_PART_RECORDS).
    const straightParts = JSON.parse(
      await getObjectText(straightBucket, `${PREFIX}/manifests/${straight.id}.json`),
    ) as Manifest;
    const partsOf = (model: string) => straightParts.parts.filter((part) => part.model === model).length;
    expect(partsOf("Vehicle")).toBeGreaterThanOrEqual(2);
    expect(partsOf("Trip")).toBeGreaterThanOrEqual(3);

    await faults(faultyBucket, "POST", [
      // A part refused twice: the unit is retried with backoff, then writes it.
      { fault: "fail", method: "PUT", key: partKey("Vehicle", 2), times: 2, status: 500 },
      // A part written whose answer is an error: the delivery does not know it landed, and writes it again.
      { fault: "fail-after-write", method: "PUT", key: partKey("Driver", 1), times: 1 },
      // A part held unanswered until the test releases it: the delivery stops there.
      { fault: "hold", method: "PUT", key: partKey("Trip", 2) },
      // The manifest, written last, refused before it reaches the server.
      { fault: "fail", method: "PUT", key: "/manifests/[^/]+\\.json$", times: 1, status: 503 },
    ]);
    const faultyConfig = { ...s3DestinationBody(faultyBucket, PREFIX).config, endpoint: env.S3_FAULTY_TEST_ENDPOINT };
    const faultyId = await createDestination(key, { ...s3DestinationBody(faultyBucket, PREFIX), config: faultyConfig });

    // Mid-way: held at the second Trip part, with the parts before it written and no manifest yet.
    await waitForProxy(faultyBucket, (state) => state.held > 0);
    const midway = await deliveryOf(key, faultyId);
    expect(midway?.status).toBe("in_progress");
    const written = await listKeys(faultyBucket, `${PREFIX}/`);
    expect(written.some((object) => /\/Trip\/.*\/part-1\.ndjson\.gz$/.test(object))).toBe(true);
    expect(written.some((object) => /\/Trip\/.*\/part-2\.ndjson\.gz$/.test(object))).toBe(false);
    expect(written.some((object) => object.includes("/manifests/"))).toBe(false);
    await faults(faultyBucket, "DELETE");

    const resumed = await waitForDelivery(key, faultyId);
    expect(resumed, resumed.failureReason).toMatchObject({ status: "completed", trigger: "backfill" });
    expect(resumed.id).not.toBe(straight.id);

    // The faults really hit this delivery: each one it met failed an attempt of a unit, which the
    // queue retried (the warning each retry logs), and the objects they struck were written again.
    const proxy = await faults(faultyBucket, "GET");
    const injected = proxy.log.filter((entry) => entry.fault);
    expect(new Set(injected.map((entry) => entry.fault))).toEqual(new Set(["fail", "fail-after-write", "hold"]));
    const retries = warnings.mock.calls.filter(([line]) => {
      const logged = typeof line === "string" && line.startsWith("{") ? JSON.parse(line) : {};
      return logged.message === "delivery unit failed; retrying" && logged.deliveryId === resumed.id;
    });
    expect(retries).toHaveLength(injected.length);
    for (const entry of injected) {
      const after = proxy.log.slice(proxy.log.indexOf(entry) + 1);
      expect(
        after.some((later) => later.key === entry.key && later.forwarded === 200),
        entry.key,
      ).toBe(true);
    }
    // The part written but refused was written twice: the second write replaced the first.
    const refusedWrite = injected.find((entry) => entry.fault === "fail-after-write")!;
    expect(proxy.log.filter((entry) => entry.key === refusedWrite.key && entry.forwarded !== 200)).toHaveLength(1);

    // The two buckets: the same objects, the same records in each, the same manifest (but for the delivery's names).
    const expected = await readBucket(straightBucket, straight);
    const actual = await readBucket(faultyBucket, resumed);
    expect(actual.keys).toEqual(expected.keys);
    for (const [relative, object] of expected.objects) {
      expect(actual.objects.get(relative)?.records, relative).toEqual(object.records);
      // gzip of the same text is the same bytes: the checksums in the manifests match too.
      expect(actual.objects.get(relative)?.bytes, relative).toEqual(object.bytes);
    }
    expect(actual.manifest).toEqual(expected.manifest);
    expect(resumed).toMatchObject({ records: straight.records, parts: straight.parts });

    // Every record the API answers is in the resumed bucket exactly once.
    for (const [model, path] of [
      ["Vehicle", "/vehicles?hidden=true&deleted=true"],
      ["Driver", "/drivers?hidden=true&deleted=true"],
      ["Trip", "/trips"],
    ] as const) {
      const lines = [...actual.objects]
        .filter(([relative]) => relative.startsWith(`${model}/connection=${connectionId}/`))
        .flatMap(([, object]) => object.records as { id: string }[]);
      const ids = lines.map((record) => record.id);
      expect(new Set(ids).size, model).toBe(ids.length);
      const api = (await listEvery(caller, path)) as { id: string }[];
      expect(api.length, model).toBeGreaterThan(0);
      const byId = (items: { id: string }[]) => [...items].sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(byId(lines), model).toEqual(byId(api));
    }
  });
});
