/**
 * Deliveries to a stream (kinesalite) and to the Worker's R2 bucket, and deliveries that fail: a
 * destination that refuses (no such bucket) fails at once, one that does not answer fails after
 * its retries; each with `delivery.failed` and its reason, and no credential in any answer or log.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { webhookEvents } from "../../src/db/schema";
import { gunzip } from "../../src/timeseries/gzip";
import { listEvery } from "../helpers/api-assertions";
import { createStream, readAllRecords, uniqueName } from "../helpers/aws";
import { createTestApplication, db } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { kinesisDestinationBody, s3DestinationBody, syncedConnection, waitForDelivery } from "./delivery-helpers";

afterEach(() => vi.restoreAllMocks());

async function eventTypesOf(applicationId: string, deliveryId: string): Promise<string[]> {
  const rows = await db()
    .select({ type: webhookEvents.type, payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.applicationId, applicationId)));
  return rows.filter((row) => JSON.parse(row.payload).detail?.delivery?.id === deliveryId).map((row) => row.type);
}

describe("a kinesis destination", () => {
  it("receives every record once, keyed by its connection in order, with an id per record version", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const { id: connectionId, caller } = await syncedConnection(app);
    const stream = uniqueName("records");
    await createStream(stream, 2);
    const created = await call("POST", `${BASE.sandbox}/destinations`, {
      key,
      body: kinesisDestinationBody(stream, ["Vehicle", "Driver"], { connectionIds: [connectionId] }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const delivery = await waitForDelivery(key, created.body.id);
    expect(delivery.status, delivery.failureReason).toBe("completed");
    const records = await readAllRecords(stream);
    expect(records.every((record) => record.partitionKey === connectionId)).toBe(true);
    const vehicles = await listEvery(caller, "/vehicles?hidden=true&deleted=true");
    const drivers = await listEvery(caller, "/drivers?hidden=true&deleted=true");
    expect(records).toHaveLength(vehicles.length + drivers.length);
    expect(delivery.records).toBe(records.length);
    const data = records.map(
      (record) => record.data as { idempotencyId: string; model: string; record: any; deliveryId: string },
    );
    // One partition key, one shard: its records in the delivery's order (vehicles, then drivers).
    expect(data.map((item) => item.model)).toEqual([...vehicles.map(() => "Vehicle"), ...drivers.map(() => "Driver")]);
    expect(data.filter((item) => item.model === "Vehicle").map((item) => item.record)).toEqual(
      expect.arrayContaining(vehicles),
    );
    expect(new Set(data.map((item) => item.idempotencyId)).size).toBe(data.length);
    for (const item of data) {
      expect(item.deliveryId).toBe(delivery.id);
      expect(item.idempotencyId).toBe(`${item.model}:${item.record.id}:${item.record.metadata.modifiedAt}`);
    }
  });
});

describe("an r2 destination", () => {
  it("writes its parts and manifest under its prefix in the Worker's bucket", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const { caller } = await syncedConnection(app);
    const prefix = uniqueName("r2-landing");
    const created = await call("POST", `${BASE.sandbox}/destinations`, {
      key,
      body: { type: "r2", name: "Embedded", models: ["Vehicle"], config: { prefix } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const delivery = await waitForDelivery(key, created.body.id);
    expect(delivery.status, delivery.failureReason).toBe("completed");
    const manifest = await (await env.DESTINATIONS_BUCKET.get(`${prefix}/manifests/${delivery.id}.json`))?.json<any>();
    expect(manifest?.parts.length).toBeGreaterThan(0);
    const lines: unknown[] = [];
    for (const part of manifest.parts) {
      const object = await env.DESTINATIONS_BUCKET.get(part.key);
      const text = new TextDecoder().decode(await gunzip(new Uint8Array(await object!.arrayBuffer())));
      lines.push(
        ...text
          .trimEnd()
          .split("\n")
          .map((line) => JSON.parse(line)),
      );
    }
    const vehicles = await listEvery(caller, "/vehicles?hidden=true&deleted=true");
    expect(lines).toHaveLength(vehicles.length);
    expect(lines).toEqual(expect.arrayContaining(vehicles));
  });
});

describe("a delivery that cannot be made", () => {
  it("fails at once when the destination refuses (no such bucket), with delivery.failed and its reason", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const { id: connectionId } = await syncedConnection(app, 1);
    const created = await call("POST", `${BASE.sandbox}/destinations`, {
      key,
      body: s3DestinationBody(uniqueName("missing"), "x", { connectionIds: [connectionId], models: ["Vehicle"] }),
    });
    const delivery = await waitForDelivery(key, created.body.id);
    expect(delivery.status).toBe("failed");
    expect(delivery.failureReason).toMatch(/NoSuchBucket/);
    expect(await eventTypesOf(app.id, delivery.id)).toEqual(
      expect.arrayContaining(["delivery.requested", "delivery.started", "delivery.failed"]),
    );
  });

  it("fails after its retries when the destination does not answer; no credential in any answer or log", async () => {
    const logged: string[] = [];
    for (const level of ["log", "warn", "error", "info"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(" "));
      });
    }
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const { id: connectionId } = await syncedConnection(app, 1);
    const secret = `never-shown-${crypto.randomUUID()}`;
    const body = s3DestinationBody("fleet-data", "x", { connectionIds: [connectionId], models: ["Vehicle"] });
    // A port nothing listens on.
    const config = { ...body.config, endpoint: "http://127.0.0.1:9", secretAccessKey: secret };
    const created = await call("POST", `${BASE.sandbox}/destinations`, { key, body: { ...body, config } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const delivery = await waitForDelivery(key, created.body.id);
    expect(delivery.status).toBe("failed");
    expect(delivery.failureReason).toMatch(/after \d+ attempts/);
    const answers = [
      JSON.stringify(created.body),
      JSON.stringify((await call("GET", `${BASE.sandbox}/destinations/${created.body.id}/deliveries`, { key })).body),
      JSON.stringify((await call("POST", `${BASE.sandbox}/destinations/${created.body.id}/test`, { key })).body),
    ];
    // The consumer's retries were logged here: the check below reads the logs it wrote.
    expect(logged.some((line) => line.includes("delivery unit failed; retrying"))).toBe(true);
    for (const text of [...answers, ...logged]) expect(text).not.toContain(secret);
  });
});

describe("a deleted connection", () => {
  it("is left out of the deliveries after its deletion is requested, and cannot be asked for", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const kept = await syncedConnection(app, 1);
    const deleted = await syncedConnection(app, 1);
    const prefix = uniqueName("deleted");
    const created = await call("POST", `${BASE.sandbox}/destinations`, {
      key,
      body: { type: "r2", name: "Both", models: ["Vehicle"], config: { prefix } },
    });
    const backfill = await waitForDelivery(key, created.body.id);
    expect(backfill.connectionIds.sort()).toEqual([kept.id, deleted.id].sort());
    expect((await call("DELETE", `${BASE.sandbox}/connections/current`, deleted.caller)).status).toBe(202);
    const next = await call("POST", `${BASE.sandbox}/destinations/${created.body.id}/deliveries`, { key, body: {} });
    expect(next.status, JSON.stringify(next.body)).toBe(202);
    expect(next.body.connectionIds).toEqual([kept.id]);
    const asked = await call("POST", `${BASE.sandbox}/destinations/${created.body.id}/deliveries`, {
      key,
      body: { connectionIds: [deleted.id] },
    });
    // Asked for by name, it is no connection to deliver (checked before the delivery under way).
    expect(asked.status).toBe(400);
    expect(asked.body.detail[0].path).toBe("{requestBody}.connectionIds[0]");
    const done = await waitForDelivery(key, created.body.id, next.body.id);
    expect(done.status).toBe("completed");
  });
});
