import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

/**
 * `npm test`: both suites in one run and one report. The workers suite runs inside workerd
 * (./vitest.config.ts); the browser suite runs in Node against wrangler dev (./browser/vitest.config.ts).
 */
export default defineConfig({
  test: {
    root,
    // The browser suite (group 0) runs alone before the workers suite (group 1): on a 2-core machine
    // the workers suite's isolates starve wrangler dev and Chromium, and clicks time out.
    projects: [
      { extends: "./test/vitest.config.ts", test: { name: "workers", sequence: { groupOrder: 1 } } },
      { extends: "./test/browser/vitest.config.ts", test: { sequence: { groupOrder: 0 } } },
    ],
  },
});
