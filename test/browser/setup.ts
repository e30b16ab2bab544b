import { beforeAll } from "vitest";
import { awaitBrowserWorld } from "./readiness.ts";

// Runs before each browser test file: waits for the Worker, the application and the demo
// application that global-setup starts in the background; when they could not start, every test of
// the file fails with the reason.
beforeAll(awaitBrowserWorld, 300_000);
