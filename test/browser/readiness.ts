import { existsSync, readFileSync } from "node:fs";
import { inject } from "vitest";
import type { BrowserReadiness, BrowserTestApplication } from "./global-setup.ts";

/** How long a browser test file waits for the Worker that ./global-setup.ts starts in the background. */
const READY_TIMEOUT_MS = 240_000;
const POLL_MS = 250;

let application: BrowserTestApplication | undefined;

/**
 * Waits until ./global-setup.ts has written the outcome of its background start-up, and throws
 * its reason when it failed: every test of the file then fails with it.
 */
export async function awaitBrowserWorld(): Promise<void> {
  const file = inject("browserReadyFile");
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!existsSync(file)) {
    if (Date.now() >= deadline)
      throw new Error(`browser suite setup did not finish within ${READY_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const readiness = JSON.parse(readFileSync(file, "utf8")) as BrowserReadiness;
  if ("error" in readiness) throw new Error(`browser suite setup failed: ${readiness.error}`);
  application = readiness.application;
}

/** The application created for the run, as POST /admin/v1/applications answered (keys included). */
export function browserApplication(): BrowserTestApplication {
  if (!application) throw new Error("the browser suite's application is read before ./setup.ts waited for it");
  return application;
}
