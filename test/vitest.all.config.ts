import path from "node:path";
import { defineConfig } from "vitest/config";
import { DurationOrder } from "./duration-order.ts";
import { workersProjects } from "./workers-project.ts";

const root = path.resolve(import.meta.dirname, "..");
/** Files at once (below); projects of one group must agree on it. */
const MAX_WORKERS = 4;

/**
 * `npm test`: both suites in one run and one report. The workers suite runs inside workerd as two
 * projects (./workers-project.ts); the browser suite runs in Node against wrangler dev
 * (./browser/vitest.config.ts).
 */
export default defineConfig({
  test: {
    root,
    // Files run side by side: most of a file's time is spent waiting on background syncs, retries
    // and the fake providers, not on the CPU (vitest's default on 2 cores is a single worker): four
    // at once keep both cores busy (about 1.4 cores on average over a run).
    maxWorkers: MAX_WORKERS,
    // Longest files first, with the files of a runtime of their own ahead (./duration-order.ts).
    sequence: { sequencer: DurationOrder },
    // The browser suite never runs beside the workers suite: on a 2-core machine the workers suite's
    // isolates starve wrangler dev and Chromium, and clicks time out. The workers projects share
    // group 1; the browser suite runs one file at a time (fileParallelism: false), which vitest runs
    // as a group of its own after the numbered groups. The deployment suite (a wrangler dev of its
    // own, no browser) runs in group 1 beside the workers suite.
    projects: [
      ...workersProjects(1),
      {
        extends: "./test/deployment/vitest.config.ts",
        test: { name: "deployment", sequence: { groupOrder: 1 }, maxWorkers: MAX_WORKERS },
      },
      { extends: "./test/browser/vitest.config.ts", test: { name: "browser" } },
    ],
  },
});
