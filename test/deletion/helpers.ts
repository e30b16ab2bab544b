import {
  createExecutionContext,
  createScheduledController,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { createDatabase } from "../../src/db/client";
import { runBatch } from "../../src/db/raw";
import { agreements, connections, syncJobIssues, webhookDeliveries, webhookEvents } from "../../src/db/schema";
import { shardD1 } from "../../src/db/shards";
import { latestLocations } from "../../src/families/latest-locations/table";
import worker from "../../src/index";
import { newId } from "../../src/lib/ids";
import { connectionSync } from "../../src/sync/client";
import type { ConnectionSync } from "../../src/sync/connection-sync";
import { archiveDueDays } from "../../src/timeseries/archive/archive-connection";
import { archivePrefix } from "../../src/timeseries/archive/object";
import { LOCATION_SERIES, locationCodec } from "../../src/timeseries/series-codecs";
import { mergeSeries } from "../../src/timeseries/store";
import {
  dataDb,
  db,
  insertSyncJob,
  insertUsage,
  mintTestPublicToken,
  SHARDS,
  shardOf,
  type TestApplication,
} from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import {
  insertDevice,
  insertDriver,
  insertGroup,
  insertIssue,
  insertSafetyEvent,
  insertTrip,
  insertUtilization,
  insertVehicle,
  ownerOf,
} from "../helpers/records-factories";

export const SWEEP_CRON = "*/5 * * * *";

/** Runs the Worker's scheduled handler for the deletion sweep, as Cron Triggers would. */
export async function triggerSweep(): Promise<void> {
  const context = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: SWEEP_CRON, scheduledTime: new Date() }), env, context);
  await waitOnExecutionContext(context);
}

/** Every table of a database with a `connection_id` column, read from sqlite_master. */
export async function tablesWithConnectionId(d1: D1Database): Promise<string[]> {
  const { results } = await d1.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all<{
    name: string;
    sql: string | null;
  }>();
  return results.filter((table) => /[`"\s(]connection_id[`"\s]/.test(table.sql ?? "")).map((table) => table.name);
}

/** The control database and every data shard. */
const DATABASES = () => [env.DB, ...SHARDS.map((name) => shardD1(env, name))];

/**
 * Rows of the connection in every table with a `connection_id` column, in the control database
 * and on every shard, not only its own (only non-empty tables listed).
 */
export async function rowsOfConnection(connectionId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const d1 of DATABASES()) {
    for (const table of await tablesWithConnectionId(d1)) {
      const row = await d1
        .prepare(`SELECT count(*) AS n FROM "${table}" WHERE connection_id = ?`)
        .bind(connectionId)
        .first<{ n: number }>();
      if (row && row.n > 0) counts[table] = (counts[table] ?? 0) + row.n;
    }
  }
  return counts;
}

/** Rows of the connection's Durable Object storage, and whether an alarm is set. */
export async function durableObjectStorage(connectionId: string) {
  return runInDurableObject(connectionSync(env, connectionId), (_instance: ConnectionSync, ctx) => {
    const tables = ctx.storage.sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
      )
      .toArray()
      .map((table) => table.name)
      .filter((name) => !name.startsWith("sqlite_"));
    let rows = 0;
    for (const table of tables) {
      rows += ctx.storage.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM "${table}"`).one().n;
    }
    return ctx.storage.getAlarm().then((alarm) => ({ rows, alarm }));
  });
}

/** Rows in every table that holds connection data (records, jobs, issues, tokens, usage, events, deliveries). */
export async function seedEveryTable(app: TestApplication, connectionId: string) {
  const owner = ownerOf(app, { id: connectionId });
  const vehicle = await insertVehicle(owner);
  await insertDriver(owner);
  await insertGroup(owner);
  await insertDevice(owner);
  await insertSafetyEvent(owner);
  await insertUtilization(owner, vehicle);
  await insertTrip(owner, vehicle);
  await seedTimeSeries(connectionId, vehicle.id);
  const issue = await insertIssue(owner, { errorCode: "missing_permissions" });
  const job = await insertSyncJob(app, connectionId);
  await (await dataDb(connectionId))
    .insert(syncJobIssues)
    .values({ syncJobId: job.id, issueId: issue.id, connectionId });
  const database = db();
  await database.insert(agreements).values({
    id: newId("agreement"),
    connectionId,
    applicationId: app.id,
    environment: "sandbox",
    type: "data_sharing",
    agreementUrl: "https://example.com/terms",
    acceptedAt: new Date(),
    acceptedBy: null,
    location: null,
    ipAddress: null,
    userAgent: null,
    createdAt: new Date(),
  });
  await mintTestPublicToken({ id: connectionId }, app);
  await insertUsage(app, "sandbox", "2026-01", connectionId, 3);
  const eventId = newId("webhookEvent");
  await database.insert(webhookEvents).values({
    id: eventId,
    applicationId: app.id,
    environment: "sandbox",
    connectionId,
    type: "vehicle.added",
    payload: "{}",
    createdAt: new Date(),
  });
  const deliveryId = newId("webhookDelivery");
  await database.insert(webhookDeliveries).values({
    id: deliveryId,
    applicationId: app.id,
    environment: "sandbox",
    eventId,
    endpointId: "whe_unknown",
    attempt: 1,
    status: "succeeded",
    responseStatus: 200,
    error: null,
    durationMs: 5,
    createdAt: new Date(),
  });
  return { vehicle, eventId, deliveryId };
}

/**
 * A vehicle's breadcrumbs on two days, the first one archived (an object in SERIES_ARCHIVE and
 * its index row), and its latest location: rows in every time-series table.
 */
async function seedTimeSeries(connectionId: string, vehicleId: string) {
  const d1 = shardD1(env, await shardOf(connectionId));
  const day = Math.floor(Date.UTC(2026, 0, 5) / 86_400_000);
  const points = [day, day + 1].map((d) => {
    const t = d * 86_400_000 + 36_000_000;
    return { sample: { t, lat: 39.7, lng: -105, modifiedAt: t }, raw: { t, schema: "test", extractedAt: t, data: {} } };
  });
  await runBatch(
    d1,
    await mergeSeries(d1, connectionId, () => locationCodec, [{ vehicleId, series: LOCATION_SERIES, points }]),
  );
  await archiveDueDays(env, d1, connectionId, day + 1, 1);
  const now = new Date();
  await createDatabase(d1)
    .insert(latestLocations)
    .values({
      connectionId,
      vehicleId,
      provider: "sandbox",
      locatedAt: now,
      latitude: 39.7,
      longitude: -105,
      addedAt: now,
      modifiedAt: now,
      contentHash: "h",
      raw: { provider: "sandbox", schema: "test", extractedAt: now.toISOString(), data: {} },
    } as typeof latestLocations.$inferInsert);
}

/** The keys of a connection's objects in the time-series archive. */
export async function archivedObjects(connectionId: string): Promise<string[]> {
  const listed = await env.SERIES_ARCHIVE.list({ prefix: archivePrefix(connectionId) });
  return listed.objects.map((object) => object.key);
}

/** Requests the deletion through the API, as an application would. */
export async function requestDeletion(app: TestApplication, token: string) {
  const result = await call("DELETE", `${BASE.sandbox}/connections/current`, { key: app.keys.sandbox.secret, token });
  if (result.status !== 202)
    throw new Error(`DELETE /connections/current: ${result.status} ${JSON.stringify(result.body)}`);
}

/** Ends the grace period now (as if DELETION_GRACE_PERIOD_HOURS had passed). */
export async function endGracePeriod(connectionId: string) {
  await db()
    .update(connections)
    .set({ deletionDueAt: new Date(Date.now() - 1000) })
    .where(eq(connections.id, connectionId));
}

export async function connectionRow(connectionId: string) {
  const [row] = await db().select().from(connections).where(eq(connections.id, connectionId));
  return row;
}
