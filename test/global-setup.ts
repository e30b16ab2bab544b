import type { TestProject } from "vitest/node";
import { startAllFakes } from "./fakes/start-all.ts";

/**
 * Starts the fake providers (real HTTP servers on loopback) for the whole test run; their
 * addresses reach the Worker as its provider base URL bindings (test/vitest.config.ts).
 */
export default async function setup(project: TestProject) {
  const fakes = await startAllFakes();
  project.provide("fakeProviderUrls", fakes.urls);
  return () => fakes.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeProviderUrls: { samsara: string; motive: string; geotab: string };
  }
}
