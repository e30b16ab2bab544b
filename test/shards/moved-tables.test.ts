/**
 * A move copies and removes every table of a connection's data: each table of a shard with a
 * `connection_id` column is moved (or deliberately not), and each is walked by an index range.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { shardD1 } from "../../src/db/shards";
import { MOVED_TABLES, NOT_MOVED_TABLES } from "../../src/domain/shards/moves/tables";
import { tablesWithConnectionId } from "../deletion/helpers";
import { SHARDS } from "../helpers/factories";

describe("the moved tables", () => {
  it("are every table of a shard with a connection_id column, but the pending events", async () => {
    const tables = await tablesWithConnectionId(shardD1(env, SHARDS[0]!));
    expect([...MOVED_TABLES.map((table) => table.name), ...NOT_MOVED_TABLES].sort()).toEqual(tables.sort());
  });

  it.each(MOVED_TABLES)("$name is walked in key order by an index, without a sort", async (table) => {
    const key = table.key.join(", ");
    const after = table.key.map(() => "?").join(", ");
    const { results } = await shardD1(env, SHARDS[0]!)
      .prepare(
        `EXPLAIN QUERY PLAN SELECT * FROM ${table.name} WHERE connection_id = ? AND (${key}) > (${after}) ORDER BY ${key} LIMIT 200`,
      )
      .bind("conn_x", ...table.key.map(() => "x"))
      .all<{ detail: string }>();
    const plan = results.map((row) => row.detail).join("\n");
    expect(plan).toMatch(/USING (COVERING )?INDEX/);
    expect(plan).not.toContain("TEMP B-TREE");
  });
});
