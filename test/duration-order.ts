import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = path.resolve(import.meta.dirname, "..");

/** Each test file's duration in a recent run, in seconds (scripts/test-durations.mjs writes it). */
const recorded: Record<string, number> = JSON.parse(readFileSync(path.join(root, "test/durations.json"), "utf8"));

/**
 * The order files start in, so that the suite's workers finish together instead of waiting on
 * a slow file started last: within each group (the workers suite, then the browser suite), the
 * files with a runtime of their own first (the own-storage and third-shard projects: vitest's
 * order would start them only after every shared-runtime file, and they ran at the end on a
 * few workers), then the rest; each part longest first. Durations are vitest's of the last run
 * when it has them, else those of a recorded run (a fresh clone, CI); a file recorded nowhere
 * runs first, as vitest runs an unknown one.
 */
export class DurationOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durationOf = (spec: TestSpecification) =>
      this.ctx.cache.getTestSpecificationResult(spec)?.duration ??
      (recorded[path.relative(root, spec.moduleId)] ?? Number.POSITIVE_INFINITY) * 1000;
    const name = (spec: TestSpecification) => `${spec.project.name} ${spec.moduleId}`;
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      const ownRuntime = Number(b.project.config.isolate !== false) - Number(a.project.config.isolate !== false);
      if (ownRuntime !== 0) return ownRuntime;
      const project = rankOf(a) - rankOf(b);
      if (project !== 0) return project;
      const [durationA, durationB] = [durationOf(a), durationOf(b)];
      if (durationA !== durationB) return durationB > durationA ? 1 : -1;
      return name(a) < name(b) ? -1 : 1;
    });
  }
}

/**
 * Projects of shared runtimes in the order their files start, each a block: a worker that goes
 * from one project's file to another's starts a runtime for it (seconds of CPU), so interleaving
 * the projects' files, as longest-first alone would, starts runtimes over and over.
 */
const PROJECT_RANK: Readonly<Record<string, number>> = { "workers-leave-nothing": 0, workers: 1 };
const rankOf = (spec: TestSpecification) => PROJECT_RANK[spec.project.name] ?? 2;
