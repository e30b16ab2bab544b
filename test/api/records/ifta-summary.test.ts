/**
 * GET /ifta/summary over distances written directly into the connection's shard: the sums of
 * every grouping over daily and monthly reports mixed, the month bounds (inclusive), an unknown
 * jurisdiction, fuel where every report has it, expand, raw (capped), vehicles hidden now left
 * out, keyset paging past a page of a thousand groups, every 400, and no distances of another
 * connection.
 */
import { describe, expect, it } from "vitest";
import { IFTA_PAGE_SIZE, IFTA_RAW_PAGE_SIZE, RAW_PER_GROUP } from "../../../src/families/ifta-summaries/schema";
import type { IftaDistanceRow } from "../../../src/families/ifta-summaries/table";
import { detailAt, expectBadRequest, walkPages } from "../../helpers/api-assertions";
import {
  addConnection,
  createRecordsContext,
  insertIftaDistance,
  insertIftaDistances,
  insertVehicle,
  type RecordsContext,
  rawEntry,
} from "../../helpers/records-factories";

type Group = { vehicle?: string | { id: string }; jurisdiction?: string | null; month?: string; distance: number };

const Q1 = "startMonth=2026-01&endMonth=2026-03";
const summary = (context: RecordsContext, query: string) => context.get(`/ifta/summary?${query}`);
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);

/**
 * Two vehicles' reports, daily and monthly, around the first quarter of 2026: vehicle `a` (the
 * lower id) without fuel, `b` with; one of `a`'s distances in no jurisdiction.
 */
async function quarter(context: RecordsContext) {
  const [a, b] = [await insertVehicle(context.owner), await insertVehicle(context.owner)].sort(byId);
  const report = (vehicle: { id: string }, overrides: Partial<IftaDistanceRow>) =>
    insertIftaDistance(context.owner, vehicle, overrides);
  await report(a!, { period: "2026-01-01", jurisdiction: "TX", distance: 100.25, raw: rawEntry("ifta", { n: 1 }) });
  await report(a!, { period: "2026-01-20", jurisdiction: "TX", distance: 50.5, raw: rawEntry("ifta", { n: 2 }) });
  await report(a!, { period: "2026-01-21", jurisdiction: "OK", distance: 30 });
  await report(a!, { period: "2026-02-03", jurisdiction: null, distance: 12.34 });
  // A monthly report beside the daily ones.
  await report(a!, { period: "2026-02", jurisdiction: "TX", distance: 200, raw: rawEntry("ifta", { n: 3 }) });
  await report(b!, { period: "2026-02-10", jurisdiction: "TX", distance: 10, fuel: 3.5 });
  await report(b!, { period: "2026-03", jurisdiction: "NM", distance: 40, fuel: 12.25 });
  // Just outside the quarter.
  await report(a!, { period: "2025-12-31", jurisdiction: "TX", distance: 999 });
  await report(b!, { period: "2026-04", jurisdiction: "NM", distance: 999, fuel: 1 });
  return { a: a!, b: b! };
}

describe("GET /ifta/summary: sums", () => {
  it("sums daily and monthly reports by every grouping, months inclusive, in the order of the keys", async () => {
    const context = await createRecordsContext();
    const { a, b } = await quarter(context);
    const base = { provider: "sandbox" };
    const groups = async (groupBy?: string) => {
      const result = await summary(context, `${Q1}${groupBy ? `&groupBy=${groupBy}` : ""}`);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(result.body.next).toBeUndefined();
      return result.body.results;
    };
    expect(await groups("jurisdiction")).toEqual([
      { ...base, jurisdiction: null, distance: 12.34 },
      { ...base, jurisdiction: "NM", distance: 40, fuel: 12.25 },
      { ...base, jurisdiction: "OK", distance: 30 },
      // b's fuel alone would be a part of the whole: a group has fuel only when all its reports do.
      { ...base, jurisdiction: "TX", distance: 360.75 },
    ]);
    expect(await groups("vehicle")).toEqual([
      { ...base, vehicle: a.id, distance: 393.09 },
      { ...base, vehicle: b.id, distance: 50, fuel: 15.75 },
    ]);
    const byVehicleAndJurisdiction = [
      { ...base, vehicle: a.id, jurisdiction: null, distance: 12.34 },
      { ...base, vehicle: a.id, jurisdiction: "OK", distance: 30 },
      { ...base, vehicle: a.id, jurisdiction: "TX", distance: 350.75 },
      { ...base, vehicle: b.id, jurisdiction: "NM", distance: 40, fuel: 12.25 },
      { ...base, vehicle: b.id, jurisdiction: "TX", distance: 10, fuel: 3.5 },
    ];
    expect(await groups("vehicle,jurisdiction")).toEqual(byVehicleAndJurisdiction);
    expect(await groups()).toEqual(byVehicleAndJurisdiction);
    expect(await groups("vehicle,jurisdiction,month")).toEqual([
      { ...base, vehicle: a.id, jurisdiction: null, month: "2026-02", distance: 12.34 },
      { ...base, vehicle: a.id, jurisdiction: "OK", month: "2026-01", distance: 30 },
      { ...base, vehicle: a.id, jurisdiction: "TX", month: "2026-01", distance: 150.75 },
      { ...base, vehicle: a.id, jurisdiction: "TX", month: "2026-02", distance: 200 },
      { ...base, vehicle: b.id, jurisdiction: "NM", month: "2026-03", distance: 40, fuel: 12.25 },
      { ...base, vehicle: b.id, jurisdiction: "TX", month: "2026-02", distance: 10, fuel: 3.5 },
    ]);
    // One month alone: both bounds the same month.
    const december = await summary(context, "startMonth=2025-12&endMonth=2025-12");
    expect(december.body.results).toEqual([{ ...base, vehicle: a.id, jurisdiction: "TX", distance: 999 }]);
  });

  it("expands the vehicle, and with raw=true carries the reports summed, oldest period first", async () => {
    const context = await createRecordsContext();
    const { a } = await quarter(context);
    const result = await summary(context, `${Q1}&expand=vehicle&raw=true`);
    expect(result.status).toBe(200);
    const texas = result.body.results.find((group: Group) => group.jurisdiction === "TX" && group.distance === 350.75);
    expect(texas.vehicle).toMatchObject({ id: a.id, sourceId: a.sourceId, provider: "sandbox", status: "active" });
    expect(texas.raw).toEqual([rawEntry("ifta", { n: 1 }), rawEntry("ifta", { n: 2 }), rawEntry("ifta", { n: 3 })]);
    for (const group of result.body.results) expect(group.raw.length).toBeGreaterThan(0);
    const plain = await summary(context, Q1);
    for (const group of plain.body.results) expect(group).not.toHaveProperty("raw");
  });

  it(`carries at most ${RAW_PER_GROUP} raw payloads a group`, async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner);
    const days = Array.from({ length: RAW_PER_GROUP + 5 }, (_, index) =>
      new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10),
    );
    await insertIftaDistances(
      context.owner,
      vehicle,
      days.map((period) => ({ period, distance: 1, raw: rawEntry("ifta", { period }) })),
    );
    const result = await summary(context, "startMonth=2026-01&endMonth=2026-06&raw=true");
    expect(result.body.results).toHaveLength(1);
    const [group] = result.body.results;
    expect(group.distance).toBe(days.length);
    expect(group.raw).toHaveLength(RAW_PER_GROUP);
    expect(group.raw[0]).toEqual(rawEntry("ifta", { period: days[0] }));
  });
});

describe("GET /ifta/summary: whose distances", () => {
  it("leaves out vehicles hidden or deleted now, and never sums another connection's", async () => {
    const context = await createRecordsContext();
    const visible = await insertVehicle(context.owner);
    const hidden = await insertVehicle(context.owner, { visibility: "hidden_by_exclude_list" });
    const byStatus = await insertVehicle(context.owner, { visibility: "hidden_by_status" });
    const deleted = await insertVehicle(context.owner, { visibility: "deleted", deletedAt: new Date() });
    for (const vehicle of [visible, hidden, byStatus, deleted]) {
      await insertIftaDistance(context.owner, vehicle, { jurisdiction: "CA", distance: 10 });
    }
    const other = await addConnection(context);
    const theirs = await insertVehicle(other.owner);
    await insertIftaDistance(other.owner, theirs, { jurisdiction: "CA", distance: 1000 });
    await insertIftaDistance(other.owner, theirs, { jurisdiction: "ON", distance: 1000 });

    const mine = await summary(context, "startMonth=2026-01&endMonth=2026-01&groupBy=jurisdiction");
    expect(mine.body.results).toEqual([{ provider: "sandbox", jurisdiction: "CA", distance: 10 }]);
    const byVehicle = await summary(context, "startMonth=2026-01&endMonth=2026-01&groupBy=vehicle");
    expect(byVehicle.body.results.map((group: Group) => group.vehicle)).toEqual([visible.id]);
    const theirSummary = await other.get("/ifta/summary?startMonth=2026-01&endMonth=2026-01&groupBy=jurisdiction");
    expect(theirSummary.body.results).toEqual([
      { provider: "sandbox", jurisdiction: "CA", distance: 1000 },
      { provider: "sandbox", jurisdiction: "ON", distance: 1000 },
    ]);
  });
});

describe("GET /ifta/summary: pages", () => {
  /** Two vehicles, nine jurisdictions (one unknown) and 60 months: 1,080 groups by month, each one report. */
  async function manyGroups(context: RecordsContext) {
    const vehicles = [await insertVehicle(context.owner), await insertVehicle(context.owner)].sort(byId);
    const jurisdictions = [null, "AB", "AZ", "CA", "NV", "ON", "OR", "TX", "WA"];
    const months = Array.from({ length: 60 }, (_, index) =>
      new Date(Date.UTC(2021, index, 1)).toISOString().slice(0, 7),
    );
    const expected: { vehicle: string; jurisdiction: string | null; month: string; distance: number }[] = [];
    for (const vehicle of vehicles) {
      const reports = jurisdictions.flatMap((jurisdiction, j) =>
        months.map((month, m) => ({ period: `${month}-15`, jurisdiction, distance: j * 100 + m + 0.25 })),
      );
      await insertIftaDistances(context.owner, vehicle, reports);
      for (const report of reports) {
        expected.push({
          vehicle: vehicle.id,
          jurisdiction: report.jurisdiction,
          month: report.period.slice(0, 7),
          distance: report.distance,
        });
      }
    }
    return expected;
  }

  it(`pages ${IFTA_PAGE_SIZE} groups at a time in key order (${IFTA_RAW_PAGE_SIZE} with raw), the cursor bound to the query`, async () => {
    const context = await createRecordsContext();
    const expected = await manyGroups(context);
    const query = "startMonth=2021-01&endMonth=2025-12&groupBy=vehicle,jurisdiction,month";
    const walk = (extra: string) =>
      walkPages<Group & { raw?: unknown[] }>(
        (cursor) => summary(context, `${query}${extra}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
        { maxPages: 20 },
      );
    const { pages, all } = await walk("");
    expect(pages.map((page) => page.length)).toEqual([IFTA_PAGE_SIZE, expected.length - IFTA_PAGE_SIZE]);
    expect(all).toEqual(expected.map((group) => ({ provider: "sandbox", ...group })));

    const raw = await walk("&raw=true");
    expect(raw.pages).toHaveLength(Math.ceil(expected.length / IFTA_RAW_PAGE_SIZE));
    expect(raw.all.map(({ raw: _, ...group }) => group)).toEqual(all);
    for (const group of raw.all) expect(group.raw).toHaveLength(1);

    // A cursor is valid only with the query that produced it.
    const first = await summary(context, query);
    const cursor = encodeURIComponent(first.body.next);
    detailAt(
      expectBadRequest(await summary(context, `${query.replace("2021-01", "2021-02")}&cursor=${cursor}`)),
      "{requestQuery}.cursor",
    );
    detailAt(
      expectBadRequest(await summary(context, `${query.replace(",month", "")}&cursor=${cursor}`)),
      "{requestQuery}.cursor",
    );
  });
});

describe("GET /ifta/summary: bad requests", () => {
  it("answers 400 for missing or malformed months, a reversed or too long range, and bad groupings", async () => {
    const context = await createRecordsContext();
    const bad = async (query: string, path: string) =>
      detailAt(expectBadRequest(await summary(context, query)), `{requestQuery}.${path}`);
    await bad("endMonth=2026-03", "startMonth");
    await bad("startMonth=2026-01", "endMonth");
    for (const month of ["2026-13", "2026-00", "2026-1", "202601", "2026-01-05", "26-01"]) {
      await bad(`startMonth=${month}&endMonth=2026-12`, "startMonth");
      await bad(`startMonth=2020-01&endMonth=${month}`, "endMonth");
    }
    await bad("startMonth=2026-03&endMonth=2026-02", "endMonth");
    await bad("startMonth=2021-01&endMonth=2026-01", "endMonth");
    expect((await summary(context, "startMonth=2021-01&endMonth=2025-12")).status).toBe(200);
    for (const groupBy of ["driver", "month", "jurisdiction,vehicle", "vehicle,month", ""]) {
      await bad(`${Q1}&groupBy=${groupBy}`, "groupBy");
    }
    await bad(`${Q1}&groupBy=jurisdiction&expand=vehicle`, "expand");
    await bad(`${Q1}&expand=driver`, "expand");
    expect((await summary(context, `${Q1}&groupBy=vehicle&expand=vehicle`)).status).toBe(200);
  });
});
