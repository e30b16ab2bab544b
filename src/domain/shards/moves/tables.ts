import { FAMILY_TABLES } from "../../../families";

/**
 * A table of a connection's data on a shard, with the key its rows are walked in: the columns
 * after `connection_id` of an index that starts with it, so each batch of a move is an index
 * range (no sort, no scan of other connections' rows).
 */
export type MovedTable = { name: string; key: readonly string[] };

/** Keys other than the synced tables' `id` (their index on (connection_id, id)). */
const KEYS: Readonly<Record<string, readonly string[]>> = {
  vehicle_utilization: ["vehicle_id", "date"],
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
  "sync_jobs",
  "sync_job_issues",
  "issues",
  "usage_records",
].map((name) => ({ name, key: KEYS[name] ?? ["id"] }));

/** Tables of a shard that hold no connection's data to move. */
export const NOT_MOVED_TABLES = ["pending_events"] as const;
