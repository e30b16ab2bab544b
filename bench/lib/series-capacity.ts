/**
 * The time series' part of the capacity model (bench:capacity): what a vehicle-day of
 * breadcrumbs, stat readings, trips and the live snapshot costs in its shard (the hot tier), and
 * what the same vehicle-days cost once the hourly tiering job has moved them to object storage
 * (the archive tier: one gzipped NDJSON object per vehicle and day in R2, and an index row each
 * in the shard). A sandbox fleet with its time series on and a one-day hot window is backfilled,
 * measured, tiered through the real cron (`GET /__scheduled`), and measured again; the shard
 * and the local R2 bucket are read with node:sqlite, as D1 and R2 keep them on disk.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { connectSandboxFleet, createApplication, waitForSync } from "./api.ts";
import type { LocalService } from "./service.ts";
import { ROOT } from "./service.ts";

const DAY_MS = 86_400_000;
/** The tiering job's cron (src/cron/index.ts SERIES_TIERING_CRON). */
const TIERING_CRON = "23 * * * *";
/** The hot tier's tables of the time series, each with its indexes. */
export const SERIES_TABLES = ["vehicle_series", "vehicle_series_raw", "trips", "latest_vehicle_locations"] as const;

export type SeriesCapacity = {
  vehicles: number;
  /** Vehicle-days that hold points (in the hot tier, before tiering). */
  vehicleDays: number;
  points: number;
  /** Each hot table's bytes (pages of the table and its indexes) before tiering. */
  hotBytes: Record<(typeof SERIES_TABLES)[number], number>;
  archivedVehicleDays: number;
  /** Calendar vehicle-days of the archived stretch (every vehicle, every complete day before yesterday), worked or not. */
  archivedCalendarVehicleDays: number;
  archivedObjects: number;
  /** R2 bytes of the archived objects, and the shard's bytes of their index (series_archive). */
  archiveObjectBytes: number;
  archiveIndexBytes: number;
  /** Hot bytes of the archived vehicle-days before they moved (vehicle_series and its raw payloads). */
  hotBytesOfArchived: number;
};

function d1Files(service: string): DatabaseSync[] {
  const folder = path.join(ROOT, ".wrangler/bench", service, "state/v3/d1/miniflare-D1DatabaseObject");
  return readdirSync(folder)
    .filter((name) => name.endsWith(".sqlite"))
    .map((name) => new DatabaseSync(path.join(folder, name), { readOnly: true }));
}

/** The shard whose vehicle_series holds the connection's rows. */
function shardOf(service: string, connectionId: string): DatabaseSync {
  for (const database of d1Files(service)) {
    const has = database.prepare("SELECT 1 FROM sqlite_master WHERE name = 'vehicle_series'").get();
    if (has && database.prepare("SELECT 1 FROM vehicle_series WHERE connection_id = ? LIMIT 1").get(connectionId))
      return database;
    database.close();
  }
  throw new Error("no shard holds the connection's time series");
}

function tableBytes(database: DatabaseSync, table: string): number {
  const row = database
    .prepare(
      "SELECT coalesce(sum(pgsize), 0) AS bytes FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name = ?)",
    )
    .get(table) as { bytes: number };
  return Number(row.bytes);
}

/** The archived objects of a connection in the local R2 bucket: count and bytes. */
function archiveObjects(service: string, connectionId: string): { objects: number; bytes: number } {
  const folder = path.join(ROOT, ".wrangler/bench", service, "state/v3/r2/miniflare-R2BucketObject");
  let objects = 0;
  let bytes = 0;
  for (const name of readdirSync(folder).filter((file) => file.endsWith(".sqlite"))) {
    const database = new DatabaseSync(path.join(folder, name), { readOnly: true });
    try {
      if (!database.prepare("SELECT 1 FROM sqlite_master WHERE name = '_mf_objects'").get()) continue;
      const row = database
        .prepare("SELECT count(*) AS objects, coalesce(sum(size), 0) AS bytes FROM _mf_objects WHERE key LIKE ?")
        .get(`series/v1/${connectionId}/%`) as { objects: number; bytes: number };
      objects += Number(row.objects);
      bytes += Number(row.bytes);
    } finally {
      database.close();
    }
  }
  return { objects, bytes };
}

export async function seriesCapacity(
  service: LocalService,
  serviceName: string,
  options: { vehicles: number; days: number },
): Promise<SeriesCapacity> {
  const application = await createApplication(service, "capacity bench (time series)", {
    timeSeries: true,
    hotDays: 1,
  });
  const fleet = await connectSandboxFleet(service, application, { fleetSize: options.vehicles, days: options.days });
  await waitForSync(service, fleet, { timeoutMs: 3_600_000, pollMs: 1000 });

  const shard = shardOf(serviceName, fleet.id);
  try {
    // A one-day hot window keeps yesterday and today (src/timeseries/archive/archive-connection.ts).
    const firstHotHour = Math.floor((Date.now() - DAY_MS) / DAY_MS) * 24;
    const counts = () =>
      shard
        .prepare(
          `SELECT count(DISTINCT vehicle_id || ':' || (hour / 24)) AS vehicleDays, coalesce(sum(point_count), 0) AS points,
             count(DISTINCT CASE WHEN hour < ? THEN vehicle_id || ':' || (hour / 24) END) AS dueVehicleDays
           FROM vehicle_series WHERE connection_id = ?`,
        )
        .get(firstHotHour, fleet.id) as { vehicleDays: number; points: number; dueVehicleDays: number };
    const before = counts();
    const hotBytes = Object.fromEntries(SERIES_TABLES.map((table) => [table, tableBytes(shard, table)])) as Record<
      (typeof SERIES_TABLES)[number],
      number
    >;
    const seriesBytes = hotBytes.vehicle_series + hotBytes.vehicle_series_raw;

    // The hourly tiering job, on demand: it queues a unit per connection, and each unit the next.
    const tiered = await fetch(`${service.origin}/__scheduled?cron=${encodeURIComponent(TIERING_CRON)}`);
    if (!tiered.ok) throw new Error(`the tiering cron answered ${tiered.status}`);
    const deadline = Date.now() + 1_800_000;
    while (counts().dueVehicleDays > 0) {
      if (Date.now() > deadline) throw new Error("the tiering job did not archive the due days within 30 min");
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const archive = archiveObjects(serviceName, fleet.id);
    return {
      vehicles: options.vehicles,
      vehicleDays: Number(before.vehicleDays),
      points: Number(before.points),
      hotBytes,
      archivedVehicleDays: Number(before.dueVehicleDays),
      // The backfill's complete days before yesterday: the days the one-day hot window let go.
      archivedCalendarVehicleDays: options.vehicles * (options.days - 1),
      archivedObjects: archive.objects,
      archiveObjectBytes: archive.bytes,
      archiveIndexBytes: tableBytes(shard, "series_archive"),
      // The series tables' bytes are spread evenly enough over vehicle-days to share out by count.
      hotBytesOfArchived: (seriesBytes * Number(before.dueVehicleDays)) / Math.max(1, Number(before.vehicleDays)),
    };
  } finally {
    shard.close();
  }
}
