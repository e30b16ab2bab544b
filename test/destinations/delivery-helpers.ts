/** Shared by the delivery tests: a synced sandbox connection, a destination of it, and waiting for a delivery's end. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { KINESIS_TEST_CREDENTIALS, S3_TEST_CREDENTIALS, STORAGE_TEST_REGION } from "../fakes/storage/credentials";
import { createSandboxConnection, type TestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { waitForLastSync } from "../helpers/sync";

/** A sandbox connection whose first sync is over (its records are there to deliver); `body` adds to its creation's. */
export async function syncedConnection(app: TestApplication, days = 2, body: Record<string, unknown> = {}) {
  const connection = await createSandboxConnection(app, { syncMode: "manual", backfill: { days }, ...body });
  const caller = { key: app.keys.sandbox.secret, token: connection.token as string };
  const job = await waitForLastSync(caller);
  expect(job.status, job.failureReason).toBe("completed");
  return { id: connection.id as string, caller };
}

/** An s3 destination on the test S3 server. */
export function s3DestinationBody(bucket: string, prefix: string, extra: Record<string, unknown> = {}) {
  return {
    type: "s3",
    name: `Test bucket ${bucket}`,
    models: ["Vehicle", "Driver", "Trip"],
    config: {
      endpoint: env.S3_TEST_ENDPOINT,
      region: STORAGE_TEST_REGION,
      bucket,
      prefix,
      accessKeyId: S3_TEST_CREDENTIALS.accessKeyId,
      secretAccessKey: S3_TEST_CREDENTIALS.secretAccessKey,
    },
    ...extra,
  };
}

/** A kinesis destination on the test Kinesis server. */
export function kinesisDestinationBody(stream: string, models: string[], extra: Record<string, unknown> = {}) {
  return {
    type: "kinesis",
    name: `Stream ${stream}`,
    models,
    config: {
      endpoint: env.KINESIS_TEST_ENDPOINT,
      region: STORAGE_TEST_REGION,
      streamName: stream,
      accessKeyId: KINESIS_TEST_CREDENTIALS.accessKeyId,
      secretAccessKey: KINESIS_TEST_CREDENTIALS.secretAccessKey,
    },
    ...extra,
  };
}

export type Delivery = {
  id: string;
  status: string;
  trigger: string;
  records: number;
  parts: number;
  failureReason?: string;
  manifestKey?: string;
  connectionIds: string[];
};

/** The destination's latest delivery once it has ended (completed or failed). */
export async function waitForDelivery(key: string, destinationId: string, deliveryId?: string): Promise<Delivery> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const listed = await call("GET", `${BASE.sandbox}/destinations/${destinationId}/deliveries`, { key });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const delivery = (listed.body.results as Delivery[]).find((item) => !deliveryId || item.id === deliveryId);
    if (delivery && (delivery.status === "completed" || delivery.status === "failed")) return delivery;
    if (Date.now() > deadline) throw new Error(`delivery still ${delivery?.status ?? "absent"}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
