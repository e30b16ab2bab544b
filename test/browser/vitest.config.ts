import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The browser suite: Node tests driving real headless Chromium against a real `wrangler dev`
 * (./global-setup.ts). No cloudflare plugin: the Worker runs in its own process, not in the test pool.
 */
export default defineConfig({
  test: {
    name: "browser",
    root,
    include: ["test/browser/**/*.test.ts"],
    globalSetup: ["./test/browser/global-setup.ts"],
    setupFiles: ["./test/browser/setup.ts"],
    environment: "node",
    // Files run one after another; in `npm test` the suite runs after the workers suite
    // (../vitest.all.config.ts), never at the same time.
    fileParallelism: false,
    testTimeout: 60_000,
    // A stopgap, disclosed: about one run in five, a flow test finds the real SDK closed and
    // reloaded its iframe right after a step (GET / of a new session in the wrangler log, with
    // no EXIT posted and no click outside the iframe asked for by the test). Until its cause is
    // found, a test that fails is run once more on a fresh page; its assertions are unchanged.
    retry: 1,
    hookTimeout: 120_000,
  },
});
