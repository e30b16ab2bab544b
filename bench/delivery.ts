/**
 * Delivery throughput (`npm run bench:delivery`): records per second a destination's backfill
 * delivers to S3, against the rows per second the sync that stored them reached, in the same
 * round on the same service. Target: delivery at least as fast as the sync, so that delivering a
 * connection's data never falls behind syncing it.
 *
 * Each round: a sandbox fleet is synced (its rate: every data row the sync stored, from the
 * shard's files, over its job's `requestedAt` → `completedAt`); then an s3 destination of every
 * deliverable model (the API's own `DeliverableModel` list) is created for that connection,
 * against s3rver in this process (test/fakes/storage/servers.ts, real S3 protocol, files on disk),
 * and its backfill delivery is timed by its own `requestedAt` → `completedAt`. Before a round
 * counts, the bucket is read back with the AWS SDK: its parts must hold exactly the delivery's
 * `records` (lines), and match the manifest's records, bytes and checksums.
 *
 * BENCH_ROUNDS (default 3), BENCH_FLEET (default 100), BENCH_DAYS (default 365),
 * BENCH_MODELS (comma-separated; default every deliverable model),
 * BENCH_TIME_SERIES=1 syncs the vehicle time series too (off, as in the other benchmarks),
 * BENCH_INCLUDE_RAW=1 delivers each record with its provider payload (`includeRaw`).
 */
/// <reference path="../test/fakes/storage/modules.d.ts" />

import { S3_TEST_CREDENTIALS, STORAGE_TEST_REGION } from "../test/fakes/storage/credentials.ts";
import { startS3 } from "../test/fakes/storage/servers.ts";
import { connectSandboxFleet, createApplication, waitForSync } from "./lib/api.ts";
import { bucketClient, readDelivered } from "./lib/bucket.ts";
import { deliveryPace, type ModelPace } from "./lib/delivery-parts.ts";
import { table, writeSection } from "./lib/report.ts";
import { startService } from "./lib/service.ts";
import { storedRows } from "./lib/shard-files.ts";
import { median, round, thousands } from "./lib/stats.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FLEET = Number(process.env.BENCH_FLEET ?? 100);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const INCLUDE_RAW = process.env.BENCH_INCLUDE_RAW === "1";
const TIME_SERIES = process.env.BENCH_TIME_SERIES === "1";
const BUCKET = "bench-delivery";
/** The service's state directory (.wrangler/bench/delivery), whose D1 files storedRows and deliveryPace read. */
const NAME = "delivery";

/** A model's records per second in one round's delivery. */
const paceOf = (pace: ModelPace[], model: string) => {
  const entry = pace.find((item) => item.model === model);
  return entry && entry.seconds > 0 ? entry.records / entry.seconds : 0;
};

type Delivery = {
  id: string;
  status: string;
  failureReason?: string;
  records: number;
  parts: number;
  bytes: number;
  manifestKey?: string;
  requestedAt: string;
  startedAt?: string;
  completedAt?: string;
};

async function call(url: string, key: string, method = "GET", body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Polls a delivery once a second (each poll is a request on the delivery's own thread) until it ends. */
async function waitForDelivery(base: string, key: string, destinationId: string): Promise<Delivery> {
  const deadline = performance.now() + 1_800_000;
  while (performance.now() < deadline) {
    const [listed] = (await call(`${base}/destinations/${destinationId}/deliveries?limit=1`, key))
      .results as Delivery[];
    if (listed) {
      const delivery = (await call(`${base}/destinations/${destinationId}/deliveries/${listed.id}`, key)) as Delivery;
      if (delivery.status === "completed") return delivery;
      if (delivery.status === "failed") throw new Error(`the delivery failed: ${delivery.failureReason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error("the delivery did not complete within 30 minutes");
}

const s3 = await startS3({ buckets: [BUCKET] });
// Loopback endpoints are refused unless allowed, as under `npm start` (scripts/start.mjs).
const service = await startService({
  name: NAME,
  port: 8881,
  inspectorPort: 9381,
  vars: { ALLOW_LOOPBACK_WEBHOOKS: "true" },
});
try {
  const openapi = (await (await fetch(`${service.production}/openapi.json`)).json()) as {
    components: { schemas: { DeliverableModel: { enum: string[] } } };
  };
  const deliverable = openapi.components.schemas.DeliverableModel.enum;
  const models = process.env.BENCH_MODELS?.split(",").map((model) => model.trim()) ?? deliverable;
  const client = bucketClient(s3.url);
  const rounds: {
    syncSeconds: number;
    syncRows: number;
    syncRowsPerSecond: number;
    deliverySeconds: number;
    records: number;
    recordsPerSecond: number;
    parts: number;
    bytes: number;
    plainBytes: number;
    plainByModel: Record<string, number>;
    pace: ModelPace[];
    byTable: Record<string, number>;
  }[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    const application = await createApplication(service, `delivery bench ${index}`, { timeSeries: TIME_SERIES });
    const connection = await connectSandboxFleet(service, application, { fleetSize: FLEET, days: DAYS });
    const { job } = await waitForSync(service, connection, { timeoutMs: 1_800_000, pollMs: 1000 });
    const syncSeconds = (Date.parse(job.completedAt!) - Date.parse(job.requestedAt)) / 1000;
    const byTable = storedRows(NAME, connection.id);
    const syncRows = Object.values(byTable).reduce((sum, rows) => sum + rows, 0);

    const prefix = `round-${index + 1}`;
    const destination = await call(`${service.sandbox}/destinations`, application.secretKey, "POST", {
      type: "s3",
      name: `delivery bench ${index + 1}`,
      models,
      connectionIds: [connection.id],
      includeRaw: INCLUDE_RAW,
      config: {
        endpoint: s3.url,
        region: STORAGE_TEST_REGION,
        bucket: BUCKET,
        prefix,
        accessKeyId: S3_TEST_CREDENTIALS.accessKeyId,
        secretAccessKey: S3_TEST_CREDENTIALS.secretAccessKey,
      },
    });
    const delivery = await waitForDelivery(service.sandbox, application.secretKey, destination.id);
    const deliverySeconds = (Date.parse(delivery.completedAt!) - Date.parse(delivery.requestedAt)) / 1000;
    // Timed first, read back after: the bucket must hold what the delivery says it wrote.
    const content = await readDelivered(client, BUCKET, prefix, delivery.manifestKey!);
    if (content.records !== delivery.records || content.parts !== delivery.parts || content.bytes !== delivery.bytes) {
      throw new Error(
        `bench: the bucket holds ${content.records} records in ${content.parts} parts (${content.bytes} bytes); the delivery says ${delivery.records} in ${delivery.parts} (${delivery.bytes})`,
      );
    }
    const entry = {
      syncSeconds,
      syncRows,
      syncRowsPerSecond: syncRows / syncSeconds,
      deliverySeconds,
      records: delivery.records,
      recordsPerSecond: delivery.records / deliverySeconds,
      parts: delivery.parts,
      bytes: delivery.bytes,
      plainBytes: content.plainBytes,
      plainByModel: content.plainByModel,
      pace: deliveryPace(NAME, delivery.id, Date.parse(delivery.startedAt!)),
      byTable,
    };
    rounds.push(entry);
    console.log(
      `round ${index + 1}: sync ${thousands(syncRows)} rows in ${round(syncSeconds, 1)} s (${thousands(entry.syncRowsPerSecond)} rows/s); ` +
        `delivery ${thousands(delivery.records)} records, ${delivery.parts} parts in ${round(deliverySeconds, 1)} s (${thousands(entry.recordsPerSecond)} records/s)`,
    );
  }

  const ratio = median(rounds.map((entry) => entry.recordsPerSecond / entry.syncRowsPerSecond));
  const last = rounds[rounds.length - 1]!;
  const mb = (bytes: number) => `${round(bytes / 1e6, 1)} MB`;
  writeSection({
    name: "delivery",
    title: "Delivery throughput",
    command: "npm run bench:delivery",
    body: [
      `Per round: a sandbox backfill of ${thousands(FLEET)} vehicles × ${DAYS} days (time series ${TIME_SERIES ? "on" : "off"}), ` +
        `then an s3 destination of that connection (${models.length} models: ${models.join(", ")}) against s3rver on loopback, ` +
        `timed by its backfill delivery's own \`requestedAt\` → \`completedAt\`; the sync by its job's. Sync rows = every data row ` +
        `the sync stored (shard files, bookkeeping aside). Every round's bucket was read back with the AWS SDK: its parts hold ` +
        `exactly the delivery's records (lines of the un-gzipped parts) and match the manifest. Median of ${ROUNDS} rounds.`,
      "",
      table(
        ["figure", "value"],
        [
          ["sync: rows stored per second", thousands(median(rounds.map((entry) => entry.syncRowsPerSecond)))],
          [
            "sync: rows stored, time",
            `${thousands(last.syncRows)}, ${round(median(rounds.map((e) => e.syncSeconds)), 1)} s`,
          ],
          ["delivery: records per second", thousands(median(rounds.map((entry) => entry.recordsPerSecond)))],
          [
            "delivery: records, parts, time",
            `${thousands(last.records)}, ${last.parts}, ${round(median(rounds.map((e) => e.deliverySeconds)), 1)} s`,
          ],
          ["delivery: bytes written (gzip NDJSON; un-gzipped)", `${mb(last.bytes)}; ${mb(last.plainBytes)}`],
          ["delivery ÷ sync (target ≥ 1)", round(ratio)],
        ],
      ),
      "",
      "Per model (last round's records and sizes; records per second the median over rounds, each part timed from the " +
        "part before it, so a model's time includes any empty steps just before it):",
      "",
      table(
        ["model", "records", "parts", "JSON bytes a record", "gzip bytes a record", "records/s"],
        last.pace.map((entry) => [
          entry.model,
          thousands(entry.records),
          entry.parts,
          thousands((last.plainByModel[entry.model] ?? 0) / entry.records),
          thousands(entry.bytes / entry.records),
          thousands(median(rounds.map((other) => paceOf(other.pace, entry.model)))),
        ]),
      ),
      "",
      `Stored by the sync per table: ${Object.entries(last.byTable)
        .map(([name, rows]) => `${name} ${thousands(rows)}`)
        .join(
          ", ",
        )}. ${INCLUDE_RAW ? "Records go with their provider payload (`includeRaw` true)." : "Records go without their provider payload (`includeRaw` false, the default)."}`,
      "",
      `Rounds (sync rows/s; delivery records/s): ${rounds.map((entry) => `${thousands(entry.syncRowsPerSecond)}; ${thousands(entry.recordsPerSecond)}`).join(" · ")}.`,
    ].join("\n"),
  });
} finally {
  await Promise.all([service.stop(), s3.close()]);
}
