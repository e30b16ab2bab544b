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
    // Files run one after another; in `npm test` the suite also runs before the workers suite
    // (../vitest.all.config.ts), never at the same time.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
