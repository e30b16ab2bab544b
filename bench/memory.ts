/**
 * Memory (`npm run bench:memory`): the peak V8 heap of the Worker's isolate (which also runs
 * its queue consumers and Durable Objects) on a local `wrangler dev`, sampled every 20 ms
 * through the devtools protocol, against the same isolate's heap at rest after start-up (the
 * lowest reading over 2 s; the baseline, same run):
 *
 * - during syncs of 1,000 vehicles × 365 days (the sync benchmark's backfill), and of 1,000
 *   and 10,000 vehicles × 7 days: a page or queue message must not need memory that grows
 *   with the fleet, so the last two peaks should be alike;
 * - during concurrent reads of the largest pages: 500 vehicles with raw payloads and both
 *   expansions, and 500 utilization days with raw payloads.
 */
import { apiGet, type Connection, connectSandboxFleet, createApplication, waitForSync } from "./lib/api.ts";
import { Inspector, sampleHeap } from "./lib/inspector.ts";
import { load } from "./lib/load.ts";
import { table, writeSection } from "./lib/report.ts";
import { startService } from "./lib/service.ts";
import { round, thousands } from "./lib/stats.ts";

const MB = 1024 * 1024;
const service = await startService({ name: "memory", port: 8841, inspectorPort: 9341 });
const inspector = await Inspector.connect(service.inspectorPort);
try {
  const idle = await inspector.heapAtRest();
  const application = await createApplication(service, "memory bench");

  const syncPeak = async (fleetSize: number, days: number) => {
    const sampler = sampleHeap(inspector);
    const connection = await connectSandboxFleet(service, application, { fleetSize, days });
    await waitForSync(service, connection, { timeoutMs: 1_800_000 });
    const { peakBytes, samples } = await sampler.stop();
    console.log(`sync ${fleetSize} × ${days}: peak ${round(peakBytes / MB, 1)} MB over ${samples} samples`);
    return { connection, peakBytes };
  };
  const year = await syncPeak(1000, 365);
  const small = await syncPeak(1000, 7);
  const large = await syncPeak(10_000, 7);

  const readPeak = async (url: string, connection: Connection) => {
    const first = await apiGet(url, connection);
    if (first.results.length !== 500) throw new Error(`${url}: ${first.results.length} results, not 500`);
    const bytes = JSON.stringify(first).length;
    const sampler = sampleHeap(inspector);
    const headers = { authorization: `Bearer ${connection.key}`, "connection-token": connection.token };
    const result = await load({ url, headers, connections: 10, seconds: 5 });
    const { peakBytes } = await sampler.stop();
    console.log(
      `${url}: ${bytes} bytes, peak ${round(peakBytes / MB, 1)} MB, ${thousands(result.requestsPerSecond)}/s`,
    );
    return { peakBytes, bytes };
  };
  const vehiclesPage = await readPeak(
    `${service.sandbox}/vehicles?limit=500&raw=true&expand=groups,devices`,
    large.connection,
  );
  const daysPage = await readPeak(`${service.sandbox}/vehicles/utilization?limit=500&raw=true`, year.connection);

  const row = (label: string, peak: number) => [label, `${round(peak / MB, 1)} MB`, round(peak / idle)];
  writeSection({
    name: "memory",
    title: "Memory",
    command: "npm run bench:memory",
    body: [
      "Peak V8 heap of the Worker's isolate (its queue consumers and Durable Objects run in it too), sampled every " +
        "20 ms through the devtools protocol (a lower bound: a spike shorter than 20 ms can fall between samples). " +
        `Baseline: the isolate at rest after start-up (lowest reading over 2 s), ${round(idle / MB, 1)} MB. A Worker isolate may use 128 MB.`,
      "",
      table(
        ["during", "peak heap", "× at rest"],
        [
          row("at rest (baseline)", idle),
          row("sync 1,000 vehicles × 365 days", year.peakBytes),
          row("sync 1,000 vehicles × 7 days", small.peakBytes),
          row("sync 10,000 vehicles × 7 days", large.peakBytes),
          row(
            `10 concurrent \`GET /vehicles?limit=500&raw=true&expand=groups,devices\` (${thousands(vehiclesPage.bytes)} bytes a page)`,
            vehiclesPage.peakBytes,
          ),
          row(
            `10 concurrent \`GET /vehicles/utilization?limit=500&raw=true\` (${thousands(daysPage.bytes)} bytes a page)`,
            daysPage.peakBytes,
          ),
        ],
      ),
      "",
      `Ten times the fleet, same days: ${round(large.peakBytes / small.peakBytes)} × the peak heap` +
        (large.peakBytes / small.peakBytes < 1.5
          ? " (memory follows the page, not the fleet)."
          : " — more than the page alone explains: see the analysis above."),
    ].join("\n"),
  });
} finally {
  inspector.close();
  await service.stop();
}
