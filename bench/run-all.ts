/**
 * `npm run bench`: every benchmark, one after another, each in its own process and with its
 * own local service, each writing its section of BENCHMARKS.md. About 30 minutes on 2 cores
 * (the full `npm test` inside bench:start is 7 of them; BENCH_SKIP_TEST=1 leaves it out).
 */
import { spawnSync } from "node:child_process";
import { ROOT, wranglerEnv } from "./lib/service.ts";

const BENCHMARKS = [
  "bench:read",
  "bench:depth",
  "bench:sync",
  "bench:memory",
  "bench:latency",
  "bench:capacity",
  "bench:timeseries",
  "bench:hos",
  "bench:delivery",
  "bench:start",
];

const failed: string[] = [];
for (const script of BENCHMARKS) {
  console.log(`\n== npm run ${script}`);
  const run = spawnSync("npm", ["run", script], { cwd: ROOT, env: wranglerEnv(), stdio: "inherit" });
  if (run.status !== 0) failed.push(script);
}
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(", ")}`);
  process.exitCode = 1;
}
