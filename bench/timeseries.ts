/**
 * The vehicle time series (`npm run bench:timeseries`), against a local `wrangler dev`:
 *
 * - Backfill: a sandbox fleet of BENCH_FLEET (1,000) vehicles with its time series on, backfilled
 *   one day (yesterday whole, today up to the connection's creation), end to end through the real
 *   queue consumer, Durable Object and D1 writes, timed by the sync job's own timestamps: points
 *   stored per second (breadcrumbs, and all points with the stat readings), and bytes on disk per
 *   point from SQLite's page accounting (dbstat) of the series table and its indexes, the raw
 *   payloads (gzipped, in their own table) counted apart. Targets: ≥ 100,000 points/s, ≤ 16 B.
 * - Reads: `GET /vehicles/{id}/locations` of one vehicle-day (one page of up to 1,000 points)
 *   against `GET /vehicles?limit=100` of the same fleet in the same round (target: p50 ≤ 1.5 ×),
 *   and page 1,000 of a year of one vehicle's breadcrumbs (pages of 100) against its page 1
 *   (target: as fast).
 * - First minute: a sandbox connection created as the README's walkthrough does; seconds until
 *   one vehicle's yesterday (breadcrumbs and trips) is readable (./lib/first-day.ts).
 * - Live snapshot: `GET /vehicles/locations` of a Samsara connection of BENCH_FLEET vehicles (the
 *   fake Samsara, real HTTP) at 1, 10 and 50 concurrent clients: provider requests per minute stay
 *   those of its refreshes whatever the API load (./lib/latest-load.ts).
 *
 * BENCH_FLEET (1000), BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (10), BENCH_LATEST_SECONDS (60).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fakeBaseUrlVars } from "../test/fakes/base-urls.ts";
import { startAllFakes } from "../test/fakes/start-all.ts";
import { apiGet, connectSandboxFleet, createApplication, waitForSync } from "./lib/api.ts";
import { firstDayReadable } from "./lib/first-day.ts";
import { latestLocationsUnderLoad, SAMSARA_TOKEN_PACE_PER_SECOND } from "./lib/latest-load.ts";
import { type LoadResult, load } from "./lib/load.ts";
import { table, writeSection } from "./lib/report.ts";
import { ROOT, startService } from "./lib/service.ts";
import { median, round, thousands } from "./lib/stats.ts";

const FLEET = Number(process.env.BENCH_FLEET ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LATEST_SECONDS = Number(process.env.BENCH_LATEST_SECONDS ?? 60);
const LATEST_LEVELS = [1, 10, 50];
const DAY_MS = 86_400_000;
const NAME = "timeseries";

type SeriesBytes = {
  points: number;
  breadcrumbs: number;
  rows: number;
  locationRows: number;
  locationBlobBytes: number;
  diskBytes: number;
  rawBytes: number;
  blobBytes: number;
};

/** The series table's figures on the shard files: points, rows, pages (table and indexes) and payload bytes. */
function seriesBytes(connectionId: string): SeriesBytes {
  const folder = path.join(ROOT, ".wrangler/bench", NAME, "state/v3/d1/miniflare-D1DatabaseObject");
  const total: SeriesBytes = {
    points: 0,
    breadcrumbs: 0,
    rows: 0,
    locationRows: 0,
    locationBlobBytes: 0,
    diskBytes: 0,
    rawBytes: 0,
    blobBytes: 0,
  };
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".sqlite"))) {
    const database = new DatabaseSync(path.join(folder, file), { readOnly: true });
    try {
      if (!database.prepare("SELECT 1 FROM sqlite_master WHERE name = 'vehicle_series'").get()) continue;
      const rows = database
        .prepare(
          `SELECT count(*) AS rows, sum(point_count) AS points, sum(CASE WHEN series = 'location' THEN point_count ELSE 0 END) AS breadcrumbs,
             sum(length(points)) AS blob,
             sum(CASE WHEN series = 'location' THEN 1 ELSE 0 END) AS locationRows,
             sum(CASE WHEN series = 'location' THEN length(points) ELSE 0 END) AS locationBlob
           FROM vehicle_series WHERE connection_id = ?`,
        )
        .get(connectionId) as {
        rows: number;
        points: number | null;
        breadcrumbs: number | null;
        locationRows: number | null;
        locationBlob: number | null;
        blob: number | null;
      };
      if (!rows.rows) continue;
      const pagesOf = (table: string) =>
        Number(
          (
            database
              .prepare(
                "SELECT sum(pgsize) AS bytes FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name = ?)",
              )
              .get(table) as { bytes: number }
          ).bytes,
        );
      total.rows += Number(rows.rows);
      total.points += Number(rows.points);
      total.breadcrumbs += Number(rows.breadcrumbs);
      total.blobBytes += Number(rows.blob);
      total.locationRows += Number(rows.locationRows);
      total.locationBlobBytes += Number(rows.locationBlob);
      // The payloads' table, apart: its pages and its index.
      total.rawBytes += pagesOf("vehicle_series_raw");
      total.diskBytes += pagesOf("vehicle_series");
    } finally {
      database.close();
    }
  }
  return total;
}

// The fake Samsara of the tests, for the live snapshot's part: real HTTP on loopback, in this process.
const fakes = await startAllFakes();
const service = await startService({
  name: NAME,
  port: 8831,
  inspectorPort: 9331,
  // A year of one vehicle's breadcrumbs for the deep page: the series backfill reaches that far here.
  vars: { SERIES_BACKFILL_DAYS: "366", ...fakeBaseUrlVars(fakes.urls) },
});
try {
  const application = await createApplication(service, "time-series bench", { timeSeries: true });
  const firstDay = await firstDayReadable(service, application);
  console.log(`first day readable after ${round(firstDay.seconds, 1)} s`);
  const fleet = await connectSandboxFleet(service, application, { fleetSize: FLEET, days: 1 });
  const { job } = await waitForSync(service, fleet, { timeoutMs: 3_600_000, pollMs: 1000 });
  const seconds = (Date.parse(job.completedAt!) - Date.parse(job.requestedAt)) / 1000;
  // Measured before anything else is stored: the fleet's shard holds only its series.
  const bytes = seriesBytes(fleet.id);
  const withoutRaw = bytes.diskBytes;
  // A breadcrumb's share: its row's blob, and the row's share of what is not a blob (keys, indexes,
  // page space), which every row of the table costs alike.
  const perRow = (bytes.diskBytes - bytes.blobBytes) / bytes.rows;
  const perBreadcrumb = (bytes.locationBlobBytes + bytes.locationRows * perRow) / bytes.breadcrumbs;
  console.log(
    `backfill: ${thousands(bytes.breadcrumbs)} breadcrumbs, ${thousands(bytes.points)} points in ${round(seconds, 1)} s; ` +
      `${round(withoutRaw / bytes.points, 2)} B/point without raw payloads`,
  );

  const year = await connectSandboxFleet(service, application, { fleetSize: 1, days: 365 });
  await waitForSync(service, year, { timeoutMs: 3_600_000, pollMs: 1000 });
  const [yearVehicle] = (await apiGet(`${service.sandbox}/vehicles?limit=1`, year)).results;
  const now = Date.now();
  const yearWindow = `startAt=${new Date(now - 365 * DAY_MS).toISOString()}&endAt=${new Date(now).toISOString()}`;
  const yearPath = `${service.sandbox}/vehicles/${yearVehicle.id}/locations?${yearWindow}&limit=100`;
  let cursor: string | undefined;
  for (let page = 1; page < 1000; page++) {
    const answer = await apiGet(cursor ? `${yearPath}&cursor=${encodeURIComponent(cursor)}` : yearPath, year);
    cursor = answer.next;
    if (!cursor) throw new Error(`a year of breadcrumbs has only ${page} pages of 100`);
  }

  // The fleet's vehicle with the most breadcrumbs yesterday: its day is one full page.
  const yesterday = Math.floor(now / DAY_MS) * DAY_MS - DAY_MS;
  const dayWindow = `startAt=${new Date(yesterday).toISOString()}&endAt=${new Date(yesterday + DAY_MS).toISOString()}`;
  let dayPath = "";
  let dayPoints = 0;
  for (const vehicle of (await apiGet(`${service.sandbox}/vehicles?limit=20`, fleet)).results) {
    const url = `${service.sandbox}/vehicles/${vehicle.id}/locations?${dayWindow}&limit=1000`;
    const points = (await apiGet(url, fleet)).results.length;
    if (points > dayPoints) [dayPath, dayPoints] = [url, points];
  }
  const headers = (connection: { key: string; token: string }) => ({
    authorization: `Bearer ${connection.key}`,
    "connection-token": connection.token,
  });
  const targets = {
    vehicles: { url: `${service.sandbox}/vehicles?limit=100`, headers: headers(fleet) },
    day: { url: dayPath, headers: headers(fleet) },
    first: { url: yearPath, headers: headers(year) },
    deep: { url: `${yearPath}&cursor=${encodeURIComponent(cursor!)}`, headers: headers(year) },
  };
  type Target = keyof typeof targets;
  for (const target of Object.values(targets)) await load({ ...target, connections: CONNECTIONS, seconds: 1 });
  const rounds: Record<Target, LoadResult>[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    const results = {} as Record<Target, LoadResult>;
    for (const [name, target] of Object.entries(targets) as [Target, (typeof targets)[Target]][]) {
      results[name] = await load({ ...target, connections: CONNECTIONS, seconds: SECONDS });
    }
    rounds.push(results);
    console.log(
      `round ${index + 1}: ${Object.entries(results)
        .map(([name, result]) => `${name} p50 ${result.p50Ms} ms ${thousands(result.requestsPerSecond)}/s`)
        .join(", ")}`,
    );
  }
  const ratio = (name: Target, base: Target) =>
    round(median(rounds.map((entry) => entry[name].p50Ms / Math.max(0.5, entry[base].p50Ms))));
  const p50 = (name: Target) => median(rounds.map((entry) => entry[name].p50Ms));

  const latest = await latestLocationsUnderLoad(service, fakes.urls.samsara!, application, {
    vehicles: FLEET,
    levels: LATEST_LEVELS,
    seconds: LATEST_SECONDS,
  });
  for (const level of latest) {
    console.log(
      `live snapshot, ${level.connections} clients: ${thousands(level.api.requestsPerSecond)} API requests/s, ` +
        `${level.providerRequests} provider requests (${round(level.providerPerMinute, 1)}/min)`,
    );
  }

  writeSection({
    name: "timeseries",
    title: "Vehicle time series",
    command: "npm run bench:timeseries",
    body: [
      `A sandbox fleet of ${thousands(FLEET)} vehicles backfilled one day with its time series (yesterday whole, today up to ` +
        `the connection's creation), timed from the sync job's request to its completion; bytes from dbstat of the series ` +
        `table and its two indexes on the shard file; the raw payloads (gzipped, in a table of their own) apart.`,
      "",
      table(
        ["measure", "value", "target"],
        [
          ["breadcrumbs stored", thousands(bytes.breadcrumbs), ""],
          ["all points stored (breadcrumbs and stat readings)", thousands(bytes.points), ""],
          ["sync time (all families of the fleet)", `${round(seconds, 1)} s`, ""],
          ["points per second, end to end", thousands(bytes.points / seconds), "≥ 100,000"],
          ["breadcrumbs per second, end to end", thousands(bytes.breadcrumbs / seconds), ""],
          [
            "bytes per breadcrumb on disk: its blob and its row's share of keys, indexes and pages; no raw payloads",
            round(perBreadcrumb, 2),
            "≤ 16",
          ],
          ["of which the breadcrumbs' blobs", round(bytes.locationBlobBytes / bytes.breadcrumbs, 2), ""],
          [
            "bytes per point on disk, all series (stat readings come about a dozen a row), no raw payloads",
            round(withoutRaw / bytes.points, 2),
            "",
          ],
          ["of which the points' blobs", round(bytes.blobBytes / bytes.points, 2), ""],
          [
            "raw payloads (gzipped, their own table and index), bytes per point",
            round(bytes.rawBytes / bytes.points, 2),
            "reported apart",
          ],
          ["rows (vehicle, series, hour)", thousands(bytes.rows), ""],
        ],
      ),
      "",
      `A new user's first minute: a sandbox connection created as the README's walkthrough does (the default fleet of ` +
        `24 vehicles, \`"backfill":{"days":3}\`) has one vehicle's whole yesterday readable, ${firstDay.breadcrumbs} ` +
        `breadcrumbs and ${firstDay.trips} trips, **${round(firstDay.seconds, 1)} s** after \`POST /connections\` ` +
        "(target: within a minute).",
      "",
      `Reads: ${CONNECTIONS} concurrent connections (autocannon), ${SECONDS} s per route per round, ${ROUNDS} rounds ` +
        "interleaving the routes; medians of the per-round ratios.",
      "",
      table(
        ["route", "p50", "ratio", "target"],
        [
          ["`GET /vehicles?limit=100` (the fleet)", `${p50("vehicles")} ms`, "1 (baseline)", ""],
          [
            `\`GET /vehicles/{id}/locations\`, one vehicle-day (${dayPoints} points, one page)`,
            `${p50("day")} ms`,
            `${ratio("day", "vehicles")} × vehicles`,
            "≤ 1.5 ×",
          ],
          ["a year of one vehicle's breadcrumbs, page 1 (100 points)", `${p50("first")} ms`, "1 (baseline)", ""],
          ["the same, page 1,000", `${p50("deep")} ms`, `${ratio("deep", "first")} × page 1`, "≈ 1 ×"],
        ],
      ),
      "",
      `Live snapshot: \`GET /vehicles/locations?limit=100\` of an \`automatic\` Samsara connection of ${thousands(FLEET)} ` +
        `vehicles (the tests' fake Samsara over real HTTP), ${LATEST_SECONDS} s per level; provider requests counted from ` +
        `the fake's arrival log. Samsara's pace: ${SAMSARA_TOKEN_PACE_PER_SECOND} requests/s per token ` +
        `(${thousands(SAMSARA_TOKEN_PACE_PER_SECOND * 60)}/min).`,
      "",
      table(
        ["concurrent clients", "API requests/s", "API p50", "provider requests/min", "busiest second at the provider"],
        latest.map((level) => [
          String(level.connections),
          thousands(level.api.requestsPerSecond),
          `${level.api.p50Ms} ms`,
          String(round(level.providerPerMinute, 1)),
          `${level.busiestSecond} (pace ${SAMSARA_TOKEN_PACE_PER_SECOND})`,
        ]),
      ),
    ].join("\n"),
  });
} finally {
  await service.stop();
  await fakes.close();
}
