/**
 * The Motive adapter's time-series models read through the fake Motive API over real HTTP,
 * every page of a window walked, and compared with the canonical series (../fakes/series.ts) in
 * canonical units; and the fake's time-series endpoints behave as providers-families.md 2.1–2.2
 * and its fidelity checklist describe the real ones (wrapping, paging, date ranges and their
 * limits, units, the concurrency cap on location histories).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type {
  NormalizedLatestLocation,
  NormalizedLocationBatch,
  NormalizedStatBatch,
  NormalizedTrip,
  SyncModel,
} from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { motiveAdapter } from "../../src/providers/motive/adapter";
import { MAX_HISTORY_REQUESTS_PER_PAGE } from "../../src/providers/motive/location-history";
import type { ProviderPage, ReadRequest } from "../../src/providers/types";
import type { FleetOptions } from "../fakes/fleet.ts";
import { drivingPeriodId, KM_PER_MILE, LITRES_PER_US_GALLON, motiveIds } from "../fakes/motive/ids.ts";
import { type CanonicalLatest, latestOf, statsBetween, tripsBetween, tripsOfDay } from "../fakes/series.ts";
import { motiveControl } from "./motive-faults";
import {
  createMotiveAccount,
  DAY_MS,
  fleetOf,
  type MotiveAccount,
  motiveReadRequest,
  patchMotiveAccount,
  round2,
} from "./motive-helpers";

const HOUR_MS = 3_600_000;
const today = () => Math.floor(Date.now() / DAY_MS) * DAY_MS;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();
const vehicleSid = (canonicalId: string) => String(motiveIds.vehicle(canonicalId));
const driverSid = (canonicalId: string | undefined) =>
  canonicalId === undefined ? undefined : String(motiveIds.user(canonicalId));

/** Every page of a model's window, cursor after cursor. */
async function walk(account: MotiveAccount, model: SyncModel, extra: Partial<ReadRequest> = {}) {
  const pages: ProviderPage[] = [];
  const cursors: string[] = [];
  let cursor = extra.cursor;
  do {
    const page = await motiveAdapter.readPage(
      model,
      motiveReadRequest(account, { ...extra, ...(cursor === undefined ? {} : { cursor }) }),
    );
    pages.push(page);
    cursor = page.nextCursor;
    if (cursor !== undefined) cursors.push(cursor);
    expect(pages.length, "pages").toBeLessThan(300);
  } while (cursor !== undefined);
  return { pages, cursors, items: pages.flatMap((page) => page.items) };
}

async function providerError(run: () => Promise<unknown>): Promise<ProviderError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error("expected a ProviderError");
}

async function motive(account: MotiveAccount, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${env.MOTIVE_BASE_URL}${path}`, {
    headers: { "X-Api-Key": account.credential, ...headers },
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** A vehicle's canonical breadcrumbs of [from, to) as normalized points (less address, id and raw). */
function expectedBreadcrumbs(fleet: FleetOptions, vehicleId: string, from: number, to: number) {
  const points = [];
  for (let day = Math.floor(from / DAY_MS); day * DAY_MS < to; day++) {
    for (const trip of tripsOfDay(fleet, vehicleId, day)) {
      for (const point of trip.points) {
        if (point.time < from || point.time >= to) continue;
        const driverSourceId = driverSid(trip.driverId);
        points.push({
          locatedAt: iso(point.time),
          location: { latitude: point.latitude, longitude: point.longitude },
          heading: point.heading,
          speed: round2(point.speedKmh),
          ...(driverSourceId ? { driverSourceId } : {}),
        });
      }
    }
  }
  return points;
}

const bareLocation = ({ address: _address, sourceId: _sourceId, raw: _raw, ...rest }: Record<string, unknown>) => rest;

function byVehicle(batches: NormalizedLocationBatch[]) {
  const points = new Map<string, Record<string, unknown>[]>();
  for (const batch of batches) {
    expect(batch.points).toHaveLength(1);
    points.set(batch.vehicleSourceId, [
      ...(points.get(batch.vehicleSourceId) ?? []),
      ...batch.points.map(bareLocation),
    ]);
  }
  return points;
}

describe("Motive breadcrumbs through the adapter", () => {
  it("walks every vehicle's points of a two-day window, page by page, as the canonical breadcrumbs", async () => {
    const account = await createMotiveAccount({ vehicles: 3 });
    const fleet = fleetOf(account);
    const window = { start: new Date(today() - 2 * DAY_MS), end: new Date(today()) };
    const before = (await motiveControl(account, "stats")).requests;
    const { pages, items } = await walk(account, "vehicleLocations", { window, pageSize: 400 });
    const batches = items.map((item) => motiveAdapter.normalize("vehicleLocations", item));
    const stored = byVehicle(batches);
    for (const vehicleId of ["veh-1", "veh-2", "veh-3"]) {
      const expected = expectedBreadcrumbs(fleet, vehicleId, window.start.getTime(), window.end.getTime());
      expect(expected.length).toBeGreaterThan(500);
      expect(stored.get(vehicleSid(vehicleId))).toEqual(expected);
    }
    // Points carry Motive's place, their own id, and Motive's object as raw.
    const first = batches[0]!.points[0]!;
    expect(first.address).toMatch(/Los Angeles, CA$/);
    expect(first.sourceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first.raw).toEqual(expect.objectContaining({ id: first.sourceId, type: "engine_start" }));
    // A page ends once it holds pageSize points (a request at a time); the walk lists the
    // vehicles once and asks each vehicle's history of the two days once.
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) expect(page.schema).toBe("/v3/vehicle_locations/{vehicle_id}");
    const requests = (await motiveControl(account, "stats")).requests - before;
    expect(requests).toBe(1 + 3);
  });

  it("keeps to the exact window when it does not fall on whole days, and to points already recorded", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    const fleet = fleetOf(account);
    const window = { start: new Date(today() - DAY_MS + 7 * HOUR_MS), end: new Date(today() - DAY_MS + 9.5 * HOUR_MS) };
    const { items } = await walk(account, "vehicleLocations", { window });
    const stored = byVehicle(items.map((item) => motiveAdapter.normalize("vehicleLocations", item)));
    for (const vehicleId of ["veh-1", "veh-2"]) {
      expect(stored.get(vehicleSid(vehicleId)) ?? []).toEqual(
        expectedBreadcrumbs(fleet, vehicleId, window.start.getTime(), window.end.getTime()),
      );
    }

    // Today's window: only what Motive has recorded by now.
    const after = Date.now();
    const current = await walk(account, "vehicleLocations", {
      window: { start: new Date(today()), end: new Date(today() + DAY_MS) },
    });
    for (const item of current.items) {
      const [point] = motiveAdapter.normalize("vehicleLocations", item).points;
      expect(Date.parse(point!.locatedAt)).toBeLessThanOrEqual(after + 1000);
    }
  });

  it("walks on to the vehicles listing's next page (over 25 vehicles a page)", async () => {
    const account = await createMotiveAccount({ vehicles: 101 });
    const fleet = fleetOf(account);
    const day = today() - DAY_MS;
    const window = { start: new Date(day), end: new Date(day + DAY_MS) };
    // From the last two vehicles of the listing's page 4 on: their histories, then page 5's vehicle.
    const { cursors, items } = await walk(account, "vehicleLocations", {
      window,
      pageSize: 10_000,
      cursor: `4+/${isoDay(day)}/4099.4100`,
    });
    expect(cursors).toEqual(["5"]);
    const stored = byVehicle(items.map((item) => motiveAdapter.normalize("vehicleLocations", item)));
    expect([...stored.keys()]).toEqual(["4099", "4100", "4101"]);
    for (const vehicleId of ["veh-99", "veh-100", "veh-101"]) {
      expect(stored.get(vehicleSid(vehicleId))).toEqual(expectedBreadcrumbs(fleet, vehicleId, day, day + DAY_MS));
    }
  });

  it("reads the cursor's vehicles without listing again, skips one Motive no longer has, refuses cursors it did not issue", async () => {
    const account = await createMotiveAccount({ vehicles: 3 });
    const day = today() - DAY_MS;
    const window = { start: new Date(day), end: new Date(day + DAY_MS) };
    const vehiclesOf = (page: ProviderPage) => [...new Set(page.items.map((item: any) => item.vehicle_id))];
    const before = (await motiveControl(account, "stats")).requests;
    const read = await motiveAdapter.readPage(
      "vehicleLocations",
      motiveReadRequest(account, { window, cursor: `1/${isoDay(day)}/4999.4003`, pageSize: 10_000 }),
    );
    // Vehicle 4999 is gone (Motive's 404): no points, and the walk goes on.
    expect(vehiclesOf(read)).toEqual([4003]);
    expect(read.nextCursor).toBeUndefined();
    expect((await motiveControl(account, "stats")).requests - before).toBe(2);
    for (const cursor of ["abc", `1/${isoDay(day + DAY_MS)}/4003`, "2025-11-03/1", `1/${isoDay(day)}/`]) {
      const error = await providerError(() =>
        motiveAdapter.readPage("vehicleLocations", motiveReadRequest(account, { window, cursor })),
      );
      expect(error.kind, cursor).toBe("malformed");
    }
  });

  it("asks a vehicle's history a week at a time, and a page makes at most MAX_HISTORY_REQUESTS_PER_PAGE requests", async () => {
    const account = await createMotiveAccount({ vehicles: 11 });
    const fleet = fleetOf(account);
    const requestsOf = async (window: { start: Date; end: Date }, cursor?: string) => {
      const before = (await motiveControl(account, "stats")).requests;
      const page = await motiveAdapter.readPage(
        "vehicleLocations",
        motiveReadRequest(account, { window, pageSize: 100_000, ...(cursor === undefined ? {} : { cursor }) }),
      );
      return { page, requests: (await motiveControl(account, "stats")).requests - before };
    };

    // Nine days of a vehicle the cursor carries (no listing): two requests, of 7 days and of 2.
    const nine = { start: new Date(today() - 9 * DAY_MS), end: new Date(today()) };
    const first = await requestsOf(nine, `1/${isoDay(today() - 9 * DAY_MS)}/4001`);
    expect(first.requests).toBe(2);
    expect(first.page.nextCursor).toBeUndefined();
    const stored = byVehicle(first.page.items.map((item) => motiveAdapter.normalize("vehicleLocations", item)));
    expect(stored.get("4001")).toEqual(expectedBreadcrumbs(fleet, "veh-1", nine.start.getTime(), nine.end.getTime()));

    // Eleven vehicles of one day: the listing and nine histories, then the other two.
    const day = { start: new Date(today() - DAY_MS), end: new Date(today()) };
    const full = await requestsOf(day);
    expect(full.requests).toBe(MAX_HISTORY_REQUESTS_PER_PAGE);
    expect(full.page.nextCursor).toBe(`1/${isoDay(today() - DAY_MS)}/4010.4011`);
    const rest = await requestsOf(day, full.page.nextCursor);
    expect(rest.requests).toBe(2);
    expect(rest.page.nextCursor).toBeUndefined();
  });

  it("keeps what a page read when a later request fails, and so completes a walk under server errors", async () => {
    const account = await createMotiveAccount({ vehicles: 3, faults: { serverErrorRate: 0.4 } });
    const fleet = fleetOf(account);
    const window = { start: new Date(today() - 2 * DAY_MS), end: new Date(today()) };
    const pages: ProviderPage[] = [];
    let failures = 0;
    let cursor: string | undefined;
    do {
      try {
        const page = await motiveAdapter.readPage(
          "vehicleLocations",
          motiveReadRequest(account, { window, pageSize: 10_000, ...(cursor === undefined ? {} : { cursor }) }),
        );
        pages.push(page);
        cursor = page.nextCursor;
      } catch (error) {
        // What the engine does: the same page again (after a backoff).
        expect(error).toBeInstanceOf(ProviderError);
        expect((error as ProviderError).transient).toBe(true);
        failures++;
      }
      expect(failures + pages.length).toBeLessThan(200);
    } while (cursor !== undefined || pages.length === 0);
    await patchMotiveAccount(account.credential, { faults: {} });
    expect(failures).toBeGreaterThan(0);
    // Some pages ended early at a failed request: more pages than the fault-free walk's one.
    expect(pages.length).toBeGreaterThan(1);
    const stored = byVehicle(
      pages.flatMap((page) => page.items).map((item) => motiveAdapter.normalize("vehicleLocations", item)),
    );
    for (const vehicleId of ["veh-1", "veh-2", "veh-3"]) {
      expect(stored.get(vehicleSid(vehicleId))).toEqual(
        expectedBreadcrumbs(fleet, vehicleId, window.start.getTime(), window.end.getTime()),
      );
    }
  });

  it("a key that may not read location histories (403) is an issue, and the walk ends", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    await motiveControl(account, "forbidden", { paths: ["/v3/vehicle_locations/{id}"] });
    const window = { start: new Date(today() - DAY_MS), end: new Date(today()) };
    for (const model of ["vehicleLocations", "vehicleStatLogs"] as const) {
      const page = await motiveAdapter.readPage(model, motiveReadRequest(account, { window }));
      expect(page.items).toEqual([]);
      expect(page.nextCursor).toBeUndefined();
      expect(page.issues).toEqual([{ code: "missing_permissions", message: expect.stringContaining("403") }]);
    }
  });
});

describe("Motive stat logs through the adapter", () => {
  it("reads the readings of each vehicle's points as the canonical stats, less rpm and coolant (Motive has none)", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    const fleet = fleetOf(account);
    const window = { start: new Date(today() - DAY_MS), end: new Date(today()) };
    const { items } = await walk(account, "vehicleStatLogs", { window, pageSize: 50 });
    const batches: NormalizedStatBatch[] = items.map((item) => motiveAdapter.normalize("vehicleStatLogs", item));
    // Only points with readings are read: every one of them has some.
    for (const batch of batches) expect(batch.points.length).toBeGreaterThan(0);
    const stored = batches
      .flatMap((batch) => batch.points.map((point) => ({ vehicle: batch.vehicleSourceId, ...point, raw: undefined })))
      .map(({ vehicle, type, timestamp, value }) => ({ vehicle, type, timestamp, value }));
    const expected = ["veh-1", "veh-2"].flatMap((vehicleId) =>
      statsBetween(fleet, vehicleId, window.start.getTime(), window.end.getTime())
        .filter((stat) => stat.type !== "engine_rpm" && stat.type !== "engine_coolant_temperature")
        .map((stat) => ({
          vehicle: vehicleSid(vehicleId),
          type: stat.type,
          timestamp: iso(stat.time),
          value: stat.value,
        })),
    );
    type Reading = { vehicle: string; type: string; timestamp: string };
    const order = (a: Reading, b: Reading) =>
      a.vehicle.localeCompare(b.vehicle) || a.timestamp.localeCompare(b.timestamp) || a.type.localeCompare(b.type);
    expect(expected.length).toBeGreaterThan(200);
    expect(stored.sort(order)).toEqual(expected.sort(order));
  });
});

describe("Motive trips through the adapter", () => {
  /** A canonical trip as the adapter must read it; the distance is compared apart, within Motive's precision. */
  const expectedTrip = (trip: ReturnType<typeof tripsBetween>[number]): Omit<NormalizedTrip, "distance"> => {
    const driverSourceId = driverSid(trip.driverId);
    return {
      sourceId: String(drivingPeriodId(trip.id)),
      vehicleSourceId: vehicleSid(trip.vehicleId),
      ...(driverSourceId ? { driverSourceId } : {}),
      startLocation: trip.start,
      endLocation: trip.end,
      startedAt: iso(trip.startedAt),
      endedAt: iso(trip.endedAt),
    };
  };

  it("reads the driving periods that started in a two-day window, page by page, as the canonical trips", async () => {
    const account = await createMotiveAccount({ vehicles: 3 });
    const fleet = fleetOf(account);
    const window = { start: new Date(today() - 2 * DAY_MS), end: new Date(today()) };
    const { pages, items } = await walk(account, "trips", { window, pageSize: 5 });
    expect(pages.length).toBe(3);
    const trips = items.map((item) => motiveAdapter.normalize("trips", item));
    const expected = tripsBetween(fleet, ["veh-1", "veh-2", "veh-3"], window.start.getTime(), window.end.getTime());
    expect(expected).toHaveLength(12);
    const bySource = (a: { sourceId: string }, b: { sourceId: string }) => a.sourceId.localeCompare(b.sourceId);
    expect(trips.map(({ distance: _distance, ...trip }) => trip).sort(bySource)).toEqual(
      expected.map(expectedTrip).sort(bySource),
    );
    // Distances from the periods' odometers (km, 3 decimals), rounded to 2.
    for (const trip of trips) {
      const canonical = expected.find((candidate) => String(drivingPeriodId(candidate.id)) === trip.sourceId)!;
      expect(Math.abs(trip.distance! - canonical.distanceKm)).toBeLessThanOrEqual(0.011);
    }
  });

  it("asks a 31-day window in spans of at most 30 days (Motive refuses longer ranges) and keeps to the window", async () => {
    const account = await createMotiveAccount({ vehicles: 1 });
    const fleet = fleetOf(account);
    const start = today() - 31 * DAY_MS;
    const window = { start: new Date(start), end: new Date(today()) };
    const refused = await motive(
      account,
      `/v1/driving_periods?start_date=${isoDay(start)}&end_date=${isoDay(today())}`,
    );
    expect(refused).toEqual({ status: 400, body: { error_message: "Date range cannot be greater than 30 days" } });

    const { cursors, items } = await walk(account, "trips", { window });
    expect(cursors).toEqual([`${isoDay(start + 30 * DAY_MS)}/1`]);
    expect(items.map((item) => motiveAdapter.normalize("trips", item).sourceId).sort()).toEqual(
      tripsBetween(fleet, ["veh-1"], start, today())
        .map((trip) => String(drivingPeriodId(trip.id)))
        .sort(),
    );

    // A window off whole days: the periods of its days that started within it.
    const partial = { start: new Date(today() - DAY_MS + 7 * HOUR_MS), end: new Date(today()) };
    const inside = await walk(account, "trips", { window: partial });
    expect(inside.items.map((item) => motiveAdapter.normalize("trips", item).startedAt)).toEqual(
      tripsBetween(fleet, ["veh-1"], partial.start.getTime(), partial.end.getTime()).map((trip) => iso(trip.startedAt)),
    );
    const error = await providerError(() =>
      motiveAdapter.readPage("trips", motiveReadRequest(account, { window, cursor: `${isoDay(start + DAY_MS)}/1` })),
    );
    expect(error.kind).toBe("malformed");
  });

  it("leaves trips still under way for a later sync", async () => {
    const account = await createMotiveAccount({ vehicles: 4 });
    const fleet = fleetOf(account);
    const before = Date.now();
    const { items } = await walk(account, "trips", {
      window: { start: new Date(today()), end: new Date(today() + DAY_MS) },
    });
    const after = Date.now();
    const read = new Set(items.map((item) => motiveAdapter.normalize("trips", item).sourceId));
    for (const trip of tripsBetween(fleet, ["veh-1", "veh-2", "veh-3", "veh-4"], today(), today() + DAY_MS)) {
      const id = String(drivingPeriodId(trip.id));
      if (trip.endedAt <= before) expect(read.has(id), id).toBe(true);
      if (trip.endedAt > after) expect(read.has(id), id).toBe(false);
    }
  });
});

describe("Motive latest vehicle locations through the adapter", () => {
  const expectedLatest = (latest: CanonicalLatest): NormalizedLatestLocation => {
    const driverSourceId = driverSid(latest.driverId);
    return {
      vehicleSourceId: vehicleSid(latest.vehicleId),
      ...(driverSourceId ? { driverSourceId } : {}),
      locatedAt: iso(latest.time),
      location: { latitude: latest.latitude, longitude: latest.longitude },
      address: expect.stringMatching(/(Los Angeles, CA|Atlanta, GA)$/) as unknown as string,
      heading: latest.heading,
      speed: round2(latest.speedKmh),
      odometer: round2(latest.odometerKm),
      fuel: { primaryPercentage: latest.fuelPercent },
      engineState: latest.engineState,
      engineRuntime: latest.engineRuntimeMs,
    };
  };

  it("reads the live snapshot of every vehicle, page by page, as the canonical latest locations", async () => {
    const account = await createMotiveAccount({ vehicles: 5 });
    const fleet = fleetOf(account);
    const before = Date.now();
    const { pages, items } = await walk(account, "latestVehicleLocations", { pageSize: 2 });
    const after = Date.now();
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 1]);
    const latest = items.map((item) => motiveAdapter.normalize("latestVehicleLocations", item));
    expect(latest.map((location) => location.vehicleSourceId)).toEqual(["4001", "4002", "4003", "4004", "4005"]);
    for (const location of latest) {
      const vehicleId = `veh-${Number(location.vehicleSourceId) - 4000}`;
      // The fake answered at an instant between before and after: the snapshot as of one of them.
      const candidates = [latestOf(fleet, vehicleId, before), latestOf(fleet, vehicleId, after)].map(expectedLatest);
      const matching = candidates.find((candidate) => candidate.locatedAt === location.locatedAt);
      expect(matching, JSON.stringify(location)).toBeDefined();
      expect(location).toEqual(matching);
    }
  });

  it("a key that may not read locations (403) is an issue", async () => {
    const account = await createMotiveAccount({ vehicles: 1 });
    await motiveControl(account, "forbidden", { paths: ["/v3/vehicle_locations"] });
    const page = await motiveAdapter.readPage("latestVehicleLocations", motiveReadRequest(account));
    expect(page).toEqual({
      items: [],
      schema: "/v3/vehicle_locations",
      issues: [{ code: "missing_permissions", message: expect.stringContaining("403") }],
    });
  });
});

describe("fake Motive: time-series endpoints", () => {
  it("location history: one un-paginated wrapped array of whole UTC days; 400 without dates or beyond 3 months; 404 for an unknown vehicle", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    const day = isoDay(today() - DAY_MS);
    const answer = await motive(account, `/v3/vehicle_locations/4001?start_date=${day}&end_date=${day}`, {
      "X-Metric-Units": "true",
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(["vehicle_locations"]);
    const points = answer.body.vehicle_locations.map((element: any) => {
      expect(Object.keys(element)).toEqual(["vehicle_location"]);
      return element.vehicle_location;
    });
    expect(points.length).toBeGreaterThan(200);
    expect(points.every((point: any) => point.located_at.startsWith(day))).toBe(true);
    expect(points[0]).toEqual(
      expect.objectContaining({ type: "engine_start", eld_device: expect.objectContaining({ model: "lbb-3" }) }),
    );

    for (const path of [
      "/v3/vehicle_locations/4001",
      `/v3/vehicle_locations/4001?start_date=${day}&end_date=yesterday`,
    ]) {
      expect((await motive(account, path)).status, path).toBe(400);
    }
    // Three months are allowed, a day more is not (a range in the future: nothing recorded yet, nothing to compute).
    const from = new Date(today() + 40 * DAY_MS);
    const limit = new Date(from);
    limit.setUTCMonth(limit.getUTCMonth() + 3);
    const range = (end: number) =>
      `/v3/vehicle_locations/4001?start_date=${isoDay(from.getTime())}&end_date=${isoDay(end)}`;
    expect(await motive(account, range(limit.getTime()))).toEqual({ status: 200, body: { vehicle_locations: [] } });
    expect((await motive(account, range(limit.getTime() + DAY_MS))).status).toBe(400);
    expect(await motive(account, `/v3/vehicle_locations/4999?start_date=${day}&end_date=${day}`)).toEqual({
      status: 404,
      body: { error_message: "Vehicle not found" },
    });
  });

  it("location history: odometer and fuel in the units X-Metric-Units asks for; speed in kph and engine hours in hours either way", async () => {
    const account = await createMotiveAccount({ vehicles: 1 });
    const day = isoDay(today() - DAY_MS);
    const path = `/v3/vehicle_locations/4001?start_date=${day}&end_date=${day}`;
    const metric = (await motive(account, path, { "X-Metric-Units": "true" })).body.vehicle_locations;
    const imperial = (await motive(account, path, { "X-Metric-Units": "false" })).body.vehicle_locations;
    expect(metric.length).toBe(imperial.length);
    const withReadings = metric.filter((element: any) => element.vehicle_location.odometer !== null);
    expect(withReadings.length).toBeGreaterThan(20);
    for (const [index, element] of metric.entries()) {
      const km = element.vehicle_location;
      const mi = imperial[index].vehicle_location;
      expect(mi.speed).toBe(km.speed);
      expect(mi.engine_hours).toBe(km.engine_hours);
      if (km.odometer === null) {
        expect(mi.odometer).toBeNull();
        continue;
      }
      expect(mi.odometer * KM_PER_MILE).toBeCloseTo(km.odometer, 6);
      expect(mi.true_odometer).toBe(mi.odometer);
      expect(mi.fuel * LITRES_PER_US_GALLON).toBeCloseTo(km.fuel, 6);
    }
    // And the adapter reads an imperial answer back to the same readings.
    const read = (points: any[], metricUnits: boolean) =>
      points.flatMap((element) =>
        motiveAdapter
          .normalize("vehicleStatLogs", {
            vehicle_id: 4001,
            metric_units: metricUnits,
            vehicle_location: element.vehicle_location,
          })
          .points.map(({ raw: _raw, ...point }) => point),
      );
    expect(read(imperial, false)).toEqual(read(metric, true));
  });

  it("location history: at most 10 simultaneous requests per account, 429 beyond", async () => {
    const account = await createMotiveAccount({ vehicles: 1, faults: { delayMs: 400 } });
    const day = isoDay(today() - DAY_MS);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () =>
        motive(account, `/v3/vehicle_locations/4001?start_date=${day}&end_date=${day}`).then((answer) => answer.status),
      ),
    );
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
    await patchMotiveAccount(account.credential, { faults: {} });
    expect((await motive(account, `/v3/vehicle_locations/4001?start_date=${day}&end_date=${day}`)).status).toBe(200);
  });

  it("driving periods and live locations: wrapped, paged (per_page ≤ 100), in the asked units", async () => {
    const account = await createMotiveAccount({ vehicles: 3 });
    const day = isoDay(today() - DAY_MS);
    const periods = await motive(account, `/v1/driving_periods?start_date=${day}&end_date=${day}&per_page=4&page_no=2`);
    expect(periods.body.pagination).toEqual({ per_page: 4, page_no: 2, total: 6 });
    expect(periods.body.driving_periods).toHaveLength(2);
    const period = periods.body.driving_periods[0].driving_period;
    expect(period).toEqual(
      expect.objectContaining({ status: "complete", type: "driving", distance: expect.stringMatching(/^\d+\.\d mi$/) }),
    );
    const metric = await motive(account, `/v1/driving_periods?start_date=${day}&end_date=${day}`, {
      "X-Metric-Units": "true",
    });
    expect(metric.body.driving_periods[0].driving_period.distance).toMatch(/^\d+\.\d km$/);
    expect((await motive(account, "/v1/driving_periods")).status).toBe(400);

    const live = await motive(account, "/v3/vehicle_locations?per_page=500");
    expect(live.body.pagination).toEqual({ per_page: 100, page_no: 1, total: 3 });
    expect(live.body.vehicles[0]).toEqual({
      vehicle: expect.objectContaining({
        id: 4001,
        current_location: expect.objectContaining({ lat: expect.any(Number) }),
      }),
    });
    const inactive = await motive(account, "/v3/vehicle_locations?vehicle_status=deactivated");
    const active = await motive(account, "/v3/vehicle_locations?vehicle_status=active");
    expect(inactive.body.pagination.total + active.body.pagination.total).toBe(3);
  });
});
