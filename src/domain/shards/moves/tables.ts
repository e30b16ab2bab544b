import { FAMILY_TABLES } from "../../../families";

/**
 * A table of a connection's data on a shard, with the key its rows are walked in: the columns
 * after `connection_id` of an index that starts with it, so each batch of a move is an index
 * range (no sort, no scan of other connections' rows).
 */
export type MovedTable = { name: string; key: readonly string[]; blobs?: readonly string[] };

/**
 * BLOB columns: D1 reads them as arrays of bytes, which a JSON upsert would store as text, so
 * their rows are written with bound parameters instead (copy.ts).
 */
const BLOBS: Readonly<Record<string, readonly string[]>> = { vehicle_series: ["points"], vehicle_series_raw: ["raw"] };

/** Keys other than the synced tables' `id` (their index on (connection_id, id)). */
const KEYS: Readonly<Record<string, readonly string[]>> = {
  vehicle_utilization: ["vehicle_id", "date"],
  vehicle_series: ["vehicle_id", "series", "hour"],
  vehicle_series_raw: ["vehicle_id", "series", "hour"],
  latest_vehicle_locations: ["vehicle_id"],
  latest_trailer_locations: ["trailer_id"],
  hos_clocks: ["driver_id"],
  series_archive: ["vehicle_id", "day"],
  issues: ["error_code"],
  sync_job_issues: ["sync_job_id", "issue_id"],
  usage_records: ["month", "vehicle_id"],
};

/**
 * Every table a move copies and then removes from the source. `pending_events` is not one:
 * its rows are webhook events on their way to the control database, relayed (and removed) from
 * wherever they were written.
 */
export const MOVED_TABLES: readonly MovedTable[] = [
  ...FAMILY_TABLES,
  // The payloads of its series rows, and the index of its archived days (the objects themselves
  // are keyed by connection, not shard). The index comes after the series rows: a day the hourly
  // tiering archives while the copy runs is then on the target either as rows (copied before the
  // source deleted them) or as an index row (copied after it was written), never neither; a
  // payload row deleted before its turn is kept in the day's object (archive-day.ts).
  "vehicle_series_raw",
  "series_archive",
  "sync_jobs",
  "sync_job_issues",
  "issues",
  "usage_records",
].map((name) => ({ name, key: KEYS[name] ?? ["id"], ...(BLOBS[name] ? { blobs: BLOBS[name] } : {}) }));

/** Tables of a shard that hold no connection's data to move. */
export const NOT_MOVED_TABLES = ["pending_events"] as const;
