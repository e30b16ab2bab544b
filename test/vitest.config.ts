import { defineConfig } from "vitest/config";
import { DurationOrder } from "./duration-order.ts";
import { workersProjects } from "./workers-project.ts";

/**
 * The workers suite alone (`npx vitest run --config test/vitest.config.ts [files]`): the tests
 * run inside workerd with real D1, queues and Durable Objects (./workers-project.ts).
 */
export default defineConfig({
  test: {
    projects: workersProjects(),
    // Files run side by side: most of a file's time is spent waiting on background syncs, retries
    // and the fake providers, not on the CPU (vitest's default on 2 cores is a single worker): four
    // at once keep both cores busy (about 1.4 cores on average over a run).
    maxWorkers: 4,
    // Longest files first, with the files of a runtime of their own ahead (./duration-order.ts).
    sequence: { sequencer: DurationOrder },
  },
});
