/**
 * Sync throughput (`npm run bench:sync`): a sandbox backfill of 1,000 vehicles × 365 days of
 * utilization plus their drivers, end to end through the real queue consumer, Durable Object
 * and D1 writes of a local `wrangler dev`, timed by the sync job's own timestamps from its
 * request (on POST /connections) to its completion. Baseline, in the same run: the ceiling Worker (bench/ceiling/) writing as many
 * rows of the same size with the same upsert statement and nothing else. Rounds alternate
 * between the two; the figures are medians.
 *
 * BENCH_ROUNDS (default 3), BENCH_FLEET (1000), BENCH_DAYS (365) change the size;
 * BENCH_CARRY_ON_SECONDS (default 10) is the service's SYNC_CARRY_ON_SECONDS.
 */
import { apiGet, connectSandboxFleet, countAll, createApplication, waitForSync } from "./lib/api.ts";
import { startCeiling } from "./lib/ceiling.ts";
import { table, writeSection } from "./lib/report.ts";
import { startService } from "./lib/service.ts";
import { familySpan } from "./lib/shard-files.ts";
import { median, round, thousands } from "./lib/stats.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FLEET = Number(process.env.BENCH_FLEET ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
/** The service's page size (wrangler.toml SYNC_PAGE_SIZE); the sandbox serves at most 500 rows a page. */
const PAGE_SIZE = 500;

/** Consumers carry syncs on from page to page (off by default in wrangler.toml; src/config.ts). */
const CARRY_ON_SECONDS = process.env.BENCH_CARRY_ON_SECONDS ?? "10";
const service = await startService({
  name: "sync",
  port: 8811,
  inspectorPort: 9311,
  vars: { SYNC_CARRY_ON_SECONDS: CARRY_ON_SECONDS },
});
const ceiling = await startCeiling(8812, 9312);
try {
  const rounds: {
    seconds: number;
    rowsPerSecond: number;
    ceilingRowsPerSecond: number;
    /** Utilization rows per second from its first page stored to its last (the other families excluded). */
    phaseRowsPerSecond: number;
    safetySeconds: number;
  }[] = [];
  let counts: { utilization: number; vehicles: number; drivers: number } | undefined;
  for (let index = 0; index < ROUNDS; index++) {
    const application = await createApplication(service, `sync bench ${index}`);
    const connection = await connectSandboxFleet(service, application, { fleetSize: FLEET, days: DAYS });
    // Polled once a second (each poll is a request served on the same thread as the sync), and
    // timed by the job's own timestamps, from its request to its completion.
    const { job } = await waitForSync(service, connection, { timeoutMs: 1_800_000, pollMs: 1000 });
    const seconds = (Date.parse(job.completedAt!) - Date.parse(job.requestedAt)) / 1000;
    counts ??= {
      utilization: await countAll(service, connection, "/vehicles/utilization"),
      vehicles: await countAll(service, connection, "/vehicles"),
      drivers: await countAll(service, connection, "/drivers"),
    };
    // The ceiling writes rows with a raw entry exactly as long as the sync's.
    const sample = await apiGet(`${service.sandbox}/vehicles/utilization?limit=1&raw=true`, connection);
    const raw = JSON.stringify(sample.results[0].raw[0]);
    const ceilingRowsPerSecond = await ceiling.write({
      rows: counts.utilization,
      vehicles: FLEET,
      pageSize: PAGE_SIZE,
      raw,
    });
    const rowsPerSecond = counts.utilization / seconds;
    // The utilization phase alone: every row of a page shares its added_at, so first to last page
    // stored, plus one page's share of the phase for the last page's own write.
    const utilization = familySpan("sync", connection.id, "vehicle_utilization");
    const pages = Math.max(1, Math.ceil(utilization.rows / PAGE_SIZE));
    const phaseSeconds = ((utilization.lastMs - utilization.firstMs) / 1000) * (pages / Math.max(1, pages - 1));
    const phaseRowsPerSecond = utilization.rows / phaseSeconds;
    const safety = familySpan("sync", connection.id, "safety_events");
    const safetySeconds = safety.rows ? (safety.lastMs - safety.firstMs) / 1000 : 0;
    rounds.push({ seconds, rowsPerSecond, ceilingRowsPerSecond, phaseRowsPerSecond, safetySeconds });
    console.log(
      `round ${index + 1}: sync ${round(seconds, 1)} s, ${thousands(rowsPerSecond)} rows/s; ceiling ${thousands(ceilingRowsPerSecond)} rows/s`,
    );
  }
  const seconds = median(rounds.map((entry) => entry.seconds));
  const rowsPerSecond = median(rounds.map((entry) => entry.rowsPerSecond));
  const ceilingRowsPerSecond = median(rounds.map((entry) => entry.ceilingRowsPerSecond));
  const ratio = median(rounds.map((entry) => entry.rowsPerSecond / entry.ceilingRowsPerSecond));
  const phaseRowsPerSecond = median(rounds.map((entry) => entry.phaseRowsPerSecond));
  const phaseRatio = median(rounds.map((entry) => entry.phaseRowsPerSecond / entry.ceilingRowsPerSecond));
  const safetySeconds = median(rounds.map((entry) => entry.safetySeconds));
  writeSection({
    name: "sync-throughput",
    title: "Sync throughput",
    command: "npm run bench:sync",
    body: [
      `Sandbox backfill of ${thousands(FLEET)} vehicles × ${DAYS} days: ${thousands(counts!.utilization)} utilization rows, ` +
        `${thousands(counts!.vehicles)} vehicles, ${thousands(counts!.drivers)} drivers (plus groups, devices, safety events). ` +
        `Median of ${ROUNDS} rounds; ceiling = the same number of rows of the same size written by bench/ceiling/ with the ` +
        `same upsert, ${PAGE_SIZE} rows per batch. Consumers carry syncs on for ${CARRY_ON_SECONDS} s (SYNC_CARRY_ON_SECONDS).`,
      "",
      table(
        ["figure", "value"],
        [
          ["time from `requestedAt` to `completedAt`", `${round(seconds, 1)} s`],
          ["utilization rows per second (target ≥ 20,000)", thousands(rowsPerSecond)],
          ["ceiling: D1 writes alone, rows per second", thousands(ceilingRowsPerSecond)],
          ["sync ÷ ceiling", round(ratio)],
          ["utilization phase alone (first to last page stored), rows per second", thousands(phaseRowsPerSecond)],
          ["utilization phase ÷ ceiling", round(phaseRatio)],
          ["safety events phase (not written by the ceiling)", `${round(safetySeconds, 1)} s`],
        ],
      ),
      "",
      `Rounds: ${rounds.map((entry) => `${round(entry.seconds, 1)} s / ${thousands(entry.rowsPerSecond)} vs ${thousands(entry.ceilingRowsPerSecond)} rows/s`).join("; ")}.`,
    ].join("\n"),
  });
} finally {
  await Promise.all([service.stop(), ceiling.stop()]);
}
