/**
 * Start and test time (`npm run bench:start`):
 *
 * - `npm start` until its first answer (`GET /health` on port 8787), against the same machine's
 *   `wrangler dev` of the smallest Worker (bench/ceiling/) until its first answer; alternating,
 *   BENCH_START_ROUNDS (3) each, medians. `npm start` also applies migrations and starts the
 *   fake providers and the demo page, which the baseline does not.
 * - the full `npm test`, against one small test file run by the same configuration (what any
 *   run pays before its first test: workerd, migrations, fake providers, a browser-suite-free
 *   start). BENCH_SKIP_TEST=1 leaves the test run out.
 *
 * Needs port 8787 free: stop a running `npm start` first.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startCeiling } from "./lib/ceiling.ts";
import { table, writeSection } from "./lib/report.ts";
import { groupAlive, ROOT, wranglerEnv } from "./lib/service.ts";
import { median, round } from "./lib/stats.ts";

const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 3);
const NPM_START_ORIGIN = "http://127.0.0.1:8787";

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Seconds from `npm start` to the service's first answer. */
async function timeNpmStart(): Promise<number> {
  if (await answers(`${NPM_START_ORIGIN}/health`)) throw new Error("port 8787 already answers: stop `npm start` first");
  const started = performance.now();
  const child = spawn("npm", ["start"], { cwd: ROOT, env: wranglerEnv(), detached: true, stdio: "ignore" });
  try {
    while (!(await answers(`${NPM_START_ORIGIN}/health`))) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode})`);
      if (performance.now() - started > 120_000) throw new Error("npm start did not answer within 120 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return (performance.now() - started) / 1000;
  } finally {
    const group = child.pid;
    if (group !== undefined && groupAlive(group)) process.kill(-group, "SIGTERM");
    // wrangler dev's workerd outlives npm and wrangler by a moment, holding the ports.
    while (group !== undefined && groupAlive(group)) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Seconds and test count of a test run; `command` takes vitest's reporter options at its end. */
function timeTests(command: string, args: string[]): { seconds: number; tests: number } {
  const report = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-test-")), "report.json");
  const started = performance.now();
  const run = spawnSync(command, [...args, "--reporter=dot", "--reporter=json", `--outputFile.json=${report}`], {
    cwd: ROOT,
    env: wranglerEnv(),
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${run.stderr.slice(-3000)}`);
  const tests = (JSON.parse(readFileSync(report, "utf8")) as { numTotalTests: number }).numTotalTests;
  return { seconds, tests };
}

const start: number[] = [];
const bare: number[] = [];
for (let index = 0; index < ROUNDS; index++) {
  start.push(await timeNpmStart());
  const ceiling = await startCeiling(8852, 9352);
  bare.push(ceiling.startMs / 1000);
  await ceiling.stop();
  console.log(
    `round ${index + 1}: npm start ${round(start.at(-1)!, 1)} s, bare wrangler dev ${round(bare.at(-1)!, 1)} s`,
  );
}

const rows: (string | number)[][] = [
  [
    "`npm start` to its first answer",
    `${round(median(start), 1)} s`,
    `${round(median(bare), 1)} s`,
    round(median(start) / median(bare)),
  ],
];
if (process.env.BENCH_SKIP_TEST !== "1") {
  // The one file runs in the workers project only, without the browser suite's wrangler dev and Chromium.
  const vitest = path.join(ROOT, "node_modules/.bin/vitest");
  const one = timeTests(vitest, ["run", "--config", "test/vitest.config.ts", "test/api/health.test.ts"]);
  const full = timeTests("npm", ["test", "--"]);
  console.log(`npm test: ${round(full.seconds, 1)} s for ${full.tests} tests; one file: ${round(one.seconds, 1)} s`);
  rows.push([
    `full \`npm test\` (${full.tests} tests)`,
    `${round(full.seconds, 1)} s`,
    `${round(one.seconds, 1)} s (one file, ${one.tests} tests)`,
    round(full.seconds / one.seconds),
  ]);
}
writeSection({
  name: "start-and-test",
  title: "Start and test time",
  command: "npm run bench:start",
  body: [
    `Baselines in the same run: \`wrangler dev\` of the smallest Worker (bench/ceiling/) until its first answer ` +
      `(median of ${ROUNDS}, alternating with \`npm start\`, which also applies migrations, starts the fake providers ` +
      "and the demo page); and one small test file through the workers suite's configuration (the fixed cost of any test run).",
    "",
    table(["measured", "time", "baseline", "÷ baseline"], rows),
  ].join("\n"),
});
