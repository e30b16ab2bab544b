/**
 * Crash points: a failure (the call throws) or a crash (the process stops there for good) is
 * injected at each I/O step of connection creation, connection update, sync start, page
 * completion, webhook delivery and the deletion sweep (test/helpers/io-faults.ts). A failed
 * request must leave nothing behind; after a crash, the recovery the service has (the sync
 * object's alarm after a restart, the recovery sweep) must bring back the invariants: every
 * connection reaches a sync with its backfill, no reservation without a job, every event
 * delivered at least once, the sweep completes.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELETED_TABLES, runDeletionSweep } from "../../src/cron/deletion-sweep";
import { createDatabase } from "../../src/db/client";
import { agreements, connections, syncJobs, webhookEvents, webhookOutbox } from "../../src/db/schema";
import { createConnection } from "../../src/domain/connections/create";
import { requestConnectionDeletion } from "../../src/domain/connections/request-deletion";
import { updateConnection } from "../../src/domain/connections/update";
import type { Env } from "../../src/env";
import { vehicles } from "../../src/families/vehicles/table";
import { connectionSync } from "../../src/sync/client";
import { ConnectionSync } from "../../src/sync/connection-sync";
import type { SyncMessage } from "../../src/sync/messages";
import { processPage } from "../../src/sync/process-page";
import type { SyncState } from "../../src/sync/state";
import { handleWebhookBatch, WEBHOOK_QUEUE_NAME } from "../../src/webhooks/delivery";
import { emitEvent } from "../../src/webhooks/emit";
import { createTestApplication, db, insertConnection, SANDBOX_CREDENTIALS, uniqueName } from "../helpers/factories";
import { type Injection, runWithFault } from "../helpers/io-faults";
import { createEndpoint, newInbox } from "../webhooks/helpers";
import { expectEveryConnectionSynced, expectEveryEventDelivered, restartAfter, syncState } from "./crash-helpers";

const MODES = ["fail", "crash"] as const;
const BACKFILL_DAYS = 3;
const context = (faulty: Env) => ({ db: createDatabase(faulty.DB), env: faulty });

/** An application with a webhook endpoint receiving every event in a fresh inbox. */
async function subscribedApplication() {
  const app = await createTestApplication();
  const inbox = newInbox();
  await createEndpoint(app, { url: inbox.url });
  return { app, inbox, tenant: { applicationId: app.id, environment: "sandbox" as const } };
}

/** A connection that owes its first sync and has none yet (as if its creation request had just been written). */
async function owingConnection() {
  const subscribed = await subscribedApplication();
  const { row } = await insertConnection(subscribed.app, "sandbox", {
    syncMode: "manual",
    backfill: { days: BACKFILL_DAYS },
    options: { sandbox: { fleetSize: 2, revision: 0 } },
    syncIntent: "initial",
    syncIntentAt: new Date(),
  });
  return { ...subscribed, row };
}

/** The sync object of `row` requests its sync on an Env with a fault at the given step. */
const requestOn = (
  row: { id: string; applicationId: string; environment: "sandbox" | "production" },
  injection?: Injection,
) =>
  runInDurableObject(connectionSync(env, row.id), (_instance: ConnectionSync, state: DurableObjectState) =>
    runWithFault(env, injection, (faulty) =>
      new ConnectionSync(state, faulty).requestSync({
        identity: { connectionId: row.id, applicationId: row.applicationId, environment: row.environment },
        providerRequests: [],
      }),
    ),
  );

const creationInput = () => ({
  provider: "sandbox",
  credentials: SANDBOX_CREDENTIALS,
  externalId: uniqueName("crash"),
  syncMode: "manual" as const,
  backfill: { days: BACKFILL_DAYS },
  options: { sandbox: { fleetSize: 2, revision: 0 } },
  agreements: [{ agreementUrl: "https://example.com/terms/v3" }],
});

/** The steps a run without a fault takes, to inject at each of them. */
async function stepsOf(work: (faulty: Env) => Promise<unknown>): Promise<string[]> {
  const run = await runWithFault(env, undefined, work);
  expect(run.outcome).toBe("ok");
  return run.steps;
}

const injections = (steps: string[]): Injection[] =>
  steps.flatMap((_, index) => MODES.map((mode) => ({ at: index + 1, mode })));

describe("connection creation", async () => {
  const baseline = await subscribedApplication();
  const steps = await stepsOf((faulty) => createConnection(context(faulty), baseline.tenant, creationInput()));

  it("takes the steps the crash points cover", () => {
    expect(steps).toEqual(["D1.batch", "WEBHOOK_QUEUE.sendBatch", "CONNECTION_SYNC.requestSync"]);
  });

  it.each(injections(steps))(
    "a fault at step $at ($mode): nothing half-made, and the connection syncs",
    async (injection) => {
      const { app, inbox, tenant } = await subscribedApplication();
      const run = await runWithFault(env, injection, (faulty) =>
        createConnection(context(faulty), tenant, creationInput()),
      );
      const rows = await db().select().from(connections).where(eq(connections.applicationId, app.id));
      const events = await db().select().from(webhookEvents).where(eq(webhookEvents.applicationId, app.id));
      if (rows.length === 0) {
        // Nothing of the connection exists, nothing was announced or owed.
        expect(await db().select().from(agreements).where(eq(agreements.applicationId, app.id))).toEqual([]);
        expect(events).toEqual([]);
        expect(await db().select().from(webhookOutbox).where(eq(webhookOutbox.applicationId, app.id))).toEqual([]);
      } else {
        // Written in one piece: the connection with its agreement and its announcement.
        expect(rows).toHaveLength(1);
        expect(await db().select().from(agreements).where(eq(agreements.connectionId, rows[0]!.id))).toHaveLength(1);
        expect(events.map((event) => event.type)).toContain("connection.created");
      }
      // A request that answered an error left nothing behind.
      if (run.outcome === "failed") expect(rows).toEqual([]);
      if (injection.mode === "crash") expect(run.outcome).toBe("crashed");
      expect(await expectEveryConnectionSynced(app.id, BACKFILL_DAYS)).toBe(rows.length);
      await expectEveryEventDelivered(app.id, inbox);
    },
  );
});

describe("connection update", async () => {
  /** A connection that synced once, automatic: the update below makes it manual. */
  async function syncedConnection() {
    const subscribed = await subscribedApplication();
    const { connection } = await createConnection(context(env), subscribed.tenant, {
      ...creationInput(),
      syncMode: "automatic",
    });
    await expectEveryConnectionSynced(subscribed.app.id, BACKFILL_DAYS);
    const [row] = await db().select().from(connections).where(eq(connections.id, connection.id));
    return { ...subscribed, row: row! };
  }
  const change = { syncMode: "manual" as const, tags: ["crash-test"] };
  const baseline = await syncedConnection();
  const steps = await stepsOf((faulty) => updateConnection(context(faulty), baseline.row, change));

  it("takes the steps the crash points cover", () => {
    expect(steps).toEqual(["D1.batch", "WEBHOOK_QUEUE.sendBatch", "CONNECTION_SYNC.connectionChanged"]);
  });

  it.each(injections(steps))(
    "a fault at step $at ($mode): all or nothing, and the schedule follows",
    async (injection) => {
      const { app, inbox, row } = await syncedConnection();
      const eventsBefore = await db().select().from(webhookEvents).where(eq(webhookEvents.connectionId, row.id));
      expect((await syncState(row.id)).nextScheduledAt).not.toBeNull();
      const run = await runWithFault(env, injection, (faulty) => updateConnection(context(faulty), row, change));
      const [after] = await db().select().from(connections).where(eq(connections.id, row.id));
      const eventsAfter = await db().select().from(webhookEvents).where(eq(webhookEvents.connectionId, row.id));
      if (run.outcome === "failed" || after?.updatedAt.getTime() === row.updatedAt.getTime()) {
        // Not applied (and certainly not when an error was answered): nothing changed, nothing announced.
        expect(after).toEqual(row);
        expect(eventsAfter).toEqual(eventsBefore);
      } else {
        expect(after).toMatchObject(change);
        expect(eventsAfter.length).toBe(eventsBefore.length + 1);
        // Whether or not the sync object heard of it, the recovery sweep makes the schedule follow.
        await expectEveryConnectionSynced(app.id, BACKFILL_DAYS);
        expect((await syncState(row.id)).nextScheduledAt).toBeNull();
      }
      await expectEveryEventDelivered(app.id, inbox);
    },
  );
});

describe("sync start inside the connection's sync object", async () => {
  const baseline = await owingConnection();
  const steps = (await requestOn(baseline.row)).steps;

  it("takes the steps the crash points cover", () => {
    expect(steps).toEqual(["D1.raw", "D1.batch", "WEBHOOK_QUEUE.sendBatch", "SYNC_QUEUE.send"]);
  });

  it.each(injections(steps))(
    "a fault at step $at ($mode): no phantom sync, and the first sync happens",
    async (injection) => {
      const { app, inbox, row } = await owingConnection();
      const run = await requestOn(row, injection);
      // Two minutes later, the object restarted meanwhile (as after a crash of the runtime).
      await restartAfter(row.id, 120_000);
      expect(await expectEveryConnectionSynced(app.id, BACKFILL_DAYS)).toBe(1);
      // No job left behind: every one the object wrote ran to its end.
      const jobs = await db().select().from(syncJobs).where(eq(syncJobs.connectionId, row.id));
      expect(jobs.map((job) => job.status)).toEqual(jobs.map(() => "completed"));
      if (run.outcome === "failed") expect(jobs).toHaveLength(1);
      await expectEveryEventDelivered(app.id, inbox);
    },
  );
});

describe("a request after a restart", () => {
  it("is not refused for a reservation whose request died with the runtime: the sync starts, with the owed backfill", async () => {
    const { app, row } = await owingConnection();
    const cut = await requestOn(row, { at: 2, mode: "crash" });
    expect(cut).toMatchObject({ outcome: "crashed", steps: ["D1.raw", "D1.batch"] });
    expect((await syncState(row.id)).active?.reserved).toBe(true);
    await evictDurableObject(connectionSync(env, row.id));
    // At once, not after the reservation's timeout: the restarted object knows no request is running.
    const answer = await connectionSync(env, row.id).requestSync({
      identity: { connectionId: row.id, applicationId: row.applicationId, environment: row.environment },
      providerRequests: [],
    });
    expect(answer.status).toBe("started");
    const jobs = await db().select().from(syncJobs).where(eq(syncJobs.connectionId, row.id));
    expect(jobs.map((job) => job.id)).toEqual([answer.status === "started" ? answer.syncId : ""]);
    await expectEveryConnectionSynced(app.id, BACKFILL_DAYS);
  });
});

describe("page completion in the queue consumer", async () => {
  /**
   * A connection whose first sync is started and saved, with its first message not sent (the
   * object crashed right before sending it): the test hands that message to the consumer.
   */
  async function startedSync() {
    const owing = await owingConnection();
    const { row } = owing;
    const stub = connectionSync(env, row.id);
    const started = await runInDurableObject(stub, (_instance: ConnectionSync, state: DurableObjectState) =>
      runWithFault(env, { at: 4, mode: "crash" }, (faulty) =>
        new ConnectionSync(state, faulty).requestSync({
          identity: { connectionId: row.id, applicationId: row.applicationId, environment: row.environment },
          providerRequests: [],
        }),
      ),
    );
    expect(started.steps.at(-1)).toBe("SYNC_QUEUE.send");
    // The sync has come as far as its vehicles (the page whose records are announced): its stored
    // state says so, as the steps before would have left it.
    await runInDurableObject(stub, (_instance: ConnectionSync, state: DurableObjectState) => {
      const stored = JSON.parse(
        state.storage.sql.exec<{ value: string }>("SELECT value FROM sync_state WHERE key = 'state'").one().value,
      ) as SyncState;
      stored.active!.stepIndex = stored.active!.steps.findIndex((step) => step.model === "vehicles");
      state.storage.sql.exec("UPDATE sync_state SET value = ? WHERE key = 'state'", JSON.stringify(stored));
    });
    await evictDurableObject(stub);
    const { active } = await syncState(row.id);
    expect(active!.steps[active!.stepIndex]?.model).toBe("vehicles");
    const message: SyncMessage = {
      type: "sync.page",
      connectionId: row.id,
      syncId: active!.syncId,
      seq: active!.seq,
      step: active!.steps[active!.stepIndex]!,
    };
    return { ...owing, message };
  }
  const process = (message: SyncMessage) => (faulty: Env) => processPage(faulty, createDatabase(faulty.DB), message);
  const baseline = await startedSync();
  const steps = await stepsOf(process(baseline.message));

  it("takes the steps the crash points cover", () => {
    expect(steps[0]).toBe("CONNECTION_SYNC.claim");
    expect(steps).toContain("D1.batch");
    expect(steps.at(-2)).toBe("WEBHOOK_QUEUE.sendBatch");
    expect(steps.at(-1)).toBe("CONNECTION_SYNC.pageDone");
  });

  it.each(injections(steps))(
    "a fault at step $at ($mode): the sync resumes, stores each record once and announces it",
    async (injection) => {
      const { app, inbox, row, message } = await startedSync();
      await runWithFault(env, injection, process(message));
      await restartAfter(row.id, 120_000);
      await expectEveryConnectionSynced(app.id, BACKFILL_DAYS);
      const stored = await db().select().from(vehicles).where(eq(vehicles.connectionId, row.id));
      expect(stored.map((vehicle) => vehicle.sourceId).sort()).toEqual(
        [...new Set(stored.map((vehicle) => vehicle.sourceId))].sort(),
      );
      expect(stored).toHaveLength(2);
      const added = (await db().select().from(webhookEvents).where(eq(webhookEvents.connectionId, row.id)))
        .filter((event) => event.type === "vehicle.added")
        .flatMap((event) => (JSON.parse(event.payload) as { detail: { vehicles: string[] } }).detail.vehicles);
      expect(new Set(added)).toEqual(new Set(stored.map((vehicle) => vehicle.id)));
      await expectEveryEventDelivered(app.id, inbox);
    },
  );
});

describe("webhook delivery in the queue consumer", async () => {
  /** An event owed to the application's endpoint whose queue message was lost. */
  async function owedDelivery() {
    const subscribed = await subscribedApplication();
    const emitted = await runWithFault(env, { at: 2, mode: "fail" }, (faulty) =>
      emitEvent(context(faulty), subscribed.tenant, { type: "sync.requested", detail: { test: true } }),
    );
    expect(emitted.steps).toEqual(["D1.batch", "WEBHOOK_QUEUE.sendBatch"]);
    const [owed] = await db().select().from(webhookOutbox).where(eq(webhookOutbox.applicationId, subscribed.app.id));
    return { ...subscribed, owed: owed! };
  }
  const deliverOn = (owed: { eventId: string; endpointId: string }) => (faulty: Env) =>
    handleWebhookBatch(
      oneMessageBatch(WEBHOOK_QUEUE_NAME, { eventId: owed.eventId, endpointId: owed.endpointId }),
      faulty,
    );
  const baseline = await owedDelivery();
  const steps = await stepsOf(deliverOn(baseline.owed));

  it("takes the steps the crash points cover", () => {
    expect(steps).toEqual(["D1.batch", "D1.raw", "D1.batch"]);
  });

  it.each(injections(steps))("a fault at step $at ($mode): the event is delivered at least once", async (injection) => {
    const { app, inbox, owed } = await owedDelivery();
    await runWithFault(env, injection, deliverOn(owed));
    expect(await expectEveryEventDelivered(app.id, inbox)).toBeGreaterThanOrEqual(1);
  });
});

/** A queue batch of one message, as the runtime hands it to a consumer (acks and retries are ignored). */
function oneMessageBatch<Body>(queue: string, body: Body): MessageBatch<Body> {
  const message = { id: crypto.randomUUID(), timestamp: new Date(), body, attempts: 1, ack() {}, retry() {} };
  return { queue, messages: [message], ackAll() {}, retryAll() {} } as unknown as MessageBatch<Body>;
}

describe("deletion sweep", async () => {
  /** A synced connection whose deletion was requested, with its grace period over by `sweepTime()`. */
  async function connectionDue() {
    const subscribed = await subscribedApplication();
    const { connection } = await createConnection(context(env), subscribed.tenant, creationInput());
    await expectEveryConnectionSynced(subscribed.app.id, BACKFILL_DAYS);
    const [row] = await db().select().from(connections).where(eq(connections.id, connection.id));
    await requestConnectionDeletion(context(env), row!);
    const events = await db()
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(eq(webhookEvents.connectionId, connection.id));
    return { ...subscribed, id: connection.id, eventIds: events.map((event) => event.id) };
  }
  const sweepTime = () => new Date(Date.now() + 25 * 3_600_000);
  const baseline = await connectionDue();
  const steps = await stepsOf((faulty) => runDeletionSweep(faulty, { now: sweepTime() }));

  it("takes the steps the crash points cover", async () => {
    expect(steps[0]).toBe("D1.raw");
    expect(steps).toContain("CONNECTION_SYNC.purge");
    const [row] = await db().select().from(connections).where(eq(connections.id, baseline.id));
    expect(row?.status).toBe("deleted");
  });

  it.each(injections(steps))(
    "a fault at step $at ($mode): the next run completes the deletion, announced once",
    async (injection) => {
      const { app, inbox, id, eventIds } = await connectionDue();
      await runWithFault(env, injection, (faulty) => runDeletionSweep(faulty, { now: sweepTime() }));
      for (let run = 0; run < 3; run++) await runDeletionSweep(env, { now: sweepTime() });
      const [row] = await db().select().from(connections).where(eq(connections.id, id));
      expect(row?.status).toBe("deleted");
      for (const table of DELETED_TABLES) {
        const rows = await env.DB.prepare(
          `SELECT count(*) AS n FROM ${table} WHERE ${
            ["webhook_deliveries", "webhook_outbox"].includes(table)
              ? `event_id IN (SELECT value FROM json_each(?1))`
              : table === "sync_job_issues"
                ? `sync_job_id IN (SELECT id FROM sync_jobs WHERE connection_id = ?1)`
                : "connection_id = ?1"
          }`,
        )
          .bind(["webhook_deliveries", "webhook_outbox"].includes(table) ? JSON.stringify(eventIds) : id)
          .first<{ n: number }>();
        expect(rows?.n, table).toBe(0);
      }
      const deletedEvents = (
        await db().select().from(webhookEvents).where(eq(webhookEvents.applicationId, app.id))
      ).filter((event) => event.type === "connection.deleted");
      expect(deletedEvents).toHaveLength(1);
      await expectEveryEventDelivered(app.id, inbox);
    },
  );
});
