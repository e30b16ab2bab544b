import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The deployment suite: Node tests that start the Worker as deployed in a `wrangler dev` of their
 * own and read what it prints. No browser and no cloudflare plugin: in `npm test` it runs beside the
 * workers suite (../vitest.all.config.ts), where a busy machine only makes it slower.
 */
export default defineConfig({
  test: {
    name: "deployment",
    root,
    include: ["test/deployment/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
