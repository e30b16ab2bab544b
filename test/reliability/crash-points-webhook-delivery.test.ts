/**
 * Crash points of webhook delivery in the queue consumer: a failure (the call throws) or a crash (the process stops there for
 * good) is injected at each I/O step (test/helpers/io-faults.ts). A failed request must leave
 * nothing behind; after a crash, the recovery the service has (the sync object's alarm after a
 * restart, the recovery sweep) must bring back the invariants: every connection reaches a sync
 * with its backfill, no reservation without a job, every event delivered at least once, the
 * sweep completes. One file per operation, so that they run side by side.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookOutbox } from "../../src/db/schema";
import type { Env } from "../../src/env";
import { handleWebhookBatch, WEBHOOK_QUEUE_NAME } from "../../src/webhooks/delivery";
import { emitEvent } from "../../src/webhooks/emit";
import { db } from "../helpers/factories";
import { runWithFault } from "../helpers/io-faults";
import { expectEveryEventDelivered } from "./crash-helpers";
import { context, injections, oneMessageBatch, stepsOf, subscribedApplication } from "./crash-scenarios";

describe("webhook delivery in the queue consumer", async () => {
  /** An event owed to the application's endpoint whose queue message was lost. */
  async function owedDelivery() {
    const subscribed = await subscribedApplication();
    const emitted = await runWithFault(env, { at: 2, mode: "fail" }, (faulty) =>
      emitEvent(context(faulty), subscribed.tenant, { type: "sync.requested", detail: { test: true } }),
    );
    expect(emitted.steps).toEqual(["DB.batch", "WEBHOOK_QUEUE.sendBatch"]);
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
    expect(steps).toEqual(["DB.batch", "DB.raw", "DB.batch"]);
  });

  it.each(injections(steps))("a fault at step $at ($mode): the event is delivered at least once", async (injection) => {
    const { app, inbox, owed } = await owedDelivery();
    await runWithFault(env, injection, deliverOn(owed));
    expect(await expectEveryEventDelivered(app.id, inbox)).toBeGreaterThanOrEqual(1);
  });
});
