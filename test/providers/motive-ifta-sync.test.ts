/**
 * Motive's IFTA distances end to end: a connection to the fake Motive API (real HTTP) synced by
 * the real queue consumer and Durable Object, then GET /ifta/summary answers the canonical
 * fleet's distances per vehicle, jurisdiction and month (../fakes/ifta.ts) as Motive has them,
 * in km whether a vehicle reports miles or km; a second sync of the same days changes nothing.
 * Also the adapter's reads walked page by page over the fake, across requests of at most 3
 * months, and the fake's `/v1/ifta/trips` as providers-families.md 2.4 and its fidelity
 * checklist describe the real one.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { NormalizedIftaDistance } from "../../src/model/normalized";
import { motiveAdapter } from "../../src/providers/motive/adapter";
import type { ProviderPage, ReadRequest } from "../../src/providers/types";
import { type FleetOptions, vehiclesAt } from "../fakes/fleet.ts";
import { iftaOfVehicleDay } from "../fakes/ifta.ts";
import { KM_PER_MILE, motiveIds, vehicleIsMetric } from "../fakes/motive/ids.ts";
import { motiveIftaTripId } from "../fakes/motive/ifta.ts";
import { odometerAtDayStart } from "../fakes/odometer.ts";
import { walkPages } from "../helpers/api-assertions";
import { BASE, call } from "../helpers/http";
import { waitForSync } from "../helpers/sync";
import { motiveControl } from "./motive-faults";
import {
  connectMotive,
  createMotiveAccount,
  DAY_MS,
  fleetOf,
  listAll,
  type MotiveAccount,
  type MotiveConnection,
  motiveReadRequest,
  round2,
  waitForLastSync,
} from "./motive-helpers";

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
/** The adapter's rounding: to 2 decimals, the noise of the unit conversion cleaned first. */
const cleanRound2 = (value: number) => round2(Number(value.toFixed(6)));

type Group = { vehicle: string; jurisdiction: string | null; month: string; distance: number };
const keyOf = (group: Omit<Group, "distance">) => `${group.vehicle} ${group.jurisdiction ?? "-"} ${group.month}`;
const byKey = (a: Group, b: Group) => keyOf(a).localeCompare(keyOf(b));

/**
 * The canonical IFTA trips of [from, to) as the adapter must normalize them (Motive's ids): one
 * per vehicle, day and jurisdiction driven in, sent in the vehicle's units and read back in km.
 */
function expectedTrips(fleet: FleetOptions, from: number, to: number): NormalizedIftaDistance[] {
  const trips: NormalizedIftaDistance[] = [];
  for (let day = from / DAY_MS; day * DAY_MS < to; day++) {
    const date = isoDay(day * DAY_MS);
    for (const vehicle of vehiclesAt(fleet)) {
      const metric = vehicleIsMetric(vehicle.id);
      for (const [jurisdiction, km] of iftaOfVehicleDay(fleet, vehicle.id, day)) {
        if (!(km > 0)) continue;
        trips.push({
          sourceId: String(motiveIftaTripId(vehicle.id, date, jurisdiction)),
          vehicleSourceId: String(motiveIds.vehicle(vehicle.id)),
          period: date,
          jurisdiction,
          distance: cleanRound2(metric ? km : (km / KM_PER_MILE) * KM_PER_MILE),
        });
      }
    }
  }
  return trips.sort((a, b) => Number(a.sourceId) - Number(b.sourceId));
}

/** The summary by vehicle, jurisdiction and month those trips make: each stored rounded, then summed. */
function summedTrips(trips: readonly NormalizedIftaDistance[]): Group[] {
  const groups = new Map<string, Group>();
  for (const trip of trips) {
    const group = { vehicle: trip.vehicleSourceId, jurisdiction: trip.jurisdiction, month: trip.period.slice(0, 7) };
    const sum = groups.get(keyOf(group)) ?? { ...group, distance: 0 };
    sum.distance += trip.distance;
    groups.set(keyOf(group), sum);
  }
  return [...groups.values()].map((group) => ({ ...group, distance: round2(group.distance) })).sort(byKey);
}

/** The months from one YYYY-MM to another, both included. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last; ) {
    months.push(month);
    const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 1));
    month = next.toISOString().slice(0, 7);
  }
  return months;
}

/** GET /ifta/summary by vehicle, jurisdiction and month, every page, with the vehicles read back as Motive's ids. */
async function storedSummary(connection: MotiveConnection, months: string, raw = false) {
  const vehicles = await listAll(connection, "/vehicles");
  const sourceIds = new Map<string, string>(vehicles.map((vehicle) => [vehicle.id, vehicle.sourceId]));
  const { all } = await walkPages<any>((cursor) =>
    call(
      "GET",
      `${BASE.sandbox}/ifta/summary?${months}&groupBy=vehicle,jurisdiction,month${raw ? "&raw=true" : ""}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      { key: connection.key, token: connection.token },
    ),
  );
  return all
    .map(({ provider, vehicle, ...rest }) => {
      expect(provider).toBe("motive");
      return { ...rest, vehicle: sourceIds.get(vehicle) } as Group & { raw?: any[] };
    })
    .sort(byKey);
}

describe("Motive: IFTA distances after a sync", () => {
  it("serve the canonical months by vehicle and jurisdiction, in km from miles and km; a second sync changes nothing", {
    timeout: 150_000,
  }, async () => {
    // Vehicles 1 and 2 report miles, vehicle 3 km. The last 4 days (across a month's end in the first
    // days of a month): each sync is bound by Motive's 10 requests a second, and two months took 17 s
    // a sync. Requests that span months, and spans of 89 days, are read page by page below.
    const account = await createMotiveAccount({ vehicles: 3 });
    const fleet = fleetOf(account);
    const startFrom = new Date(startOfDay(Date.now()) - 3 * DAY_MS).toISOString();
    const connection = await connectMotive(account, { backfill: { startFrom } });
    const job = await waitForLastSync(connection, 120_000);
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    const from = startOfDay(Date.parse(job.startFrom!));
    expect(from).toBe(Date.parse(startFrom));
    const to = startOfDay(Date.parse(job.requestedAt)) + DAY_MS;
    const months = monthsBetween(isoDay(from).slice(0, 7), isoDay(to - DAY_MS).slice(0, 7));
    const range = `startMonth=${months[0]}&endMonth=${months.at(-1)}`;

    const first = await storedSummary(connection, range);
    // Exactly the fake's trips, each stored in km to 2 decimals, summed by month.
    expect(first).toEqual(summedTrips(expectedTrips(fleet, from, to)));
    // And the canonical days summed by month: every day synced is over by `to` (the fake answers a day begun in whole).
    const canonical = vehiclesAt(fleet).flatMap((vehicle) => {
      const months = new Map<string, { vehicle: string; jurisdiction: string | null; month: string; km: number }>();
      for (let day = from / DAY_MS; day * DAY_MS < to; day++) {
        const month = isoDay(day * DAY_MS).slice(0, 7);
        for (const [jurisdiction, km] of iftaOfVehicleDay(fleet, vehicle.id, day)) {
          const group = { vehicle: String(motiveIds.vehicle(vehicle.id)), jurisdiction, month };
          const sum = months.get(keyOf(group)) ?? { ...group, km: 0 };
          sum.km += km;
          months.set(keyOf(group), sum);
        }
      }
      return [...months.values()].filter((group) => group.km > 0);
    });
    expect(first.map(keyOf).sort()).toEqual(canonical.map(keyOf).sort());
    for (const group of canonical) {
      const stored = first.find((candidate) => keyOf(candidate) === keyOf(group))!;
      // Each day's trip is rounded to 2 decimals when stored: at most half a hundredth a day.
      expect(Math.abs(stored.distance - group.km), keyOf(group)).toBeLessThanOrEqual(0.005 * 4 + 0.005);
    }
    expect(new Set(first.map((group) => group.vehicle)).size).toBe(3);
    expect(new Set(first.map((group) => group.month))).toEqual(new Set(months));
    expect(first.length).toBeGreaterThan(3 * months.length);

    // The raw payloads summed are Motive's IFTA trips of the group, in the vehicle's own units.
    const withRaw = await storedSummary(connection, range, true);
    const metricOf = new Map(
      vehiclesAt(fleet).map((vehicle) => [String(motiveIds.vehicle(vehicle.id)), vehicleIsMetric(vehicle.id)]),
    );
    for (const group of withRaw) {
      expect(group.raw!.length).toBeGreaterThan(0);
      for (const entry of group.raw!) {
        expect(entry).toMatchObject({
          provider: "motive",
          schema: "/v1/ifta/trips",
          data: {
            jurisdiction: group.jurisdiction,
            vehicle: { id: Number(group.vehicle), metric_units: metricOf.get(group.vehicle) },
          },
        });
        expect(entry.data.date.slice(0, 7)).toBe(group.month);
      }
    }

    // The same days again: the same groups, made of the same trips (no trip stored twice).
    const sync = await call("POST", `${BASE.sandbox}/syncs`, {
      key: connection.key,
      token: connection.token,
      body: { startFrom: job.startFrom },
    });
    expect(sync.status).toBe(201);
    const { job: again } = await waitForSync(connection.key, connection.token, sync.body.id, { timeoutMs: 120_000 });
    expect(again.status).toBe("completed");
    expect(await storedSummary(connection, range)).toEqual(first);
    const rawAgain = await storedSummary(connection, range, true);
    const payloads = (groups: typeof withRaw) =>
      groups.map(({ raw, ...group }) => ({ ...group, data: raw!.map((entry) => entry.data) }));
    expect(payloads(rawAgain)).toEqual(payloads(withRaw));
  });
});

/** Every page of the model's window, cursor after cursor. */
async function walk(account: MotiveAccount, extra: Partial<ReadRequest>) {
  const pages: ProviderPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await motiveAdapter.readPage(
      "iftaSummaries",
      motiveReadRequest(account, { ...extra, ...(cursor === undefined ? {} : { cursor }) }),
    );
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length, "pages").toBeLessThan(300);
  } while (cursor !== undefined);
  const items = pages.flatMap((page) => page.items);
  const normalized = items
    .map((item) => motiveAdapter.normalize("iftaSummaries", item))
    .sort((a, b) => Number(a.sourceId) - Number(b.sourceId));
  return { pages, items, normalized };
}

describe("Motive: the IFTA reads, page by page", () => {
  it("read a window's trips in requests of at most 3 months, the same in small pages as in large ones", {
    timeout: 60_000,
  }, async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    const fleet = fleetOf(account);
    // 100 whole days that are over: more than one request may span (89 days), so two spans.
    const end = startOfDay(Date.now());
    const start = end - 100 * DAY_MS;
    const window = { start: new Date(start), end: new Date(end) };
    const expected = expectedTrips(fleet, start, end);

    const large = await walk(account, { window, pageSize: 500 });
    expect(large.pages.every((page) => page.schema === "/v1/ifta/trips" && !page.issues)).toBe(true);
    expect(large.normalized).toEqual(expected);
    expect(large.items).toHaveLength(expected.length);
    // 100 trips a page (Motive's most); the second span starts a page of its own.
    const firstSpan = expected.filter((trip) => trip.period < isoDay(start + 89 * DAY_MS)).length;
    expect(large.pages).toHaveLength(Math.ceil(firstSpan / 100) + Math.ceil((expected.length - firstSpan) / 100));

    const small = await walk(account, { window, pageSize: 40 });
    expect(small.pages.length).toBeGreaterThan(large.pages.length);
    expect(small.normalized).toEqual(expected);

    // A window's partial days are read whole: Motive's days are dates.
    const partial = await walk(account, {
      window: { start: new Date(end - DAY_MS + 3_600_000), end: new Date(end - 3_600_000) },
    });
    expect(partial.normalized).toEqual(expectedTrips(fleet, end - DAY_MS, end));
  });

  it("refuse a cursor that does not start a span of the window", async () => {
    const account = await createMotiveAccount({ vehicles: 1 });
    const end = startOfDay(Date.now());
    const window = { start: new Date(end - 3 * DAY_MS), end: new Date(end) };
    for (const cursor of [`${isoDay(end - 2 * DAY_MS)}/1`, `${isoDay(end)}/1`, "2"]) {
      await expect(
        motiveAdapter.readPage("iftaSummaries", motiveReadRequest(account, { window, cursor })),
      ).rejects.toMatchObject({ kind: "malformed" });
    }
  });

  it("report a key that may not read IFTA trips as missing permissions, and read nothing", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    await motiveControl(account, "forbidden", { paths: ["/v1/ifta/trips"] });
    const start = startOfDay(Date.now()) - DAY_MS;
    const page = await motiveAdapter.readPage(
      "iftaSummaries",
      motiveReadRequest(account, { window: { start: new Date(start), end: new Date(start + DAY_MS) } }),
    );
    expect(page).toMatchObject({ items: [], schema: "/v1/ifta/trips", issues: [{ code: "missing_permissions" }] });
    expect(page.nextCursor).toBeUndefined();
  });
});

describe("the fake Motive's /v1/ifta/trips", () => {
  async function motive(account: MotiveAccount, path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${env.MOTIVE_BASE_URL}${path}`, {
      headers: { "X-Api-Key": account.credential, ...headers },
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  it("lists a vehicle-day per jurisdiction, wrapped and paged, in each vehicle's units, with odometers that agree", async () => {
    const account = await createMotiveAccount({ vehicles: 3 });
    const fleet = fleetOf(account);
    const day = startOfDay(Date.now()) - 2 * DAY_MS;
    const date = isoDay(day);
    const all = await motive(account, `/v1/ifta/trips?start_date=${date}&end_date=${date}&per_page=100`, {
      "X-Metric-Units": "true",
    });
    expect(all.status).toBe(200);
    const trips = all.body.ifta_trips.map((element: any) => {
      expect(Object.keys(element)).toEqual(["ifta_trip"]);
      return element.ifta_trip;
    });
    expect(all.body.pagination).toEqual({ per_page: 100, page_no: 1, total: trips.length });

    for (const vehicle of vehiclesAt(fleet)) {
      const metric = vehicleIsMetric(vehicle.id);
      const own = trips.filter((trip: any) => trip.vehicle.id === motiveIds.vehicle(vehicle.id));
      const canonical = [...iftaOfVehicleDay(fleet, vehicle.id, day / DAY_MS)].filter(([, km]) => km > 0);
      expect(own.map((trip: any) => trip.jurisdiction)).toEqual(canonical.map(([code]) => code));
      let odometer = odometerAtDayStart(fleet, vehicle.id, day / DAY_MS);
      for (const [index, trip] of own.entries()) {
        const km = canonical[index]![1];
        expect(trip).toMatchObject({
          id: motiveIftaTripId(vehicle.id, date, trip.jurisdiction),
          date,
          vehicle: { id: motiveIds.vehicle(vehicle.id), number: vehicle.name, metric_units: metric },
          time_zone: "UTC",
        });
        const factor = metric ? 1 : KM_PER_MILE;
        expect(trip.distance * factor).toBeCloseTo(km, 9);
        expect(trip.start_odometer * factor).toBeCloseTo(odometer, 6);
        expect((trip.end_odometer - trip.start_odometer) * factor).toBeCloseTo(km, 6);
        odometer += km;
        for (const field of ["start_lat", "start_lon", "end_lat", "end_lon"]) {
          expect(trip[field] === null || typeof trip[field] === "number", field).toBe(true);
        }
      }
    }
    expect(new Set(trips.map((trip: any) => trip.vehicle.metric_units))).toEqual(new Set([true, false]));

    const paged = await motive(account, `/v1/ifta/trips?start_date=${date}&end_date=${date}&per_page=2&page_no=2`);
    expect(paged.body.pagination).toEqual({ per_page: 2, page_no: 2, total: trips.length });
    expect(paged.body.ifta_trips.map((element: any) => element.ifta_trip)).toEqual(trips.slice(2, 4));
  });

  it("filters by vehicle_ids[] and jurisdictions, and serves no day that has not begun", async () => {
    const account = await createMotiveAccount({ vehicles: 3 });
    const date = isoDay(startOfDay(Date.now()) - DAY_MS);
    const range = `start_date=${date}&end_date=${date}&per_page=100`;
    const all = (await motive(account, `/v1/ifta/trips?${range}`)).body.ifta_trips.map((e: any) => e.ifta_trip);
    const vehicleId = motiveIds.vehicle("veh-2");
    const one = await motive(account, `/v1/ifta/trips?${range}&vehicle_ids[]=${vehicleId}`);
    expect(one.body.ifta_trips.map((e: any) => e.ifta_trip)).toEqual(
      all.filter((trip: any) => trip.vehicle.id === vehicleId),
    );
    const code = all.find((trip: any) => trip.jurisdiction !== null).jurisdiction;
    const inCode = await motive(account, `/v1/ifta/trips?${range}&jurisdictions=${code}`);
    expect(inCode.body.ifta_trips.map((e: any) => e.ifta_trip)).toEqual(
      all.filter((trip: any) => trip.jurisdiction === code),
    );

    const tomorrow = isoDay(startOfDay(Date.now()) + DAY_MS);
    const future = await motive(account, `/v1/ifta/trips?start_date=${tomorrow}&end_date=${tomorrow}`);
    expect(future.body.pagination.total).toBe(0);
  });

  it("refuses a range over 3 months, and a range without its dates, with 400", async () => {
    const account = await createMotiveAccount({ vehicles: 1 });
    const over = await motive(account, "/v1/ifta/trips?start_date=2026-01-01&end_date=2026-04-02");
    expect(over).toMatchObject({ status: 400, body: { error_message: expect.stringMatching(/3 months/) } });
    expect((await motive(account, "/v1/ifta/trips?start_date=2026-01-01&end_date=2026-04-01")).status).toBe(200);
    expect((await motive(account, "/v1/ifta/trips?start_date=2026-01-01")).status).toBe(400);
  });
});
