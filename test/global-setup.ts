import type { TestProject } from "vitest/node";
import { startDoh } from "./fakes/doh.ts";
import { startAllFakes } from "./fakes/start-all.ts";
import { startWebhookReceiver } from "./fakes/webhook-receiver.ts";

/**
 * Starts the fake providers (real HTTP servers on loopback) for the whole test run; their
 * addresses reach the Worker as its provider base URL bindings (test/vitest.config.ts).
 */
export default async function setup(project: TestProject) {
  const fakes = await startAllFakes();
  project.provide("fakeProviderUrls", fakes.urls);
  const receiver = await startWebhookReceiver();
  project.provide("webhookReceiverUrl", receiver.url);
  const doh = await startDoh();
  project.provide("fakeDohUrl", doh.url);
  return async () => {
    await doh.close();
    await receiver.close();
    await fakes.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeProviderUrls: { samsara: string; motive: string; geotab: string };
    /** The fake webhook receiver (test/fakes/webhook-receiver.ts). */
    webhookReceiverUrl: string;
    /** The fake DNS-over-HTTPS resolver webhook hosts are resolved with (test/fakes/doh.ts). */
    fakeDohUrl: string;
  }
}
