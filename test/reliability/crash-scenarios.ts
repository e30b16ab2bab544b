/**
 * What the crash-point files share (crash-points-*.test.ts): the applications, connections and
 * inputs they start from, and the injections at each step of a run without a fault.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createDatabase } from "../../src/db/client";
import type { Env } from "../../src/env";
import { connectionSync } from "../../src/sync/client";
import { ConnectionSync } from "../../src/sync/connection-sync";
import type { SyncStep } from "../../src/sync/messages";
import { pageMessage, type SyncState } from "../../src/sync/state";
import { createTestApplication, insertConnection, SANDBOX_CREDENTIALS, uniqueName } from "../helpers/factories";
import { type Injection, runWithFault } from "../helpers/io-faults";
import { createEndpoint, newInbox } from "../webhooks/helpers";
import { syncState } from "./crash-helpers";

export const MODES = ["fail", "crash"] as const;
export const BACKFILL_DAYS = 3;
export const context = (faulty: Env) => ({ db: createDatabase(faulty.DB), env: faulty });

/** An application with a webhook endpoint receiving every event in a fresh inbox. */
export async function subscribedApplication() {
  const app = await createTestApplication();
  const inbox = newInbox();
  await createEndpoint(app, { url: inbox.url });
  return { app, inbox, tenant: { applicationId: app.id, environment: "sandbox" as const } };
}

/** A connection that owes its first sync and has none yet (as if its creation request had just been written). */
export async function owingConnection() {
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
export const requestOn = (
  row: { id: string; applicationId: string; environment: "sandbox" | "production" },
  injection?: Injection,
) =>
  runInDurableObject(connectionSync(env, row.id), (_instance: ConnectionSync, state: DurableObjectState) =>
    runWithFault(env, injection, async (faulty) => {
      // Followed to its end: the work the request leaves for after its answer included.
      const sync = new ConnectionSync(state, faulty);
      const result = await sync.requestSync({
        identity: { connectionId: row.id, applicationId: row.applicationId, environment: row.environment },
        providerRequests: [],
      });
      await sync.idle();
      return result;
    }),
  );

export const creationInput = () => ({
  provider: "sandbox",
  credentials: SANDBOX_CREDENTIALS,
  externalId: uniqueName("crash"),
  syncMode: "manual" as const,
  backfill: { days: BACKFILL_DAYS },
  options: { sandbox: { fleetSize: 2, revision: 0 } },
  agreements: [{ agreementUrl: "https://example.com/terms/v3" }],
});

/** The steps a run without a fault takes, to inject at each of them. */
export async function stepsOf(work: (faulty: Env) => Promise<unknown>): Promise<string[]> {
  const run = await runWithFault(env, undefined, work);
  expect(run.outcome).toBe("ok");
  return run.steps;
}

export const injections = (steps: string[]): Injection[] =>
  steps.flatMap((_, index) => MODES.map((mode) => ({ at: index + 1, mode })));

/** A queue batch of one message, as the runtime hands it to a consumer (acks and retries are ignored). */
export function oneMessageBatch<Body>(queue: string, body: Body): MessageBatch<Body> {
  const message = { id: crypto.randomUUID(), timestamp: new Date(), body, attempts: 1, ack() {}, retry() {} };
  return { queue, messages: [message], ackAll() {}, retryAll() {} } as unknown as MessageBatch<Body>;
}

/** The step at which a sync start sends its first message (from a start without a fault), learnt once. */
let sendStep: Promise<number> | undefined;
const firstSendStep = () => {
  sendStep ??= owingConnection()
    .then(({ row }) => requestOn(row))
    .then((run) => run.steps.indexOf("SYNC_QUEUE.send") + 1);
  return sendStep;
};

/**
 * A connection whose first sync is started and saved, with its first message not sent (the
 * object crashed right before sending it), moved on to the step `stepAt` picks: the test hands
 * that step's message to the consumer.
 */
export async function startedSync(stepAt: (steps: SyncStep[]) => number) {
  const owing = await owingConnection();
  const { row } = owing;
  const stub = connectionSync(env, row.id);
  const at = await firstSendStep();
  const started = await runInDurableObject(stub, (_instance: ConnectionSync, state: DurableObjectState) =>
    runWithFault(env, { at, mode: "crash" }, async (faulty) => {
      const sync = new ConnectionSync(state, faulty);
      await sync.requestSync({
        identity: { connectionId: row.id, applicationId: row.applicationId, environment: row.environment },
        providerRequests: [],
      });
      await sync.idle();
    }),
  );
  expect(started.steps.at(-1)).toBe("SYNC_QUEUE.send");
  // The sync has come as far as the chosen step: its stored state says so, as the steps before
  // would have left it.
  await runInDurableObject(stub, (_instance: ConnectionSync, state: DurableObjectState) => {
    const stored = JSON.parse(
      state.storage.sql.exec<{ value: string }>("SELECT value FROM sync_state WHERE key = 'state'").one().value,
    ) as SyncState;
    stored.active!.stepIndex = stepAt(stored.active!.steps);
    state.storage.sql.exec("UPDATE sync_state SET value = ? WHERE key = 'state'", JSON.stringify(stored));
  });
  await evictDurableObject(stub);
  const { active, identity } = await syncState(row.id);
  return { ...owing, message: pageMessage(active!, identity!) };
}
