import type { TestProject } from "vitest/node";
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
  return async () => {
    await receiver.close();
    await fakes.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeProviderUrls: { samsara: string; motive: string; geotab: string };
    /** The fake webhook receiver (test/fakes/webhook-receiver.ts). */
    webhookReceiverUrl: string;
  }
}
