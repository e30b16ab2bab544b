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
    projects: [{ extends: "./test/vitest.config.ts", test: { name: "workers" } }, "./test/browser/vitest.config.ts"],
  },
});
