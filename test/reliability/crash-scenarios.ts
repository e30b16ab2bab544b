/**
 * What the crash-point files share (crash-points-*.test.ts): the applications, connections and
 * inputs they start from, and the injections at each step of a run without a fault.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createDatabase } from "../../src/db/client";
import type { Env } from "../../src/env";
import { connectionSync } from "../../src/sync/client";
import { ConnectionSync } from "../../src/sync/connection-sync";
import { createTestApplication, insertConnection, SANDBOX_CREDENTIALS, uniqueName } from "../helpers/factories";
import { type Injection, runWithFault } from "../helpers/io-faults";
import { createEndpoint, newInbox } from "../webhooks/helpers";

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
