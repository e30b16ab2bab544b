/**
 * Deliveries to S3 (issue 22), through the service to a real S3-compatible server (s3rver), read
 * back with the official AWS SDK client as a customer would: the backfill lands every record the
 * API answers exactly once, in gzip NDJSON parts that the manifest lists with their checksums; the
 * next delivery carries only what changed.
 */
import { describe, expect, it } from "vitest";
import { listEvery } from "../helpers/api-assertions";
import { createBucket, getObjectBytes, getObjectText, gunzipNdjson, listKeys, uniqueName } from "../helpers/aws";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { s3DestinationBody, syncedConnection, waitForDelivery } from "./delivery-helpers";

type Manifest = {
  deliveryId: string;
  records: number;
  parts: { key: string; model: string; connectionId: string; records: number; bytes: number; sha256: string }[];
};

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

describe("an s3 destination", () => {
  it("receives every record of its models once, listed by a manifest written last; then only changes", async () => {
    // Trips come with the vehicle time series, which an application turns on.
    const app = await createTestApplication({ timeSeries: true });
    const key = app.keys.sandbox.secret;
    const { id: connectionId, caller } = await syncedConnection(app);
    const bucket = uniqueName("deliveries");
    await createBucket(bucket);
    const created = await call("POST", `${BASE.sandbox}/destinations`, {
      key,
      body: s3DestinationBody(bucket, "fleet/landing", { connectionIds: [connectionId] }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const backfill = await waitForDelivery(key, created.body.id);
    expect(backfill, backfill.failureReason).toMatchObject({
      status: "completed",
      trigger: "backfill",
      connectionIds: [connectionId],
    });

    const manifestKey = `fleet/landing/manifests/${backfill.id}.json`;
    const manifest = JSON.parse(await getObjectText(bucket, manifestKey)) as Manifest;
    expect(manifest.deliveryId).toBe(backfill.id);
    const keys = await listKeys(bucket, "fleet/landing/");
    // Every object is a part the manifest lists, or the manifest.
    expect(new Set(keys)).toEqual(new Set([manifestKey, ...manifest.parts.map((part) => part.key)]));
    const delivered = new Map<string, unknown[]>();
    for (const part of manifest.parts) {
      expect(part.key).toMatch(
        new RegExp(`^fleet/landing/${part.model}/connection=${connectionId}/${backfill.id}/part-\\d+\\.ndjson\\.gz$`),
      );
      const bytes = await getObjectBytes(bucket, part.key);
      expect(bytes.byteLength).toBe(part.bytes);
      expect(await sha256Hex(bytes)).toBe(part.sha256);
      const lines = await gunzipNdjson(bytes);
      expect(lines).toHaveLength(part.records);
      delivered.set(part.model, [...(delivered.get(part.model) ?? []), ...lines]);
    }
    expect(manifest.records).toBe(backfill.records);
    expect(backfill).toMatchObject({ manifestKey: manifestKey });
    const answered = await call(
      "GET",
      `${BASE.sandbox}/destinations/${created.body.id}/deliveries/${backfill.id}/manifest`,
      {
        key,
      },
    );
    expect(answered.body).toEqual(manifest);

    // Exactly what the API answers, every record once, whatever its visibility.
    for (const [model, path] of [
      ["Vehicle", "/vehicles?hidden=true&deleted=true"],
      ["Driver", "/drivers?hidden=true&deleted=true"],
      ["Trip", "/trips"],
    ] as const) {
      const api = await listEvery(caller, path);
      expect(api.length, model).toBeGreaterThan(0);
      const lines = delivered.get(model) ?? [];
      const byId = (items: unknown[]) => [...items].sort((a: any, b: any) => (a.id < b.id ? -1 : 1));
      expect(byId(lines), model).toEqual(byId(api));
    }

    // Nothing changed since: the next delivery carries no record, and says so in its manifest.
    const again = await call("POST", `${BASE.sandbox}/destinations/${created.body.id}/deliveries`, { key, body: {} });
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    const second = await waitForDelivery(key, created.body.id, again.body.id);
    expect(second).toMatchObject({ status: "completed", trigger: "manual", records: 0, parts: 0 });
    const empty = JSON.parse(await getObjectText(bucket, `fleet/landing/manifests/${second.id}.json`)) as Manifest;
    expect(empty.parts).toEqual([]);
  });
});
