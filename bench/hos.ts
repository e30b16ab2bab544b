/**
 * Hours of service (`npm run bench:hos`): a sandbox fleet of BENCH_FLEET vehicles (default 1,000,
 * each with its own driver) backfilled a year (BENCH_DAYS, default 365) through the real queue
 * consumer, Durable Object and D1 writes. Reported: the duty-status logs and daily logs stored,
 * and the rate of each step, timed by the pages' own `added_at` (every row of a page shares it):
 * from the end of the step before to the step's last page. The time series are off (the
 * application's setting), so the sync reads the fleet, its utilization and safety events, then
 * the hours of service and the IFTA distances.
 */
import { connectSandboxFleet, createApplication, waitForSync } from "./lib/api.ts";
import { table, writeSection } from "./lib/report.ts";
import { startService } from "./lib/service.ts";
import { familySpan } from "./lib/shard-files.ts";
import { round, thousands } from "./lib/stats.ts";

const FLEET = Number(process.env.BENCH_FLEET ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const NAME = "hos";

const service = await startService({ name: NAME, port: 8841, inspectorPort: 9341 });
try {
  const application = await createApplication(service, "hours of service bench");
  const fleet = await connectSandboxFleet(service, application, { fleetSize: FLEET, days: DAYS });
  const { job } = await waitForSync(service, fleet, { timeoutMs: 3_600_000, pollMs: 2000 });
  const seconds = (Date.parse(job.completedAt!) - Date.parse(job.requestedAt)) / 1000;
  const span = (table: string) => familySpan(NAME, fleet.id, table);
  // The steps before the hours of service, in the sync's order: the HOS logs' step starts where they end.
  const before = ["vehicle_utilization", "safety_events"].map(span).filter((step) => step.rows > 0);
  const logs = span("hos_logs");
  const days = span("hos_daily_logs");
  const ifta = span("ifta_distances");
  const logsStart = Math.max(...before.map((step) => step.lastMs));
  const logsSeconds = (logs.lastMs - logsStart) / 1000;
  const daysSeconds = (days.lastMs - logs.lastMs) / 1000;
  const iftaSeconds = (ifta.lastMs - days.lastMs) / 1000;
  console.log(
    `${thousands(logs.rows)} HOS logs in ${round(logsSeconds, 1)} s, ${thousands(days.rows)} daily logs in ` +
      `${round(daysSeconds, 1)} s, ${thousands(ifta.rows)} IFTA rows in ${round(iftaSeconds, 1)} s; sync ${round(seconds, 1)} s`,
  );
  writeSection({
    name: NAME,
    title: "Hours of service",
    command: "npm run bench:hos",
    body: [
      `A sandbox fleet of ${thousands(FLEET)} vehicles, each with its driver, backfilled ${DAYS} days through the real ` +
        "queue consumer and Durable Object (time series off). Each step timed by its pages' `added_at`, from the end of " +
        "the step before to its last page.",
      "",
      table(
        ["step", "records stored", "time", "records per second"],
        [
          [
            "duty-status logs (`hosLogs`)",
            thousands(logs.rows),
            `${round(logsSeconds, 1)} s`,
            thousands(logs.rows / logsSeconds),
          ],
          [
            "daily logs (`hosDailyLogs`)",
            thousands(days.rows),
            `${round(daysSeconds, 1)} s`,
            thousands(days.rows / daysSeconds),
          ],
          [
            "IFTA distances (`iftaSummaries`)",
            thousands(ifta.rows),
            `${round(iftaSeconds, 1)} s`,
            thousands(ifta.rows / iftaSeconds),
          ],
          ["the whole sync (every family of the fleet)", "", `${round(seconds, 1)} s`, ""],
        ],
      ),
    ].join("\n"),
  });
} finally {
  await service.stop();
}
