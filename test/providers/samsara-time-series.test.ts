/**
 * Samsara's time series through the adapter against the fake Samsara (real HTTP): every page of
 * a window of breadcrumbs, stat logs and trips, and the live snapshot, normalized and compared
 * with the canonical series (test/fakes/series.ts) in canonical units, within what Samsara
 * carries (mph with 2 decimals, whole fuel percents). Then the paging Samsara documents: short
 * and empty pages while `hasNextPage`, readings outside the window, at most 3 `types` a request,
 * cursors, and a missing scope.
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
import { samsaraAdapter } from "../../src/providers/samsara/adapter";
import { encodeSamsaraCursor } from "../../src/providers/samsara/cursor";
import type { ReadRequest } from "../../src/providers/types";
import { vehiclesAt } from "../fakes/fleet.ts";
import { isCompleted } from "../fakes/samsara/series-render.ts";
import { breadcrumbsBetween, type CanonicalStat, latestOf, statsBetween, tripsBetween } from "../fakes/series.ts";
import { createSamsaraAccount, denySamsaraScopes, samsaraLog } from "./samsara-helpers";

const DAY_MS = 86_400_000;
const KM_PER_MILE = 1.609344;
const iso = (ms: number) => new Date(ms).toISOString();
const round2 = (value: number) => Math.round(value * 100) / 100;

function request(apiToken: string, overrides: Partial<ReadRequest> = {}): ReadRequest {
  return {
    context: { env },
    credentials: { apiToken },
    options: {},
    connection: { id: "conn_test", sourceId: null, createdAt: new Date() },
    pageSize: 200,
    ...overrides,
  };
}

/** Every page of a model through the adapter, with the number of pages. */
async function readAll(model: SyncModel, apiToken: string, overrides: Partial<ReadRequest> = {}) {
  const items: unknown[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await samsaraAdapter.readPage(
      model,
      request(apiToken, { ...overrides, ...(cursor ? { cursor } : {}) }),
    );
    expect(page.issues ?? []).toEqual([]);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages++;
    if (pages > 200) throw new Error("paging does not end");
  } while (cursor !== undefined);
  return { items, pages };
}

/** Whole UTC days ending at the start of today: in the past, so the fake has all of their data. */
const pastDays = (days: number) => {
  const end = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  return { start: new Date(end - days * DAY_MS), end: new Date(end) };
};

const get = (path: string, token: string) =>
  fetch(`${env.SAMSARA_BASE_URL}${path}`, { headers: { authorization: `Bearer ${token}` } });

describe("breadcrumbs: the gps history", () => {
  it("reads every breadcrumb of the window exactly once, in canonical units, each point's raw its own reading", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 4 });
    const window = pastDays(2);
    const { items, pages } = await readAll("vehicleLocations", token, { window });
    // The first vehicle alone (a short page), an empty page, then the rest.
    expect(pages).toBeGreaterThanOrEqual(3);

    const byVehicle = new Map<string, NormalizedLocationBatch["points"]>();
    for (const item of items) {
      const batch = samsaraAdapter.normalize("vehicleLocations", item);
      byVehicle.set(batch.vehicleSourceId, [...(byVehicle.get(batch.vehicleSourceId) ?? []), ...batch.points]);
    }
    const vehicles = vehiclesAt(fleet);
    expect([...byVehicle.keys()].sort()).toEqual(vehicles.map((vehicle) => vehicle.id).sort());
    for (const vehicle of vehicles) {
      const expected = breadcrumbsBetween(fleet, vehicle.id, window.start.getTime(), window.end.getTime());
      const points = byVehicle.get(vehicle.id) ?? [];
      expect(points.length).toBe(expected.length);
      points.forEach((point, index) => {
        const canonical = expected[index]!;
        expect(point).toMatchObject({
          locatedAt: iso(canonical.time),
          location: { latitude: canonical.latitude, longitude: canonical.longitude },
          heading: canonical.heading,
        });
        // mph with 2 decimals: within 0.005 mph (0.008 km/h), then rounded to 2 decimals.
        expect(Math.abs((point.speed ?? Number.NaN) - canonical.speedKmh)).toBeLessThanOrEqual(0.02);
        expect(point.raw).toMatchObject({ time: expect.any(String), speedMilesPerHour: expect.any(Number) });
      });
    }

    const requests = (await samsaraLog(token)).filter((r) => r.path === "/fleet/vehicles/stats/history");
    expect(requests.length).toBe(pages);
    for (const r of requests) {
      expect(r.query).toMatchObject({
        types: "gps",
        startTime: iso(window.start.getTime()),
        endTime: iso(window.end.getTime()),
      });
    }
  });

  it("drops the readings Samsara answers outside the window: the day before startTime, and at endTime", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 2 });
    const [vehicle] = vehiclesAt(fleet);
    // A window that starts and ends in the middle of the first trip of a past day.
    const trip = tripsBetween(fleet, [vehicle!.id], pastDays(1).start.getTime(), pastDays(1).end.getTime())[0]!;
    const window = { start: new Date(trip.points[10]!.time), end: new Date(trip.points[20]!.time) };
    const query = `types=gps&vehicleIds=${vehicle!.id}&startTime=${iso(window.start.getTime())}&endTime=${iso(window.end.getTime())}`;
    const raw = (await (await get(`/fleet/vehicles/stats/history?${query}`, token)).json()) as any;
    const times = raw.data[0].gps.map((point: { time: string }) => Date.parse(point.time));
    expect(times.some((time: number) => time < window.start.getTime())).toBe(true);
    expect(times).toContain(window.end.getTime());

    const { items } = await readAll("vehicleLocations", token, { window });
    const points = items
      .map((item) => samsaraAdapter.normalize("vehicleLocations", item))
      .filter((batch) => batch.vehicleSourceId === vehicle!.id)
      .flatMap((batch) => batch.points);
    expect(points.map((point) => point.locatedAt)).toEqual(trip.points.slice(10, 20).map((point) => iso(point.time)));
  });
});

/** A canonical stat reading as Samsara carries it back: whole fuel percents, everything else exact. */
function expectStat(actual: NormalizedStatBatch["points"][number], canonical: CanonicalStat) {
  expect(actual.type).toBe(canonical.type);
  expect(actual.timestamp).toBe(iso(canonical.time));
  if (canonical.type === "fuel_level") {
    expect(Math.abs((actual.value as number) - (canonical.value as number))).toBeLessThanOrEqual(0.5);
  } else {
    expect(actual.value).toBe(canonical.value);
  }
}

describe("stat logs: the stats history, three types at a time", () => {
  it("reads every stat reading of the window in canonical units, walking the type groups", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 3 });
    const window = pastDays(1);
    const { items } = await readAll("vehicleStatLogs", token, { window });
    const byVehicle = new Map<string, NormalizedStatBatch["points"]>();
    for (const item of items) {
      const batch = samsaraAdapter.normalize("vehicleStatLogs", item);
      byVehicle.set(batch.vehicleSourceId, [...(byVehicle.get(batch.vehicleSourceId) ?? []), ...batch.points]);
    }
    const order = (a: { type: string; timestamp: string }, b: { type: string; timestamp: string }) =>
      a.timestamp.localeCompare(b.timestamp) || a.type.localeCompare(b.type);
    for (const vehicle of vehiclesAt(fleet)) {
      const expected = statsBetween(fleet, vehicle.id, window.start.getTime(), window.end.getTime())
        .map((stat) => ({ ...stat, timestamp: iso(stat.time) }))
        .sort(order);
      const points = [...(byVehicle.get(vehicle.id) ?? [])].sort(order);
      expect(points.length).toBe(expected.length);
      for (const [index, point] of points.entries()) expectStat(point, expected[index]!);
      expect(new Set(points.map((point) => point.type))).toEqual(
        new Set([
          "engine_state",
          "odometer",
          "fuel_level",
          "total_fuel_consumption",
          "engine_runtime",
          "engine_coolant_temperature",
          "engine_rpm",
          "battery_voltage",
        ]),
      );
    }

    const requests = (await samsaraLog(token)).filter((r) => r.path === "/fleet/vehicles/stats/history");
    const groups = [...new Set(requests.map((r) => r.query.types!))];
    expect(groups).toEqual([
      "engineStates,obdOdometerMeters,gpsOdometerMeters",
      "fuelPercents,fuelConsumedMilliliters,engineRpm",
      "obdEngineSeconds,syntheticEngineSeconds,engineCoolantTemperatureMilliC",
      "batteryMilliVolts,engineOilPressureKPa",
    ]);
    // Each group paged to its end (its own cursors) before the next starts.
    const firstOf = groups.map((types) => requests.findIndex((r) => r.query.types === types));
    const lastOf = groups.map((types) => requests.findLastIndex((r) => r.query.types === types));
    for (let index = 1; index < groups.length; index++) expect(firstOf[index]).toBe(lastOf[index - 1]! + 1);
  });

  it("refuses a cursor for a type group it does not have, or issued for another model", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 1 });
    const window = pastDays(1);
    const read = (cursor: string) => samsaraAdapter.readPage("vehicleStatLogs", request(token, { window, cursor }));
    await expect(read(encodeSamsaraCursor({ model: "vehicleStatLogs", group: 4 }))).rejects.toMatchObject({
      kind: "malformed",
    });
    await expect(read(encodeSamsaraCursor({ model: "vehicleLocations", after: "x" }))).rejects.toBeInstanceOf(
      ProviderError,
    );
    await expect(samsaraAdapter.readPage("vehicleStatLogs", request(token))).rejects.toMatchObject({
      kind: "malformed",
    });
  });
});

describe("trips: the trips stream", () => {
  it("reads the window's trips across pages: start, end and places exact, identified by vehicle and start", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 20 });
    const window = pastDays(3);
    const { items, pages } = await readAll("trips", token, { window });
    expect(pages).toBe(2);
    const trips = items.map((item) => samsaraAdapter.normalize("trips", item));
    const expected = tripsBetween(
      fleet,
      vehiclesAt(fleet).map((vehicle) => vehicle.id),
      window.start.getTime(),
      window.end.getTime(),
    );
    expect(expected.length).toBe(120);
    const bySource = (a: NormalizedTrip, b: NormalizedTrip) => a.sourceId.localeCompare(b.sourceId);
    expect([...trips].sort(bySource)).toEqual(
      expected
        .map(
          (trip): NormalizedTrip => ({
            sourceId: `${trip.vehicleId}:${iso(trip.startedAt)}`,
            vehicleSourceId: trip.vehicleId,
            startLocation: trip.start,
            endLocation: trip.end,
            startedAt: iso(trip.startedAt),
            endedAt: iso(trip.endedAt),
          }),
        )
        .sort(bySource),
    );
    const requests = (await samsaraLog(token)).filter((r) => r.path === "/trips/stream");
    for (const r of requests) {
      expect(r.query).toMatchObject({
        startTime: iso(window.start.getTime()),
        endTime: iso(window.end.getTime()),
        queryBy: "tripStartTime",
        completionStatus: "completed",
        includeAsset: "true",
      });
    }
  });

  it("leaves today's trips still under way for a later sync", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 6 });
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const window = { start: new Date(today), end: new Date(today + DAY_MS) };
    const before = Date.now();
    const { items } = await readAll("trips", token, { window });
    const after = Date.now();
    const read = new Set(items.map((item) => samsaraAdapter.normalize("trips", item).sourceId));
    const ids = vehiclesAt(fleet).map((vehicle) => vehicle.id);
    for (const trip of tripsBetween(fleet, ids, today, today + DAY_MS)) {
      const id = `${trip.vehicleId}:${iso(trip.startedAt)}`;
      if (isCompleted(trip, before)) expect(read.has(id), id).toBe(true);
      if (!isCompleted(trip, after)) expect(read.has(id), id).toBe(false);
    }
  });
});

describe("latest locations: the stats snapshot", () => {
  it("merges two requests of three types per page into one payload per vehicle, over every page", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 105 });
    const before = Date.now();
    const { items, pages } = await readAll("latestVehicleLocations", token);
    const after = Date.now();
    expect(pages).toBe(2);
    const latest = items.map((item) => samsaraAdapter.normalize("latestVehicleLocations", item));
    expect(latest.map((location) => location.vehicleSourceId)).toEqual(vehiclesAt(fleet).map((vehicle) => vehicle.id));
    const expectedAt = (vehicleId: string, now: number): NormalizedLatestLocation => {
      const canonical = latestOf(fleet, vehicleId, now);
      return {
        vehicleSourceId: vehicleId,
        locatedAt: iso(canonical.time),
        location: { latitude: canonical.latitude, longitude: canonical.longitude },
        heading: canonical.heading,
        speed: round2(round2(canonical.speedKmh / KM_PER_MILE) * KM_PER_MILE),
        odometer: canonical.odometerKm,
        fuel: { primaryPercentage: Math.round(canonical.fuelPercent) },
        engineState: canonical.engineState,
        engineRuntime: canonical.engineRuntimeMs,
      };
    };
    for (const location of latest) {
      // The fake answered between `before` and `after`: a breadcrumb may have passed meanwhile.
      const early = expectedAt(location.vehicleSourceId, before);
      if (JSON.stringify(early) !== JSON.stringify(location)) {
        expect(location).toEqual(expectedAt(location.vehicleSourceId, after));
      }
    }
    const requests = (await samsaraLog(token)).filter((r) => r.path === "/fleet/vehicles/stats");
    expect(requests.map((r) => [r.query.types, r.query.vehicleIds?.split(",").length])).toEqual([
      ["gps,engineStates,obdOdometerMeters", undefined],
      ["fuelPercents,obdEngineSeconds,gpsOdometerMeters", 100],
      ["gps,engineStates,obdOdometerMeters", undefined],
      ["fuelPercents,obdEngineSeconds,gpsOdometerMeters", 5],
    ]);
  });

  it("turns a missing Vehicle Statistics scope into a missing_permissions issue", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 1 });
    await denySamsaraScopes(token, ["Read Vehicle Statistics", "Read Trips"]);
    for (const model of ["latestVehicleLocations", "vehicleLocations", "vehicleStatLogs", "trips"] as const) {
      const page = await samsaraAdapter.readPage(model, request(token, { window: pastDays(1) }));
      expect(page.items).toEqual([]);
      expect(page.nextCursor).toBeUndefined();
      expect(page.issues).toEqual([{ code: "missing_permissions", message: expect.stringMatching(/Samsara refused/) }]);
    }
  });
});

describe("the fake Samsara's time-series endpoints", () => {
  it("refuses more than 3 types or 2 decorations, missing types or times, unknown types, and over 50 trip assets", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 1 });
    const { start, end } = pastDays(1);
    const range = `startTime=${iso(start.getTime())}&endTime=${iso(end.getTime())}`;
    const refused = [
      "/fleet/vehicles/stats?types=gps,engineStates,obdOdometerMeters,fuelPercents",
      "/fleet/vehicles/stats",
      "/fleet/vehicles/stats?types=gps,speed",
      `/fleet/vehicles/stats/history?types=gps&${range}&decorations=engineRpm,fuelPercents,obdEngineSeconds`,
      `/fleet/vehicles/stats/history?types=gps&startTime=${iso(start.getTime())}`,
      `/fleet/vehicles/stats/history?types=gps&startTime=${iso(end.getTime())}&endTime=${iso(start.getTime())}`,
      `/fleet/vehicles/stats/history?${range}`,
      `/trips/stream?endTime=${iso(end.getTime())}`,
      `/trips/stream?${range}&completionStatus=done`,
      `/trips/stream?${range}&ids=${Array.from({ length: 51 }, (_, i) => `veh-${i + 1}`).join(",")}`,
    ];
    for (const path of refused) {
      const response = await get(path, token);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ message: expect.any(String), requestId: expect.any(String) });
    }
  });

  it("sends the snapshot's singular keys, and binds a history cursor to its parameters", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 2 });
    const snapshot = (await (
      await get("/fleet/vehicles/stats?types=engineStates,fuelPercents,obdEngineSeconds", token)
    ).json()) as any;
    expect(Object.keys(snapshot.data[0]).sort()).toEqual([
      "engineState",
      "fuelPercent",
      "id",
      "name",
      "obdEngineSeconds",
    ]);
    expect(snapshot.data[0].engineState).toEqual({
      time: expect.any(String),
      value: expect.stringMatching(/^(On|Off)$/),
    });

    const { start, end } = pastDays(1);
    const range = `startTime=${iso(start.getTime())}&endTime=${iso(end.getTime())}`;
    const first = (await (await get(`/fleet/vehicles/stats/history?types=gps&${range}`, token)).json()) as any;
    expect(first.data).toHaveLength(1);
    expect(first.pagination.hasNextPage).toBe(true);
    const empty = (await (
      await get(`/fleet/vehicles/stats/history?types=gps&${range}&after=${first.pagination.endCursor}`, token)
    ).json()) as any;
    expect(empty).toEqual({ data: [], pagination: { endCursor: expect.any(String), hasNextPage: true } });
    const other = await get(
      `/fleet/vehicles/stats/history?types=engineRpm&${range}&after=${first.pagination.endCursor}`,
      token,
    );
    expect(other.status).toBe(400);
  });
});
