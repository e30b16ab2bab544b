import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = path.resolve(import.meta.dirname, "..");

/** Each test file's duration in a recent run, in seconds (scripts/test-durations.mjs writes it). */
const recorded: Record<string, number> = JSON.parse(readFileSync(path.join(root, "test/durations.json"), "utf8"));

/**
 * vitest's order, longest files first, when vitest has no durations of its own (a fresh clone,
 * CI): it then runs larger files first, and size says little here (two four-line files run half
 * of the deletion sweep's crash points each; the slowest files are mid-sized), so a slow file
 * started last and the suite waited on it: about 20 s more than with durations. Here the
 * durations of a recorded run stand in; a file not recorded yet runs first, as vitest runs an
 * unknown one. Projects keep vitest's order (they run one after another).
 */
export class DurationOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (sorted.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    const durationOf = (spec: TestSpecification) =>
      this.ctx.cache.getTestSpecificationResult(spec)?.duration ??
      (recorded[path.relative(root, spec.moduleId)] ?? Number.POSITIVE_INFINITY) * 1000;
    return [...sorted].sort((a, b) => {
      if (a.project.name !== b.project.name) return (position.get(a) ?? 0) - (position.get(b) ?? 0);
      const [durationA, durationB] = [durationOf(a), durationOf(b)];
      if (durationA === durationB) return (position.get(a) ?? 0) - (position.get(b) ?? 0);
      return durationB > durationA ? 1 : -1;
    });
  }
}
