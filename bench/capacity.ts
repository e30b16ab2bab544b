/**
 * The capacity model's figures (`npm run bench:capacity`): the bytes each stored family takes
 * per vehicle (and per vehicle and day, for the daily ones), measured on the sandbox fleet. A
 * fleet is synced with a backfill through the real service (`wrangler dev`, local D1), then the
 * shard that holds it is read with SQLite's own page accounting (dbstat, through node:sqlite):
 * each table's pages and its indexes' pages, as D1 stores them. From those: vehicle-years per
 * shard at 80 % of D1's 10 GB, connections per shard for typical fleets, and the account's caps.
 * The time series are measured on a fleet of their own, through both tiers (./lib/series-capacity.ts).
 * BENCH_CAPACITY_VEHICLES (default 200), BENCH_CAPACITY_DAYS (default 180),
 * BENCH_CAPACITY_SERIES_VEHICLES (default 50), BENCH_CAPACITY_SERIES_DAYS (default 7).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { connectSandboxFleet, createApplication, waitForSync } from "./lib/api.ts";
import { table, writeSection } from "./lib/report.ts";
import { type SeriesCapacity, seriesCapacity } from "./lib/series-capacity.ts";
import { ROOT, startService } from "./lib/service.ts";
import { round, thousands } from "./lib/stats.ts";

const VEHICLES = Number(process.env.BENCH_CAPACITY_VEHICLES ?? 200);
const DAYS = Number(process.env.BENCH_CAPACITY_DAYS ?? 180);
const SERIES_VEHICLES = Number(process.env.BENCH_CAPACITY_SERIES_VEHICLES ?? 50);
const SERIES_DAYS = Number(process.env.BENCH_CAPACITY_SERIES_DAYS ?? 7);
/** The hot window applications get by default (days kept in the shard before the archive). */
const DEFAULT_HOT_DAYS = 90;
const GB = 1e9;
/** D1's largest database (Workers Paid), and the share of it the model plans to fill. */
const DATABASE_BYTES = 10 * GB;
const USABLE = 0.8 * DATABASE_BYTES;
/** The account's caps (developers.cloudflare.com/d1/platform/limits): storage, and bindings per Worker. */
const ACCOUNT_BYTES = 1000 * GB;
const BINDINGS_PER_WORKER = 5000;

/** Families stored once per record (their size follows the fleet), and those stored per vehicle and day. */
const PER_FLEET = ["vehicles", "drivers", "groups", "devices"];
const PER_DAY = ["vehicle_utilization", "safety_events"];
const BOOKKEEPING = ["sync_jobs", "sync_job_issues", "issues", "usage_records", "pending_events"];

const service = await startService({ name: "capacity", port: 8871, inspectorPort: 9371 });
let connectionId: string;
let series: SeriesCapacity;
try {
  const application = await createApplication(service, "capacity bench");
  const fleet = await connectSandboxFleet(service, application, { fleetSize: VEHICLES, days: DAYS });
  connectionId = fleet.id;
  await waitForSync(service, fleet, { timeoutMs: 3_600_000 });
  series = await seriesCapacity(service, "capacity", { vehicles: SERIES_VEHICLES, days: SERIES_DAYS });
} finally {
  // Stopped first, so that the databases' files are complete on disk.
  await service.stop();
}

// The local D1 databases are SQLite files; the shard is the one that holds the connection's vehicles.
const folder = path.join(ROOT, ".wrangler/bench/capacity/state/v3/d1/miniflare-D1DatabaseObject");
const shard = readdirSync(folder)
  .filter((name) => name.endsWith(".sqlite"))
  .map((name) => new DatabaseSync(path.join(folder, name), { readOnly: true }))
  .find((database) => {
    const has = database.prepare("SELECT 1 FROM sqlite_master WHERE name = 'vehicles'").get();
    return has && database.prepare("SELECT 1 FROM vehicles WHERE connection_id = ?").get(connectionId);
  });
if (!shard) throw new Error("no shard holds the connection's vehicles");

const owner = new Map<string, string>();
for (const row of shard.prepare("SELECT name, tbl_name FROM sqlite_master WHERE type IN ('table', 'index')").all()) {
  owner.set(String(row.name), String(row.tbl_name));
}
const bytes = new Map<string, number>();
for (const row of shard.prepare("SELECT name, SUM(pgsize) AS size FROM dbstat GROUP BY name").all()) {
  const tableName = owner.get(String(row.name)) ?? String(row.name);
  bytes.set(tableName, (bytes.get(tableName) ?? 0) + Number(row.size));
}
const rowsOf = (name: string) => Number((shard.prepare(`SELECT count(*) AS n FROM ${name}`).get() as { n: number }).n);

const perFleet = PER_FLEET.map((name) => ({ name, rows: rowsOf(name), bytes: bytes.get(name) ?? 0 }));
const perDay = PER_DAY.map((name) => ({ name, rows: rowsOf(name), bytes: bytes.get(name) ?? 0 }));
const staticPerVehicle = perFleet.reduce((sum, family) => sum + family.bytes, 0) / VEHICLES;
const dailyPerVehicle = perDay.reduce((sum, family) => sum + family.bytes, 0) / (VEHICLES * DAYS);
const vehicleYear = staticPerVehicle + 365 * dailyPerVehicle;
const fleetOf = (vehicles: number, years: number) => vehicles * (staticPerVehicle + 365 * years * dailyPerVehicle);
/** Bytes in the unit that reads best (decimal units, as D1 states its limits). */
const kb = (value: number) => {
  if (value >= GB) return `${round(value / GB)} GB`;
  if (value >= 1e6) return `${round(value / 1e6, 1)} MB`;
  return `${round(value / 1000, 1)} kB`;
};

const familyRows = [
  ...perFleet.map((family) => [
    `\`${family.name}\``,
    thousands(family.rows),
    kb(family.bytes),
    `${thousands(Math.round(family.bytes / Math.max(1, family.rows)))} B a row`,
    `${thousands(Math.round(family.bytes / VEHICLES))} B per vehicle of the fleet`,
  ]),
  ...perDay.map((family) => [
    `\`${family.name}\``,
    thousands(family.rows),
    kb(family.bytes),
    `${thousands(Math.round(family.bytes / Math.max(1, family.rows)))} B a row`,
    `${thousands(Math.round(family.bytes / (VEHICLES * DAYS)))} B per vehicle per day`,
  ]),
  [
    "bookkeeping (syncs, issues, usage)",
    thousands(BOOKKEEPING.reduce((sum, name) => sum + rowsOf(name), 0)),
    kb(BOOKKEEPING.reduce((sum, name) => sum + (bytes.get(name) ?? 0), 0)),
    "",
    "per connection, not per vehicle",
  ],
];
const shardRows = [
  ["one vehicle, one year of history", kb(vehicleYear), thousands(Math.floor(USABLE / vehicleYear))],
  ["a fleet of 100 vehicles, 1 year", kb(fleetOf(100, 1)), thousands(Math.floor(USABLE / fleetOf(100, 1)))],
  ["a fleet of 1,000 vehicles, 1 year", kb(fleetOf(1000, 1)), thousands(Math.floor(USABLE / fleetOf(1000, 1)))],
  ["a fleet of 1,000 vehicles, 3 years", kb(fleetOf(1000, 3)), thousands(Math.floor(USABLE / fleetOf(1000, 3)))],
];
const accountVehicleYears = Math.floor((0.8 * ACCOUNT_BYTES) / vehicleYear);
console.log({ staticPerVehicle, dailyPerVehicle, vehicleYear, accountVehicleYears });

// The time series, per calendar vehicle-day (worked or not: a sandbox vehicle works about three
// days in four), in each tier, from the archived stretch: complete days only. Trips stay in the
// shard (they are records); breadcrumbs and stat readings (vehicle_series, with their raw payloads)
// move to the archive after the hot window, leaving an index row per worked vehicle-day.
const calendarDays = series.archivedCalendarVehicleDays;
const workedShare = series.archivedVehicleDays / calendarDays;
const perWorkedDay = (bytes: number) => bytes / series.vehicleDays;
const seriesHotDay = series.hotBytesOfArchived / calendarDays;
const tripsDay = perWorkedDay(series.hotBytes.trips) * workedShare;
const latestPerVehicle = series.hotBytes.latest_vehicle_locations / series.vehicles;
const archiveDay = series.archiveObjectBytes / calendarDays;
const indexDay = series.archiveIndexBytes / calendarDays;
const coldDays = 365 - DEFAULT_HOT_DAYS;
const shardYear = (hotDays: number) =>
  vehicleYear + latestPerVehicle + 365 * tripsDay + hotDays * seriesHotDay + (365 - hotDays) * indexDay;
const seriesVehicleYear = shardYear(DEFAULT_HOT_DAYS);
const seriesShardYear = seriesVehicleYear - vehicleYear;
const seriesR2Year = coldDays * archiveDay;
const fleetsPerShard = (bytes: number) => {
  const fleets = USABLE / bytes;
  return fleets >= 10 ? thousands(Math.floor(fleets)) : String(round(fleets, 2));
};
/** A row of the breakdown: a table's bytes, and its share (bytes) of one `unit`. */
const sizeRow = (label: string, bytes: number, share: number, unit: string, where: string) => [
  label,
  kb(bytes),
  `${thousands(Math.round(share))} B per ${unit}`,
  where,
];
const perArchivedDay = (bytes: number) => bytes / Math.max(1, series.archivedObjects);
const seriesRows = [
  sizeRow(
    "breadcrumbs and stat readings (`vehicle_series`)",
    series.hotBytes.vehicle_series,
    perWorkedDay(series.hotBytes.vehicle_series),
    "worked vehicle-day",
    "shard, hot window",
  ),
  sizeRow(
    "their raw payloads, gzipped (`vehicle_series_raw`)",
    series.hotBytes.vehicle_series_raw,
    perWorkedDay(series.hotBytes.vehicle_series_raw),
    "worked vehicle-day",
    "shard, hot window",
  ),
  sizeRow(
    "trips (`trips`)",
    series.hotBytes.trips,
    perWorkedDay(series.hotBytes.trips),
    "worked vehicle-day",
    "shard, kept",
  ),
  sizeRow(
    "live snapshot (`latest_vehicle_locations`)",
    series.hotBytes.latest_vehicle_locations,
    latestPerVehicle,
    "vehicle",
    "shard",
  ),
  sizeRow(
    "archived vehicle-days: one gzipped NDJSON object each, raw payloads included",
    series.archiveObjectBytes,
    perArchivedDay(series.archiveObjectBytes),
    "worked vehicle-day",
    "R2",
  ),
  sizeRow(
    "their index rows (`series_archive`)",
    series.archiveIndexBytes,
    perArchivedDay(series.archiveIndexBytes),
    "worked vehicle-day",
    "shard, kept",
  ),
];
const seriesShardRows = [30, DEFAULT_HOT_DAYS].flatMap((hotDays) => [
  [
    `one vehicle, one year, time series on, hot window ${hotDays} days`,
    kb(shardYear(hotDays)),
    fleetsPerShard(shardYear(hotDays)),
    kb((365 - hotDays) * archiveDay),
  ],
  [
    `a fleet of 1,000 vehicles, the same`,
    kb(1000 * shardYear(hotDays)),
    fleetsPerShard(1000 * shardYear(hotDays)),
    kb(1000 * (365 - hotDays) * archiveDay),
  ],
]);
console.log({
  workedShare,
  seriesHotDay,
  tripsDay,
  latestPerVehicle,
  archiveDay,
  indexDay,
  seriesVehicleYear,
  seriesR2Year,
});

writeSection({
  name: "capacity",
  title: "Capacity model: bytes per vehicle and day",
  command: "npm run bench:capacity",
  body: [
    `A sandbox fleet of ${VEHICLES} vehicles synced with ${DAYS} days of backfill through the service, then its shard read with SQLite's page accounting (dbstat): each table with its indexes, as D1 stores them.`,
    "",
    table(["table", "rows", "bytes (table and indexes)", "per row", "per unit"], familyRows),
    "",
    `Per vehicle: ${thousands(Math.round(staticPerVehicle))} B stored once (its records and its share of drivers, groups and devices) and ${thousands(Math.round(dailyPerVehicle))} B a day (utilization, safety events). At 80 % of D1's 10 GB (8 GB) a shard holds:`,
    "",
    table(["what", "bytes", "per shard at 8 GB"], shardRows),
    "",
    `The account caps the deployment: 1 TB of D1 storage (Workers Paid) is about ${thousands(accountVehicleYears)} vehicle-years at 80 %, in about 100 shards of 8 GB, well within about ${thousands(BINDINGS_PER_WORKER)} bindings per Worker.`,
    "",
    `**Time series, both tiers.** A sandbox fleet of ${series.vehicles} vehicles with its time series on and a one-day hot window, backfilled ${SERIES_DAYS} days (${thousands(series.vehicleDays)} vehicle-days, ${thousands(series.points)} points), measured in its shard, then tiered by the hourly job (run on demand): ${thousands(series.archivedVehicleDays)} vehicle-days moved to ${thousands(series.archivedObjects)} objects in the local R2 bucket.`,
    "",
    table(["what", "bytes", "per unit", "where"], seriesRows),
    "",
    `Per calendar vehicle-day (a sandbox vehicle works ${round(workedShare * 100)} % of days): ${thousands(Math.round(seriesHotDay))} B in the shard while hot, then ${thousands(Math.round(archiveDay))} B in R2 and ${thousands(Math.round(indexDay))} B of index in the shard; trips ${thousands(Math.round(tripsDay))} B, kept. With the default hot window (${DEFAULT_HOT_DAYS} days) a vehicle-year of time series costs its shard ${kb(seriesShardYear)} and R2 ${kb(seriesR2Year)}. With the families above:`,
    "",
    table(["what", "shard bytes", "such vehicles or fleets per shard at 8 GB", "R2 bytes"], seriesShardRows),
  ].join("\n"),
});
