/**
 * Upserts of a page as JSON rows: a page of large raw payloads is split into several
 * statements, each under D1's limit on a string parameter (2,000,000 bytes), all in one
 * batch. Local D1 does not enforce that limit, so the statements' sizes are checked directly.
 */
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { MAX_JSON_PARAMETER_CHARS, upsertJsonRows } from "../../src/db/json-rows";
import { runBatch } from "../../src/db/raw";
import { shardD1 } from "../../src/db/shards";
import { UTILIZATION_COLUMNS } from "../../src/families/vehicle-utilization/write";

function utilizationRows(connectionId: string, count: number, rawChars: number): unknown[][] {
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10);
    const raw = JSON.stringify({ index, padding: "é".repeat(rawChars) });
    return [connectionId, "app_x", "sandbox", "sandbox", "vcl_x", "veh-1", date, 0, 1, 1, 1, 1, 1, 0, 0, "h", raw];
  });
}

function upserts(rows: unknown[][]) {
  return upsertJsonRows({
    table: "vehicle_utilization",
    columns: UTILIZATION_COLUMNS,
    rows,
    conflict: ["connection_id", "vehicle_id", "date"],
    update: sql`raw = excluded.raw`,
  });
}

const parameterOf = (statement: ReturnType<typeof upserts>[number]) =>
  new SQLiteAsyncDialect().sqlToQuery(statement).params[0] as string;

describe("upsertJsonRows", () => {
  it("keeps a usual page in one statement", () => {
    const statements = upserts(utilizationRows("conn_small", 500, 200));
    expect(statements).toHaveLength(1);
    expect(JSON.parse(parameterOf(statements[0]!))).toHaveLength(500);
  });

  it("splits a page of large payloads into statements under the limit, every row once and in order", () => {
    const rows = utilizationRows("conn_split", 20, 100_000);
    const statements = upserts(rows);
    expect(statements.length).toBeGreaterThanOrEqual(4);
    const carried = statements.flatMap((statement) => {
      const parameter = parameterOf(statement);
      expect(parameter.length).toBeLessThanOrEqual(MAX_JSON_PARAMETER_CHARS);
      // At most 3 bytes a character: under D1's 2,000,000 bytes whatever the text.
      expect(new TextEncoder().encode(parameter).length).toBeLessThan(2_000_000);
      return JSON.parse(parameter) as unknown[][];
    });
    expect(carried).toEqual(JSON.parse(JSON.stringify(rows)));
  });

  it("stores a page of 4 MB of raw payloads in one batch", async () => {
    const connectionId = `conn_big_${crypto.randomUUID()}`;
    const shard = shardD1(env, "a");
    await runBatch(shard, upserts(utilizationRows(connectionId, 20, 100_000)));
    const stored = await shard
      .prepare("SELECT date, length(raw) AS size FROM vehicle_utilization WHERE connection_id = ? ORDER BY date")
      .bind(connectionId)
      .all<{ date: string; size: number }>();
    expect(stored.results).toHaveLength(20);
    for (const row of stored.results) expect(row.size).toBeGreaterThan(100_000);
  });
});
