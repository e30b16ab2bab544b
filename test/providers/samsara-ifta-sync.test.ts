/**
 * Samsara's IFTA end to end: the canonical fleet's IFTA distances (test/fakes/ifta.ts), the fake
 * Samsara's vehicle report over real HTTP (its shape, paging and refusals), the adapter's
 * readPage against it (month after month, page after page, each payload once), then a connection
 * made through the API, its backfill synced by the real queue consumer and Durable Object, and
 * GET /ifta/summary by vehicle, jurisdiction and month against the canonical fleet's months as
 * Samsara carries them (metres to one decimal, back to km to two; tax-paid litres where the fake
 * reports them). A second sync updates the months in place: nothing changes, nothing doubles.
 *
 * The fake answers at its own instant, somewhere within the sync: the current month (the days
 * over by then) is checked against the canonical fleet at the sync's request and at its completion.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { JURISDICTIONS } from "../../src/jurisdictions/jurisdictions";
import { samsaraAdapter } from "../../src/providers/samsara/adapter";
import { encodeSamsaraCursor } from "../../src/providers/samsara/cursor";
import type { ReadRequest } from "../../src/providers/types";
import { type FleetOptions, vehiclesAt } from "../fakes/fleet.ts";
import { iftaOfVehicleDay, iftaOfVehicleMonth } from "../fakes/ifta.ts";
import { IFTA_PAGE_SIZE, MONTH_NAMES, taxPaidLitersOf } from "../fakes/samsara/ifta-routes.ts";
import { tripsOfDay } from "../fakes/series.ts";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { connectSamsara, createSamsaraAccount, denySamsaraScopes, listAll, samsaraLog } from "./samsara-helpers";

const DAY_MS = 86_400_000;
/** Long enough to reach into the month before, whatever today's date: two windows of the sync, two months or three. */
const BACKFILL_DAYS = 35;
const VEHICLES = 7;
const REPORT_PATH = "/fleet/reports/ifta/vehicle";
const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;
const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);
const monthName = (month: string) => MONTH_NAMES[Number(month.slice(5)) - 1]!;
const KNOWN = new Set(JURISDICTIONS.map((jurisdiction) => jurisdiction.code));

function get(path: string, token: string) {
  return fetch(`${env.SAMSARA_BASE_URL}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

/** The calendar months (YYYY-MM) from the one holding `from` to the one holding `to`. */
function monthsBetween(from: number, to: number): string[] {
  const months: string[] = [];
  for (let month = monthOf(from); month <= monthOf(to); ) {
    months.push(month);
    const next = new Date(`${month}-01T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    month = monthOf(next.getTime());
  }
  return months;
}

describe("the canonical fleet's IFTA distances", () => {
  const fleet: FleetOptions = { seed: "ifta-canonical", vehicles: 6, revision: 0 };
  const today = Math.floor(Date.now() / DAY_MS);

  it("split each day's trips by jurisdiction, adding up to their distance", () => {
    let crossings = 0;
    for (const vehicle of vehiclesAt(fleet)) {
      for (let day = today - 3; day < today; day++) {
        const parts = iftaOfVehicleDay(fleet, vehicle.id, day);
        for (const code of parts.keys()) if (code !== null) expect(KNOWN).toContain(code);
        const km = [...parts.values()].reduce((sum, part) => sum + part, 0);
        const trips = tripsOfDay(fleet, vehicle.id, day).reduce((sum, trip) => sum + trip.distanceKm, 0);
        expect(km, `${vehicle.id} ${day}`).toBeCloseTo(trips, 6);
        if ([...parts.keys()].filter((code) => code !== null).length > 1) crossings++;
      }
    }
    // Atlanta's yard is near enough to Alabama, Tennessee and the Carolinas that some days cross a border.
    expect(crossings).toBeGreaterThan(0);
  });

  it("sum a month from its days that are over", () => {
    const vehicleId = vehiclesAt(fleet)[1]!.id;
    const now = today * DAY_MS + 12 * 3_600_000;
    const month = monthOf(now);
    const expected = new Map<string | null, number>();
    for (let day = Date.parse(`${month}-01T00:00:00Z`) / DAY_MS; day < today; day++) {
      for (const [code, km] of iftaOfVehicleDay(fleet, vehicleId, day))
        expected.set(code, (expected.get(code) ?? 0) + km);
    }
    const actual = iftaOfVehicleMonth(fleet, vehicleId, month, now);
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [code, km] of expected) expect(actual.get(code), String(code)).toBeCloseTo(km, 6);
    // Today is not over: it adds nothing until it is.
    const tomorrow = iftaOfVehicleMonth(fleet, vehicleId, month, (today + 1) * DAY_MS);
    const total = (parts: Map<string | null, number>) => [...parts.values()].reduce((sum, km) => sum + km, 0);
    if (monthOf((today + 1) * DAY_MS - 1) === month) expect(total(tomorrow)).toBeGreaterThan(total(actual));
  });
});

describe("the fake Samsara's IFTA vehicle report", () => {
  it("answers `data` as an object with the month by name, a report per vehicle in metres, paged by cursor", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: IFTA_PAGE_SIZE + 2 });
    const lastMonth = monthOf(Date.parse(`${monthOf(Date.now())}-01T00:00:00Z`) - 1);
    const query = `year=${lastMonth.slice(0, 4)}&month=${monthName(lastMonth)}`;
    const first = await get(`${REPORT_PATH}?${query}`, token);
    expect(first.status).toBe(200);
    const page = (await first.json()) as any;
    expect(page.data).toMatchObject({ year: Number(lastMonth.slice(0, 4)), month: monthName(lastMonth) });
    expect(page.data.vehicleReports).toHaveLength(IFTA_PAGE_SIZE);
    expect(page.pagination).toEqual({ endCursor: expect.stringMatching(/.+/), hasNextPage: true });
    const second = (await (
      await get(`${REPORT_PATH}?${query}&after=${page.pagination.endCursor}`, token)
    ).json()) as any;
    expect(second.data.vehicleReports).toHaveLength(2);
    expect(second.pagination).toEqual({ endCursor: "", hasNextPage: false });

    const [report] = page.data.vehicleReports;
    const vehicle = vehiclesAt(fleet)[0]!;
    expect(report.vehicle).toEqual({ id: vehicle.id, name: vehicle.name, externalIds: { "samsara.vin": vehicle.vin } });
    const canonical = iftaOfVehicleMonth(fleet, vehicle.id, lastMonth, Date.now());
    const driven = [...canonical].filter(([, km]) => round1(km * 1000) > 0);
    expect(report.jurisdictions.map((entry: any) => entry.jurisdiction)).toEqual(
      driven.map(([code]) => code ?? "").sort(),
    );
    for (const entry of report.jurisdictions) {
      const km = canonical.get(entry.jurisdiction || null)!;
      expect(entry.totalMeters, entry.jurisdiction).toBe(round1(km * 1000));
      expect(entry.taxableMeters).toBeLessThanOrEqual(entry.totalMeters);
      expect(entry.taxPaidLiters).toBe(taxPaidLitersOf(fleet, vehicle, lastMonth, entry.jurisdiction || null, km));
    }
  });

  it("sums a quarter's months, and narrows by vehicle (id or VIN) and jurisdiction", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 2 });
    const [west, east] = vehiclesAt(fleet);
    const year = new Date().getUTCFullYear() - 1;
    const ask = async (query: string) =>
      ((await (await get(`${REPORT_PATH}?year=${year}&${query}`, token)).json()) as any).data;
    const quarter = await ask(`quarter=Q2&vehicleIds=samsara.vin:${east!.vin}`);
    expect(quarter).toMatchObject({ year, quarter: "Q2" });
    expect(quarter).not.toHaveProperty("month");
    expect(quarter.vehicleReports.map((report: any) => report.vehicle.id)).toEqual([east!.id]);
    const months = await Promise.all(
      ["April", "May", "June"].map((month) => ask(`month=${month}&vehicleIds=${east!.id}`)),
    );
    for (const entry of quarter.vehicleReports[0].jurisdictions) {
      const inMonths = months.map(
        (month) =>
          month.vehicleReports[0].jurisdictions.find((other: any) => other.jurisdiction === entry.jurisdiction)
            ?.totalMeters ?? 0,
      );
      expect(Math.abs(entry.totalMeters - inMonths.reduce((sum, metres) => sum + metres, 0))).toBeLessThan(0.5);
    }
    const code = [...iftaOfVehicleMonth(fleet, west!.id, `${year}-05`, Date.now()).keys()].find(Boolean);
    const narrowed = await ask(`month=May&vehicleIds=${west!.id}&jurisdictions=${code}`);
    expect(narrowed.vehicleReports[0].jurisdictions.map((entry: any) => entry.jurisdiction)).toEqual([code]);
  });

  it("refuses what Samsara refuses with a 400 { message, requestId }", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 1 });
    for (const path of [
      `${REPORT_PATH}?year=2025&month=October&quarter=Q4`,
      `${REPORT_PATH}?month=October`,
      `${REPORT_PATH}?year=2025`,
      `${REPORT_PATH}?year=2025&month=Oct`,
      `${REPORT_PATH}?year=2025&month=10`,
      `${REPORT_PATH}?year=2025&month=october`,
      `${REPORT_PATH}?year=twenty&month=October`,
      `${REPORT_PATH}?year=2025&quarter=Q5`,
      `${REPORT_PATH}?year=2025&month=October&fuelType=Kerosene`,
      `${REPORT_PATH}?year=2025&month=October&after=not-a-cursor`,
    ]) {
      const response = await get(path, token);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ message: expect.any(String), requestId: expect.any(String) });
    }
  });
});

function readRequest(apiToken: string, overrides: Partial<ReadRequest> = {}): ReadRequest {
  return {
    context: { env },
    credentials: { apiToken },
    options: {},
    connection: { id: "conn_test", sourceId: null, createdAt: new Date() },
    pageSize: 200,
    ...overrides,
  };
}

describe("the adapter's readPage of the IFTA vehicle report", () => {
  it("reads every month of the window, each over its pages, one payload per vehicle and jurisdiction", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: IFTA_PAGE_SIZE + 1 });
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    // From the 20th of last month to the end of today: two months.
    const lastMonth = monthOf(Date.parse(`${monthOf(today)}-01T00:00:00Z`) - 1);
    const start = Date.parse(`${lastMonth}-20T00:00:00Z`);
    const window = { start: new Date(start), end: new Date(today + DAY_MS) };
    const months = monthsBetween(start, today);
    expect(months).toHaveLength(2);

    const items: any[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await samsaraAdapter.readPage(
        "iftaSummaries",
        readRequest(token, { window, ...(cursor ? { cursor } : {}) }),
      );
      expect(page.schema).toBe("samsara.fleet.reports.ifta.vehicle");
      items.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined && pages < 50);
    expect(pages).toBe(2 * 2);
    const requests = (await samsaraLog(token)).filter((request) => request.path === REPORT_PATH);
    expect(requests.map((request) => `${request.query.year}-${request.query.month}`)).toEqual(
      months.flatMap((month) => Array(2).fill(`${Number(month.slice(0, 4))}-${monthName(month)}`)),
    );

    const records = items.map((item) => samsaraAdapter.normalize("iftaSummaries", item));
    expect(new Set(records.map((record) => record.sourceId)).size).toBe(records.length);
    const now = Date.now();
    for (const month of months) {
      for (const vehicle of vehiclesAt(fleet)) {
        const canonical = iftaOfVehicleMonth(fleet, vehicle.id, month, now);
        const read = records.filter((record) => record.vehicleSourceId === vehicle.id && record.period === month);
        expect(read.map((record) => record.jurisdiction ?? "").sort(), `${vehicle.id} ${month}`).toEqual(
          [...canonical]
            .filter(([, km]) => round1(km * 1000) > 0)
            .map(([code]) => code ?? "")
            .sort(),
        );
        for (const record of read) {
          expect(record.distance).toBeCloseTo(round1(canonical.get(record.jurisdiction)! * 1000) / 1000, 9);
        }
      }
    }
  });

  it("refuses a cursor of a month outside the window, and reads a token without the IFTA scope as missing permissions", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 1 });
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const window = { start: new Date(today - DAY_MS * 10), end: new Date(today + DAY_MS) };
    const first = await samsaraAdapter.readPage("iftaSummaries", readRequest(token, { window }));
    expect(first.nextCursor === undefined || typeof first.nextCursor === "string").toBe(true);
    const elsewhere = encodeSamsaraCursor({ model: "iftaSummaries", date: "2001-01-01" });
    await expect(
      samsaraAdapter.readPage("iftaSummaries", readRequest(token, { window, cursor: elsewhere })),
    ).rejects.toMatchObject({ kind: "malformed" });
    await denySamsaraScopes(token, ["Read IFTA (US)"]);
    const denied = await samsaraAdapter.readPage("iftaSummaries", readRequest(token, { window }));
    expect(denied).toMatchObject({ items: [], issues: [{ code: "missing_permissions" }] });
  });
});

type Group = { provider: string; vehicle: string; jurisdiction: string | null; month: string; distance: number };

const groupKey = (group: { vehicle: string; jurisdiction: string | null; month: string }) =>
  `${group.vehicle}|${group.jurisdiction ?? ""}|${group.month}`;
const sorted = <T extends Group>(groups: T[]) => [...groups].sort((a, b) => groupKey(a).localeCompare(groupKey(b)));

/** The canonical fleet's months as the summary should answer them once synced from Samsara (vehicles by source id). */
function expectedGroups(fleet: FleetOptions, months: readonly string[], now: number): Group[] {
  const groups: Group[] = [];
  for (const vehicle of vehiclesAt(fleet)) {
    for (const month of months) {
      for (const [code, km] of iftaOfVehicleMonth(fleet, vehicle.id, month, now)) {
        const metres = round1(km * 1000);
        if (metres === 0) continue;
        const fuel = taxPaidLitersOf(fleet, vehicle, month, code, km);
        groups.push({
          provider: "samsara",
          vehicle: vehicle.id,
          jurisdiction: code,
          month,
          distance: round2(metres / 1000),
          ...(fuel === undefined ? {} : { fuel: round2(fuel) }),
        });
      }
    }
  }
  return sorted(groups);
}

/** Every group of a summary, following `next`. */
async function summaryOf(key: string, token: string, query: string): Promise<any[]> {
  const groups: any[] = [];
  let cursor: string | undefined;
  do {
    const page = await call(
      "GET",
      `${BASE.sandbox}/ifta/summary?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      { key, token },
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    groups.push(...page.body.results);
    cursor = page.body.next ?? undefined;
  } while (cursor);
  return groups;
}

describe("a Samsara connection's IFTA distances", () => {
  it("sync to the canonical fleet's months, and sync again to no change", async () => {
    const app = await createTestApplication();
    const account = await createSamsaraAccount({ vehicles: VEHICLES });
    const { fleet } = account;
    const connection = await connectSamsara(app, account.token, { backfill: { days: BACKFILL_DAYS } });
    const key = app.keys.sandbox.secret;
    const token = connection.token;
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 90_000 });
    expect(job).toMatchObject({ status: "completed" });
    expect(job.issues).toEqual([]);

    const sourceOf = new Map<string, string>();
    for (const record of await listAll(key, token, "/vehicles")) sourceOf.set(record.id, record.sourceId);
    const [requested, completed] = [Date.parse(job.requestedAt), Date.parse(job.completedAt!)];
    const firstDay = Math.floor(Date.parse(job.startFrom!) / DAY_MS) * DAY_MS;
    // Every month the synced days overlap, and the one before while its last 72 hours settle.
    const months = monthsBetween(firstDay - 3 * DAY_MS, requested);
    expect(months.length).toBeGreaterThanOrEqual(2);

    const query = `startMonth=${months[0]}&endMonth=${months.at(-1)}&groupBy=vehicle,jurisdiction,month`;
    const project = (groups: any[]) =>
      sorted(groups.map((group) => ({ ...group, vehicle: sourceOf.get(group.vehicle)! })));
    const groups = project(await summaryOf(key, token, query));
    expect([expectedGroups(fleet, months, requested), expectedGroups(fleet, months, completed)]).toContainEqual(groups);
    // Some of the fleet drove in several jurisdictions, some bought tax-paid fuel, some drove at sea (unknown).
    expect(new Set(groups.map((group) => group.jurisdiction)).size).toBeGreaterThan(3);
    expect(groups.some((group) => "fuel" in group)).toBe(true);
    expect(groups.some((group) => !("fuel" in group))).toBe(true);

    // Each month read by year and month name, and paged.
    const requests = (await samsaraLog(account.token)).filter((request) => request.path === REPORT_PATH);
    expect(requests.every((request) => request.status === 200)).toBe(true);
    expect(new Set(requests.map((request) => `${request.query.year} ${request.query.month}`))).toEqual(
      new Set(months.map((month) => `${Number(month.slice(0, 4))} ${monthName(month)}`)),
    );
    const pagesPerMonth = Math.ceil(VEHICLES / IFTA_PAGE_SIZE);
    for (const [i, request] of requests.entries()) {
      expect(request.query).not.toHaveProperty("quarter");
      // A month's first page has no cursor; its next ones carry the one before, for the same month.
      expect(Boolean(request.query.after), `request ${i}`).toBe(i % pagesPerMonth !== 0);
      if (request.query.after) expect(request.query.month).toBe(requests[i - 1]!.query.month);
    }

    // Samsara's own payload as the raw entry: one jurisdiction of a vehicle's month, with both.
    const [rawGroup] = (await call("GET", `${BASE.sandbox}/ifta/summary?${query}&raw=true`, { key, token })).body
      .results;
    expect(rawGroup.raw[0]).toMatchObject({
      provider: "samsara",
      schema: "samsara.fleet.reports.ifta.vehicle",
      data: {
        year: expect.any(Number),
        month: expect.any(String),
        vehicle: { id: sourceOf.get(rawGroup.vehicle), externalIds: { "samsara.vin": expect.any(String) } },
        jurisdiction: { totalMeters: expect.any(Number), taxableMeters: expect.any(Number) },
      },
    });

    // A second sync reads the months again: the same records, updated in place.
    const again = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    expect(again.status).toBe(201);
    const second = (await waitForSync(key, token, again.body.id, { timeoutMs: 60_000 })).job;
    expect(second).toMatchObject({ status: "completed", issues: [] });
    const groupsAfter = project(await summaryOf(key, token, query));
    // Unchanged, unless a UTC day ended in between (its distance then counts).
    expect([groups, expectedGroups(fleet, months, Date.parse(second.completedAt!))]).toContainEqual(groupsAfter);
    const raw = await summaryOf(key, token, `${query}&raw=true`);
    expect(raw).toHaveLength(groupsAfter.length);
    for (const group of raw) expect(group.raw, groupKey(group)).toHaveLength(1);
  }, 180_000);
});
