/**
 * Geotab's time series read through the adapter from the fake MyGeotab, page by page as the
 * sync engine reads them, against the canonical series (test/fakes/series.ts) in canonical
 * units: breadcrumbs (LogRecord: positions exact, whole km/h), trips (Trip: start, stop, km,
 * start and end points), stat histories (StatusData: meters, seconds, litres… → km, ms,
 * litres), the live snapshot (DeviceStatusInfo + current StatusData). Also the paging edges
 * Geotab has: no cursor (answers cut at `resultsLimit`, at most 50,000), inclusive date bounds
 * with rows interpolated on them, windows split anywhere.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type {
  NormalizedLatestLocation,
  NormalizedLocationPoint,
  NormalizedStatPoint,
  NormalizedTrip,
  SyncModel,
} from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { geotabAdapter } from "../../src/providers/geotab/adapter";
import { STAT_DIAGNOSTICS } from "../../src/providers/geotab/diagnostics";
import type { ProviderPage } from "../../src/providers/types";
import { dayOf } from "../fakes/fleet.ts";
import { DIAGNOSTIC_OF } from "../fakes/geotab/render-series.ts";
import { breadcrumbsBetween, latestOf, statsBetween, tripsBetween, tripsOfDay } from "../fakes/series.ts";
import {
  byVehicleDay,
  createGeotabAccount,
  DAY,
  expectedDays,
  type GeotabAccount,
  readRequest,
} from "./geotab-helpers";

const round2 = (value: number) => Math.round(value * 100) / 100;
const iso = (ms: number) => new Date(ms).toISOString();
/** A whole UTC day three days back: in the past, whatever the time of the run. */
const DAY_START = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;

type Window = { start: number; end: number };

/** Every page of a model over a window, as the engine reads them (the cursor of each handed back). */
async function readPages(account: GeotabAccount, model: SyncModel, window: Window | undefined, pageSize = 200) {
  const pages: ProviderPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await geotabAdapter.readPage(
      model,
      readRequest(account, {
        pageSize,
        ...(window ? { window: { start: new Date(window.start), end: new Date(window.end) } } : {}),
        ...(cursor ? { cursor } : {}),
      }),
    );
    pages.push(page);
    cursor = page.nextCursor;
    if (pages.length > 2000) throw new Error(`${model}: paging did not end`);
  } while (cursor !== undefined);
  return pages;
}

/** A window's breadcrumbs, normalized, with their vehicle. */
async function breadcrumbs(account: GeotabAccount, window: Window, pageSize = 200) {
  const pages = await readPages(account, "vehicleLocations", window, pageSize);
  for (const page of pages) expect(page.items.length).toBeLessThanOrEqual(pageSize);
  const points = pages
    .flatMap((page) => page.items)
    .flatMap((item) => {
      const batch = geotabAdapter.normalize("vehicleLocations", item);
      return batch.points.map((point) => ({ vehicle: batch.vehicleSourceId, ...point }));
    });
  return { pages, points };
}

/** The canonical breadcrumbs of a window, as Geotab's LogRecords normalize (no heading). */
function canonicalBreadcrumbs(account: GeotabAccount, vehicleIds: string[], window: Window) {
  return vehicleIds.flatMap((vehicle) =>
    breadcrumbsBetween(account.fleet, vehicle, window.start, window.end).map((point) => ({
      vehicle,
      locatedAt: iso(point.time),
      location: { latitude: point.latitude, longitude: point.longitude },
      speed: point.speedKmh,
    })),
  );
}

function expectBreadcrumbs(
  actual: (NormalizedLocationPoint & { vehicle: string })[],
  expected: ReturnType<typeof canonicalBreadcrumbs>,
) {
  const key = (point: { vehicle: string; locatedAt: string }) => `${point.vehicle}|${point.locatedAt}`;
  const sorted = [...actual].sort((a, b) => key(a).localeCompare(key(b)));
  const wanted = [...expected].sort((a, b) => key(a).localeCompare(key(b)));
  expect(sorted.map(key)).toEqual(wanted.map(key));
  sorted.forEach((point, index) => {
    expect(point.location).toEqual(wanted[index]!.location);
    // Geotab logs whole km/h.
    expect(Math.abs(point.speed! - wanted[index]!.speed), key(point)).toBeLessThanOrEqual(0.5);
    expect(point).not.toHaveProperty("heading");
  });
  expect(new Set(actual.map((point) => point.sourceId)).size).toBe(actual.length);
}

describe("breadcrumbs (Get LogRecord, device by device)", () => {
  it("are, page by page, exactly the canonical breadcrumbs of the window: positions, whole km/h, one per LogRecord", async () => {
    const account = await createGeotabAccount({ vehicles: 3 });
    const window = { start: DAY_START, end: DAY_START + 2 * DAY };
    const { pages, points } = await breadcrumbs(account, window);
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.every((page) => page.schema === "geotab.LogRecord")).toBe(true);
    expectBreadcrumbs(points, canonicalBreadcrumbs(account, ["veh-1", "veh-2", "veh-3"], window));
  });

  it("split anywhere, windows add up: a point on a window's end is the next window's, rows interpolated on the bounds are left out", async () => {
    const account = await createGeotabAccount({ vehicles: 1 });
    const [out] = tripsOfDay(account.fleet, "veh-1", DAY_START / DAY);
    const onPoint = out!.points[40]!.time;
    const offGrid = out!.points[80]!.time + 7_000;
    const windows = [
      { start: DAY_START, end: onPoint },
      { start: onPoint, end: offGrid },
      { start: offGrid, end: DAY_START + DAY },
    ];
    const parts = [];
    for (const window of windows) parts.push((await breadcrumbs(account, window)).points);
    expect(parts[0]!.at(-1)!.locatedAt < iso(onPoint)).toBe(true);
    expect(parts[1]![0]!.locatedAt).toBe(iso(onPoint));
    expect(parts[1]).toHaveLength(80 - 40 + 1);
    for (const point of parts.flat()) expect(point.sourceId).toMatch(/^lr-/);
    expectBreadcrumbs(
      parts.flat(),
      canonicalBreadcrumbs(account, ["veh-1"], { start: DAY_START, end: DAY_START + DAY }),
    );
  });

  it("walks one record a page at page size 1, and clamps a page size over Geotab's 50,000 cap (which the fake refuses)", async () => {
    const account = await createGeotabAccount({ vehicles: 1 });
    const [out] = tripsOfDay(account.fleet, "veh-1", DAY_START / DAY);
    const small = { start: out!.points[10]!.time - 1_000, end: out!.points[15]!.time + 1_000 };
    const one = await breadcrumbs(account, small, 1);
    expect(one.points.map((point) => point.locatedAt)).toEqual(
      out!.points.slice(10, 16).map((point) => iso(point.time)),
    );
    const day = { start: DAY_START, end: DAY_START + DAY };
    const all = await breadcrumbs(account, day, 100_000);
    expect(all.pages).toHaveLength(1);
    expectBreadcrumbs(all.points, canonicalBreadcrumbs(account, ["veh-1"], day));
  });
});

describe("the fake's time-series searches, as MyGeotab answers them", () => {
  it("interpolates rows without id on the bounds, refuses resultsLimit over 50,000 and a search without dates (JSON-RPC errors)", async () => {
    const account = await createGeotabAccount({ vehicles: 1 });
    const rpc = await session(account);
    const [out] = tripsOfDay(account.fleet, "veh-1", DAY_START / DAY);
    const fromDate = iso(out!.points[3]!.time + 5_000);
    const toDate = iso(out!.points[6]!.time + 5_000);
    const search = { deviceSearch: { id: "veh-1" }, fromDate, toDate };
    const records = (await rpc("Get", { typeName: "LogRecord", search })).result;
    expect(
      records.map((record: { id?: string; dateTime: string }) => [record.id !== undefined, record.dateTime]),
    ).toEqual([[false, fromDate], ...out!.points.slice(4, 7).map((point) => [true, iso(point.time)]), [false, toDate]]);
    const readings = (
      await rpc("Get", {
        typeName: "StatusData",
        search: { ...search, diagnosticSearch: { id: "DiagnosticOdometerId" } },
      })
    ).result;
    expect(readings.map((reading: { id?: string }) => reading.id === undefined)).toEqual([true, true]);
    const over = await rpc("Get", { typeName: "LogRecord", search, resultsLimit: 50_001 });
    expect(over.error).toMatchObject({ code: -32000, data: { type: "OverLimitException" }, name: "JSONRPCError" });
    const undated = await rpc("Get", { typeName: "LogRecord", search: { deviceSearch: { id: "veh-1" } } });
    expect(undated.error.data.type).toBe("ArgumentException");
    const now = new Date().toISOString();
    const current = await rpc("Get", {
      typeName: "StatusData",
      search: { deviceSearch: { id: "veh-1" }, fromDate: now, toDate: now },
    });
    // Each diagnostic's value at that instant (the fake logs every stat diagnostic but oil pressure).
    expect(current.result.map((reading: { diagnostic: { id: string } }) => reading.diagnostic.id).sort()).toEqual(
      Object.values(DIAGNOSTIC_OF)
        .map((diagnostic) => diagnostic.id)
        .sort(),
    );
    for (const reading of current.result) {
      expect(reading).toMatchObject({ dateTime: now, device: { id: "veh-1" } });
      expect(reading).not.toHaveProperty("id");
    }
  });
});

/** What a canonical trip normalizes to through Geotab. */
function canonicalTrip(account: GeotabAccount, trip: ReturnType<typeof tripsBetween>[number]): NormalizedTrip {
  const dayTrips = tripsOfDay(account.fleet, trip.vehicleId, Math.floor(trip.startedAt / DAY));
  // Geotab's day of trips adds up to the utilization day: its last trip stops when the day ends
  // (render-series.ts), under a minute after the canonical trip's last breadcrumb.
  const dayEnd = Date.parse(dayOf(account.fleet, trip.vehicleId, iso(trip.startedAt).slice(0, 10)).endAt);
  const endedAt = trip.id === dayTrips.at(-1)!.id ? dayEnd : trip.endedAt;
  expect(endedAt - trip.endedAt).toBeLessThan(60_000);
  return {
    sourceId: trip.id,
    vehicleSourceId: trip.vehicleId,
    ...(trip.driverId ? { driverSourceId: trip.driverId } : {}),
    startLocation: trip.start,
    endLocation: trip.end,
    distance: round2(trip.distanceKm),
    startedAt: iso(trip.startedAt),
    endedAt: iso(endedAt),
  };
}

async function trips(account: GeotabAccount, window: Window, pageSize = 200) {
  const pages = await readPages(account, "trips", window, pageSize);
  for (const page of pages) expect(page.items.length).toBeLessThanOrEqual(pageSize);
  return pages
    .flatMap((page) => page.items)
    .map((item) => geotabAdapter.normalize("trips", item))
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
}

describe("trips (Get Trip, device by device)", () => {
  it("are the canonical trips that started in the window, each starting where the one before it stopped", async () => {
    const account = await createGeotabAccount({ vehicles: 3 });
    const window = { start: DAY_START, end: DAY_START + 2 * DAY };
    const expected = tripsBetween(account.fleet, ["veh-1", "veh-2", "veh-3"], window.start, window.end)
      .map((trip) => canonicalTrip(account, trip))
      .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
    expect(expected).toHaveLength(3 * 2 * 2);
    expect(await trips(account, window)).toEqual(expected);
  });

  it("leave out a trip that started before the window, which still gives the first one its start; one a page at page size 1", async () => {
    const account = await createGeotabAccount({ vehicles: 2 });
    const [out, back] = tripsOfDay(account.fleet, "veh-2", DAY_START / DAY);
    // From just after the first trip of the day started: its way back is the first trip listed.
    const window = { start: out!.startedAt + 1, end: back!.startedAt + DAY };
    const listed = await trips(account, window, 1);
    const expected = tripsBetween(account.fleet, ["veh-1", "veh-2"], window.start, window.end)
      .map((trip) => canonicalTrip(account, trip))
      .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
    expect(listed).toEqual(expected);
    expect(listed.map((trip) => trip.sourceId)).not.toContain(out!.id);
    expect(listed.find((trip) => trip.sourceId === back!.id)!.startLocation).toEqual(out!.end);
  });
});

describe("the same Trips and fuel counter, as utilization reads them", () => {
  it("still add up to the canonical utilization days exactly (Geotab's day is the sum of its Trips)", async () => {
    const account = await createGeotabAccount({ vehicles: 3 });
    const window = { start: DAY_START, end: DAY_START + 2 * DAY };
    const days = (await readPages(account, "vehicleUtilization", window))
      .flatMap((page) => page.items)
      .map((item) => geotabAdapter.normalize("vehicleUtilization", item));
    const expected = expectedDays(account.fleet, iso(window.start).slice(0, 10), iso(window.end).slice(0, 10));
    expect(byVehicleDay(days)).toEqual(byVehicleDay(expected));
  });
});

describe("stat histories (Get StatusData by diagnostic, device by device)", () => {
  it("hold every canonical reading of the window in its unit, and the fuel counter's reading at each ignition off", async () => {
    const account = await createGeotabAccount({ vehicles: 2 });
    const window = { start: DAY_START, end: DAY_START + DAY };
    const pages = await readPages(account, "vehicleStatLogs", window);
    const points: (NormalizedStatPoint & { vehicle: string })[] = [];
    for (const page of pages) {
      expect(page.items.length).toBeLessThanOrEqual(200 + STAT_DIAGNOSTICS.length);
      for (const item of page.items) {
        const batch = geotabAdapter.normalize("vehicleStatLogs", item);
        points.push(...batch.points.map((point) => ({ vehicle: batch.vehicleSourceId, ...point })));
      }
    }
    const key = (vehicle: string, type: string, timestamp: string) => `${vehicle}|${type}|${timestamp}`;
    const byKey = new Map(points.map((point) => [key(point.vehicle, point.type, point.timestamp), point]));
    expect(byKey.size).toBe(points.length);
    // At a trip's stop the GO device's total-fuel counter is the reading (render-series.ts): where a
    // canonical reading falls on that instant, the counter takes its place, checked with the extras.
    const day = Math.floor(window.start / DAY);
    const stops = new Set(
      ["veh-1", "veh-2"].flatMap((vehicle) => {
        const trips = tripsOfDay(account.fleet, vehicle, day);
        const dayEnd = Date.parse(dayOf(account.fleet, vehicle, iso(day * DAY).slice(0, 10)).endAt);
        // The day's last stop is the end of its activity (the utilization day's end), if later than the trip's.
        return trips.map((trip, index) =>
          key(
            vehicle,
            "total_fuel_consumption",
            iso(index === trips.length - 1 ? Math.max(trip.endedAt, dayEnd) : trip.endedAt),
          ),
        );
      }),
    );
    const canonical = ["veh-1", "veh-2"]
      .flatMap((vehicle) => statsBetween(account.fleet, vehicle, window.start, window.end))
      .filter((stat) => !stops.has(key(stat.vehicleId, stat.type, iso(stat.time))));
    for (const stat of canonical) {
      const point = byKey.get(key(stat.vehicleId, stat.type, iso(stat.time)));
      expect(point?.value, key(stat.vehicleId, stat.type, iso(stat.time))).toEqual(stat.value);
      byKey.delete(key(stat.vehicleId, stat.type, iso(stat.time)));
    }
    // What is left: the GO device's total-fuel counter, written when each trip's ignition goes off.
    const extra = [...byKey.values()];
    expect(extra.length).toBeGreaterThan(0);
    expect(extra.length).toBeLessThanOrEqual(2 * 2);
    for (const point of extra) {
      expect(point.type).toBe("total_fuel_consumption");
      const day = dayOf(account.fleet, point.vehicle, point.timestamp.slice(0, 10));
      expect(point.value as number).toBeLessThanOrEqual(round2(day.fuelLiters));
    }
  });
});

describe("latest vehicle locations (Get DeviceStatusInfo + StatusData of now)", () => {
  it("are each vehicle's canonical live state: position, bearing, whole km/h, odometer, fuel, engine state and run time", async () => {
    const account = await createGeotabAccount({ vehicles: 5 });
    const before = Date.now();
    const pages = await readPages(account, "latestVehicleLocations", undefined, 2);
    const after = Date.now();
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 1]);
    const latest = pages
      .flatMap((page) => page.items)
      .map((item) => geotabAdapter.normalize("latestVehicleLocations", item));
    expect(latest.map((location) => location.vehicleSourceId)).toEqual(["veh-1", "veh-2", "veh-3", "veh-4", "veh-5"]);
    for (const location of latest) {
      // The fleet moves on every 30 s: the snapshot is the canonical one at some instant of the read.
      const candidates = [before, after].map((now) => canonicalLatest(account, location.vehicleSourceId, now));
      const { speed, ...rest } = location;
      expect(
        candidates.map(({ speed: _speed, ...other }) => other),
        location.vehicleSourceId,
      ).toContainEqual(rest);
      const canonicalSpeed = candidates.find((candidate) => candidate.locatedAt === location.locatedAt)!.speed!;
      expect(Math.abs(speed! - canonicalSpeed)).toBeLessThanOrEqual(0.5);
    }
  });
});

function canonicalLatest(account: GeotabAccount, vehicleId: string, now: number): NormalizedLatestLocation {
  const latest = latestOf(account.fleet, vehicleId, now);
  return {
    vehicleSourceId: vehicleId,
    ...(latest.driverId ? { driverSourceId: latest.driverId } : {}),
    locatedAt: iso(latest.time),
    location: { latitude: latest.latitude, longitude: latest.longitude },
    heading: latest.heading,
    speed: latest.speedKmh,
    odometer: latest.odometerKm,
    fuel: { primaryPercentage: latest.fuelPercent },
    engineState: latest.engineState,
    engineRuntime: latest.engineRuntimeMs,
  };
}

describe("cursors and windows", () => {
  it("refuses a cursor of another model, and a windowed read without its window", async () => {
    const account = await createGeotabAccount({ vehicles: 2 });
    const window = { start: new Date(DAY_START), end: new Date(DAY_START + DAY) };
    const first = await geotabAdapter.readPage("trips", readRequest(account, { window, pageSize: 1 }));
    expect(first.nextCursor).toBeDefined();
    for (const model of ["vehicleLocations", "vehicleStatLogs", "latestVehicleLocations"] as const) {
      await expect(
        geotabAdapter.readPage(model, readRequest(account, { window, pageSize: 1, cursor: first.nextCursor! })),
      ).rejects.toMatchObject({ kind: "malformed" });
    }
    for (const model of ["trips", "vehicleLocations", "vehicleStatLogs"] as const) {
      const error = await geotabAdapter.readPage(model, readRequest(account)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).kind).toBe("malformed");
    }
  });
});

/** A session on the fake MyGeotab, and a JSON-RPC call in it answering the whole envelope. */
async function session(account: GeotabAccount) {
  const post = async (method: string, params: Record<string, unknown>) => {
    const response = await fetch(`${env.GEOTAB_BASE_URL}/apiv1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ method, params }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as any;
  };
  const login = await post("Authenticate", {
    database: account.database,
    userName: account.userName,
    password: account.password,
  });
  const credentials = login.result.credentials;
  return (method: string, params: Record<string, unknown>) => post(method, { ...params, credentials });
}
