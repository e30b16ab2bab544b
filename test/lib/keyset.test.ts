import { env } from "cloudflare:workers";
import { and, asc, desc, eq, like, type SQL } from "drizzle-orm";
import { primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { afterKey, type SortDirection } from "../../src/db/keyset";
import { connections } from "../../src/db/schema";
import { db } from "../helpers/factories";

const scratch = sqliteTable("keyset_scratch", { a: text("a").notNull(), b: text("b").notNull() }, (table) => [
  primaryKey({ columns: [table.a, table.b] }),
]);
type Row = { a: string; b: string };

beforeAll(async () => {
  await env.DB.prepare("CREATE TABLE IF NOT EXISTS keyset_scratch (a TEXT, b TEXT, PRIMARY KEY (a, b))").run();
});

/** A prefix of this test's own rows (letters and digits only: no LIKE wildcards). */
const newPrefix = () => `k${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;

async function insertRows(rows: Row[]) {
  const statement = env.DB.prepare("INSERT INTO keyset_scratch (a, b) VALUES (?, ?)");
  await env.DB.batch(rows.map((row) => statement.bind(row.a, row.b)));
}

/** Walks the rows of `prefix` in pages of `size`, each page continuing after the last row of the one before. */
async function walk(prefix: string, size: number, direction: SortDirection): Promise<{ rows: Row[]; pages: number }> {
  const order = direction === "asc" ? [asc(scratch.a), asc(scratch.b)] : [desc(scratch.a), desc(scratch.b)];
  const rows: Row[] = [];
  let after: Row | undefined;
  let pages = 0;
  for (;;) {
    const conditions: SQL[] = [like(scratch.a, `${prefix}%`)];
    if (after) conditions.push(afterKey([scratch.a, scratch.b], [after.a, after.b], direction));
    const page = await db()
      .select()
      .from(scratch)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(size);
    pages++;
    rows.push(...page);
    if (page.length < size) return { rows, pages };
    after = page.at(-1);
    if (pages > 10_000) throw new Error("the walk does not end");
  }
}

const compare = (x: Row, y: Row) => (x.a < y.a ? -1 : x.a > y.a ? 1 : x.b < y.b ? -1 : x.b > y.b ? 1 : 0);

describe("afterKey", () => {
  it("walks every row exactly once in (a, b) order, ascending and descending, with ties on a", async () => {
    const prefix = newPrefix();
    // Many ties on `a`, and `b` values that are larger in earlier groups than in later ones, so that
    // `a > x AND b > y` (instead of the row-value comparison) would skip rows.
    const rows: Row[] = [];
    for (const [group, bs] of [
      ["1", ["m", "n", "z"]],
      ["2", ["a"]],
      ["3", ["a", "b", "c", "d", "e", "f", "g"]],
      ["4", ["y", "z"]],
      ["5", ["0"]],
      ["6", ["a", "aa", "ab", "b", "ba"]],
    ] as const) {
      for (const b of bs) rows.push({ a: `${prefix}-${group}`, b });
    }
    await insertRows([...rows].reverse());
    const ascending = [...rows].sort(compare);
    const descending = [...ascending].reverse();
    for (const size of [1, 2, 3, 4, 5, 7, rows.length - 1, rows.length, rows.length + 1, 100]) {
      const up = await walk(prefix, size, "asc");
      expect(up.rows, `asc, pages of ${size}`).toEqual(ascending);
      expect(up.pages).toBe(Math.floor(rows.length / size) + 1);
      const down = await walk(prefix, size, "desc");
      expect(down.rows, `desc, pages of ${size}`).toEqual(descending);
    }
  });

  it("continues strictly after the key: the row of the key itself is not repeated", async () => {
    const prefix = newPrefix();
    const rows = ["a", "b", "c"].map((b) => ({ a: prefix, b }));
    await insertRows(rows);
    const next = (key: Row, direction: SortDirection) =>
      db()
        .select()
        .from(scratch)
        .where(and(like(scratch.a, `${prefix}%`), afterKey([scratch.a, scratch.b], [key.a, key.b], direction)))
        .orderBy(direction === "asc" ? asc(scratch.b) : desc(scratch.b));
    expect(await next({ a: prefix, b: "b" }, "asc")).toEqual([{ a: prefix, b: "c" }]);
    expect(await next({ a: prefix, b: "b" }, "desc")).toEqual([{ a: prefix, b: "a" }]);
    // A key that is not a row (deleted since the page was served) still continues at the right place.
    expect(await next({ a: prefix, b: "bb" }, "asc")).toEqual([{ a: prefix, b: "c" }]);
    expect(await next({ a: prefix, b: "bb" }, "desc")).toEqual([
      { a: prefix, b: "b" },
      { a: prefix, b: "a" },
    ]);
  });

  it("compares one column with a plain > or <", async () => {
    const prefix = newPrefix();
    await insertRows(["1", "2", "3"].map((suffix) => ({ a: `${prefix}-${suffix}`, b: "x" })));
    const select = (direction: SortDirection) =>
      db()
        .select({ a: scratch.a })
        .from(scratch)
        .where(and(like(scratch.a, `${prefix}%`), afterKey([scratch.a], [`${prefix}-2`], direction)));
    expect(await select("asc")).toEqual([{ a: `${prefix}-3` }]);
    expect(await select("desc")).toEqual([{ a: `${prefix}-1` }]);
  });

  it("binds the key values as parameters, never as SQL text", async () => {
    const hostile = "x') OR 1=1 --";
    const query = db()
      .select()
      .from(scratch)
      .where(afterKey([scratch.a, scratch.b], [hostile, hostile], "asc"))
      .toSQL();
    expect(query.sql).not.toContain(hostile);
    expect(query.sql).toContain('("keyset_scratch"."a", "keyset_scratch"."b") > (?, ?)');
    expect(query.params).toEqual([hostile, hostile]);
  });

  it("refuses keys whose length differs from the columns", () => {
    expect(() => afterKey([scratch.a, scratch.b], ["x"], "asc")).toThrow();
    expect(() => afterKey([scratch.a], ["x", "y"], "desc")).toThrow();
  });

  it("walks any set of rows exactly once in order, for any page size (property)", async () => {
    const row = fc.record({ a: fc.constantFrom("p", "q", "r", "s"), b: fc.string({ maxLength: 3 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(row, { maxLength: 25, selector: (r) => `${r.a}\u0000${r.b}` }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom<SortDirection>("asc", "desc"),
        async (generated, size, direction) => {
          const prefix = newPrefix();
          const rows = generated.map((r) => ({ a: `${prefix}${r.a}`, b: r.b }));
          if (rows.length > 0) await insertRows(rows);
          const sorted = [...rows].sort(compare);
          const { rows: walked } = await walk(prefix, size, direction);
          expect(walked).toEqual(direction === "asc" ? sorted : sorted.reverse());
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("query plan of the connections list", () => {
  type PlanRow = { id: number; parent: number; notused: number; detail: string };

  async function plan(statement: string, params: unknown[]): Promise<string[]> {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement}`)
      .bind(...params)
      .all<PlanRow>();
    return results.map((row) => row.detail);
  }

  function expectTenantIndex(details: string[]) {
    expect(details.join("\n")).toContain("connections_tenant_idx");
    // No full scan of the table, and no sort step for the ORDER BY: the index gives the order.
    for (const detail of details) {
      expect(detail).not.toMatch(/^SCAN connections$/);
      expect(detail).not.toMatch(/TEMP B-TREE/);
    }
  }

  it("uses connections_tenant_idx for the tenant + id keyset query (SQL shape)", async () => {
    const params = ["app_01HZX5G1Q4V2M8T6W9K3R7N0PB", "sandbox", "conn_01HZX5G1Q4V2M8T6W9K3R7N0PB"];
    expectTenantIndex(
      await plan(
        "SELECT * FROM connections WHERE application_id=? AND environment=? AND id > ? ORDER BY id LIMIT 101",
        params,
      ),
    );
    expectTenantIndex(
      await plan(
        "SELECT * FROM connections WHERE application_id=? AND environment=? AND id < ? ORDER BY id DESC LIMIT 101",
        params,
      ),
    );
  });

  it("uses connections_tenant_idx for the query drizzle builds with afterKey, both directions", async () => {
    for (const direction of ["asc", "desc"] as const) {
      const query = db()
        .select()
        .from(connections)
        .where(
          and(
            eq(connections.applicationId, "app_01HZX5G1Q4V2M8T6W9K3R7N0PB"),
            eq(connections.environment, "sandbox"),
            afterKey([connections.id], ["conn_01HZX5G1Q4V2M8T6W9K3R7N0PB"], direction),
          ),
        )
        .orderBy(direction === "asc" ? asc(connections.id) : desc(connections.id))
        .limit(101)
        .toSQL();
      expectTenantIndex(await plan(query.sql, query.params));
    }
  });
});
