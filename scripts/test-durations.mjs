// `node scripts/test-durations.mjs <vitest JSON report>`: writes test/durations.json, each test
// file's duration in that run (whole seconds), which test/duration-order.ts orders files by when
// vitest has no durations of its own (a fresh clone, CI). Regenerate after adding or splitting
// slow files: `npm test -- --reporter=json --outputFile=/tmp/report.json`, then this script.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const [reportPath] = process.argv.slice(2);
if (!reportPath) throw new Error("usage: node scripts/test-durations.mjs <vitest JSON report>");
const report = JSON.parse(readFileSync(reportPath, "utf8"));
const durations = Object.fromEntries(
  report.testResults
    // Paths from the project's root, whichever clone the report was made in.
    .map((file) => [file.name.slice(file.name.lastIndexOf("/test/") + 1), (file.endTime - file.startTime) / 1000])
    .filter(([name]) => name.startsWith("test/"))
    .map(([name, seconds]) => [name, Math.max(1, Math.round(seconds))])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(path.join(ROOT, "test/durations.json"), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`test/durations.json: ${Object.keys(durations).length} files`);
