/**
 * Reads a local service's data shards straight from their SQLite files (node:sqlite, read-only,
 * beside the running service: SQLite's write-ahead log lets a reader in), for what the API does
 * not show: when each page of a family was stored (every row of a page shares its `added_at`).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ROOT } from "./service.ts";

export type FamilySpan = { rows: number; firstMs: number; lastMs: number };

/** The rows of `table` a connection has, and the first and last `added_at` among them, summed over every shard. */
export function familySpan(serviceName: string, connectionId: string, table: string): FamilySpan {
  const folder = path.join(ROOT, ".wrangler/bench", serviceName, "state/v3/d1/miniflare-D1DatabaseObject");
  const span: FamilySpan = { rows: 0, firstMs: Number.POSITIVE_INFINITY, lastMs: 0 };
  for (const name of readdirSync(folder).filter((file) => file.endsWith(".sqlite"))) {
    const database = new DatabaseSync(path.join(folder, name), { readOnly: true });
    try {
      if (!database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)) continue;
      const row = database
        .prepare(
          `SELECT count(*) AS n, min(added_at) AS first, max(added_at) AS last FROM ${table} WHERE connection_id = ?`,
        )
        .get(connectionId) as { n: number; first: number | null; last: number | null };
      if (!row.n) continue;
      span.rows += Number(row.n);
      span.firstMs = Math.min(span.firstMs, Number(row.first));
      span.lastMs = Math.max(span.lastMs, Number(row.last));
    } finally {
      database.close();
    }
  }
  return span;
}

/** Tables a sync writes for its own bookkeeping, not records of the connection's data. */
const BOOKKEEPING = new Set(["sync_jobs", "sync_job_issues", "issues", "usage_records", "pending_events"]);

/**
 * The rows a connection has in each data table of the shards (bookkeeping aside), summed over
 * every shard: what its syncs stored, whatever the API shows.
 */
export function storedRows(serviceName: string, connectionId: string): Record<string, number> {
  const folder = path.join(ROOT, ".wrangler/bench", serviceName, "state/v3/d1/miniflare-D1DatabaseObject");
  const rows: Record<string, number> = {};
  for (const name of readdirSync(folder).filter((file) => file.endsWith(".sqlite"))) {
    const database = new DatabaseSync(path.join(folder, name), { readOnly: true });
    try {
      // A data shard is a database with `vehicles`; the control database also has connection ids.
      if (!database.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vehicles'").get()) continue;
      const tables = database
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'd1_%'",
        )
        .all() as { name: string }[];
      for (const { name: table } of tables) {
        if (BOOKKEEPING.has(table)) continue;
        const columns = database.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[];
        if (!columns.some((column) => column.name === "connection_id")) continue;
        const row = database
          .prepare(`SELECT count(*) AS n FROM "${table}" WHERE connection_id = ?`)
          .get(connectionId) as {
          n: number;
        };
        if (row.n) rows[table] = (rows[table] ?? 0) + Number(row.n);
      }
    } finally {
      database.close();
    }
  }
  return rows;
}
