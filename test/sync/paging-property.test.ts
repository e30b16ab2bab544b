/**
 * Property: walking GET /vehicles page by page, with random page sizes, while records are
 * added, changed and soft-deleted between pages (as a sync does), returns every record that
 * existed throughout exactly once and never any record twice.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { vehicles } from "../../src/families/vehicles/table";
import { dataDb } from "../helpers/factories";
import { createRecordsContext, insertMany, insertVehicle, type RecordsContext } from "../helpers/records-factories";

/** Records a walk adds at most: with 60 initial records and pages of one, the walk stays within 500 steps. */
const MAX_INSERTS = 100;

/**
 * A page, as a well-behaved client reads it: a long walk of small pages can go above the
 * connection's 100 requests a second, and a 429 is then waited out (its `retryAfter`) and the
 * same page asked again.
 */
async function getPage(context: RecordsContext, path: string) {
  for (let attempt = 0; ; attempt++) {
    const page = await context.get(path);
    if (page.status !== 429 || attempt === 5) return page;
    await new Promise((resolve) => setTimeout(resolve, page.body.retryAfter * 1000));
  }
}

describe("keyset paging under concurrent writes", () => {
  it("yields each record exactly once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 5, max: 60 }),
        fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.constantFrom("insert", "update", "delete", "none"), { minLength: 1, maxLength: 40 }),
        async (initial, limits, writes) => {
          const context = await createRecordsContext();
          const existing = await insertMany(initial, () => insertVehicle(context.owner));
          const seen: string[] = [];
          const deleted = new Set<string>();
          let inserted = 0;
          let cursor: string | undefined;
          let step = 0;
          do {
            const limit = limits[step % limits.length]!;
            const page = await getPage(context, `/vehicles?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
            expect(page.status).toBe(200);
            expect(page.body.results.length).toBeLessThanOrEqual(limit);
            seen.push(...page.body.results.map((vehicle: { id: string }) => vehicle.id));
            cursor = page.body.next;
            // A write between pages, as a sync running concurrently would make.
            const write = writes[step % writes.length];
            const victim = existing[(step * 7) % existing.length]!;
            // Inserts are bounded: pages of one, each followed by an insert behind the cursor, never end.
            if (write === "insert" && inserted < MAX_INSERTS) {
              await insertVehicle(context.owner);
              inserted++;
            }
            if (write === "update") {
              await (await dataDb(context.connection.id))
                .update(vehicles)
                .set({ name: `renamed-${step}`, modifiedAt: new Date() })
                .where(eq(vehicles.id, victim.id));
            }
            if (write === "delete") {
              await (await dataDb(context.connection.id))
                .update(vehicles)
                .set({ deletedAt: new Date(), visibility: "deleted", modifiedAt: new Date() })
                .where(eq(vehicles.id, victim.id));
              deleted.add(victim.id);
            }
            step++;
          } while (cursor !== undefined && step < 500);
          expect(cursor).toBeUndefined();
          expect(new Set(seen).size).toBe(seen.length);
          // Records deleted during the walk may or may not have been listed before they went; all others must be.
          for (const vehicle of existing) if (!deleted.has(vehicle.id)) expect(seen).toContain(vehicle.id);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
