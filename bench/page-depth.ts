/**
 * Page depth (`npm run bench:depth`): on a connection with 100,000 vehicles (a real sandbox
 * sync), the latency of the 1,000th page of `GET /vehicles?limit=100` against the first page.
 * The walk follows `next` cursors to page 1,000; then requests for page 1 and page 1,000
 * alternate, one at a time, so both see the same moments of the machine. Target: the deep
 * page's median latency at most 1.2 times the first page's (keyset pagination on an index).
 *
 * BENCH_DEPTH_FLEET (100000), BENCH_DEPTH_PAGE (1000), BENCH_DEPTH_SAMPLES (300) change the size.
 */
import { apiGet, connectSandboxFleet, createApplication, waitForSync } from "./lib/api.ts";
import { table, writeSection } from "./lib/report.ts";
import { startService } from "./lib/service.ts";
import { median, percentile, round, thousands } from "./lib/stats.ts";

const FLEET = Number(process.env.BENCH_DEPTH_FLEET ?? 100_000);
const DEEP_PAGE = Number(process.env.BENCH_DEPTH_PAGE ?? 1000);
const SAMPLES = Number(process.env.BENCH_DEPTH_SAMPLES ?? 300);
const LIMIT = 100;

const service = await startService({ name: "depth", port: 8831, inspectorPort: 9331 });
try {
  const application = await createApplication(service, "depth bench");
  const connection = await connectSandboxFleet(service, application, { fleetSize: FLEET, days: 0 });
  const seeded = await waitForSync(service, connection, { timeoutMs: 3_600_000 });
  const seedSeconds = (seeded.doneAt - connection.createdAt) / 1000;
  console.log(`seeded ${thousands(FLEET)} vehicles in ${round(seedSeconds, 1)} s`);

  const pageUrl = (cursor?: string) =>
    `${service.sandbox}/vehicles?limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
  // The cursor that opens page DEEP_PAGE: the `next` of page DEEP_PAGE - 1.
  let cursor: string | undefined;
  const walkStarted = performance.now();
  for (let page = 1; page < DEEP_PAGE; page++) {
    const body = await apiGet(pageUrl(cursor), connection);
    if (!body.next) throw new Error(`the walk ended at page ${page}: fewer than ${DEEP_PAGE * LIMIT} vehicles`);
    cursor = body.next;
  }
  const walkSeconds = (performance.now() - walkStarted) / 1000;
  const deepFirstId = (await apiGet(pageUrl(cursor), connection)).results[0].id;

  const timed = async (url: string) => {
    const started = performance.now();
    const body = await apiGet(url, connection);
    const ms = performance.now() - started;
    if (body.results.length !== LIMIT) throw new Error(`a page of ${body.results.length} vehicles, not ${LIMIT}`);
    return ms;
  };
  const first: number[] = [];
  const deep: number[] = [];
  for (let index = 0; index < 20; index++) await Promise.all([timed(pageUrl()), timed(pageUrl(cursor))]);
  for (let index = 0; index < SAMPLES; index++) {
    first.push(await timed(pageUrl()));
    deep.push(await timed(pageUrl(cursor)));
  }
  const ratio = median(deep) / median(first);
  writeSection({
    name: "page-depth",
    title: "Page depth",
    command: "npm run bench:depth",
    body: [
      `${thousands(FLEET)} vehicles (sandbox sync, ${round(seedSeconds, 1)} s to seed); \`GET /vehicles?limit=${LIMIT}\`, ` +
        `page 1 against page ${thousands(DEEP_PAGE)} (first id ${deepFirstId}), ${SAMPLES} requests each, alternating, ` +
        `one at a time. Walking the first ${thousands(DEEP_PAGE - 1)} pages took ${round(walkSeconds, 1)} s ` +
        `(${round((walkSeconds * 1000) / (DEEP_PAGE - 1), 1)} ms a page).`,
      "",
      table(
        ["page", "median", "p99"],
        [
          ["1", `${round(median(first), 1)} ms`, `${round(percentile(first, 99), 1)} ms`],
          [thousands(DEEP_PAGE), `${round(median(deep), 1)} ms`, `${round(percentile(deep, 99), 1)} ms`],
          [
            `page ${thousands(DEEP_PAGE)} ÷ page 1 (target ≤ 1.2)`,
            round(ratio),
            round(percentile(deep, 99) / percentile(first, 99)),
          ],
        ],
      ),
    ].join("\n"),
  });
} finally {
  await service.stop();
}
