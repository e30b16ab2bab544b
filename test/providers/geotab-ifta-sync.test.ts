/**
 * Geotab's IFTA distances end to end: a connection to the fake MyGeotab (real HTTP) synced by the
 * real queue consumer and Durable Object, then GET /ifta/summary answers the canonical fleet's
 * distances per vehicle, jurisdiction and month (../fakes/ifta.ts), from FuelTaxDetails read day
 * by day: each day's odometer rises in km (GPS ones for the vehicles without an engine
 * odometer), stored per day to 2 decimals and summed; today as far as it was driven when read.
 * A second sync of the same days changes nothing. Also the adapter's reads walked page by page,
 * and the fake's FuelTaxDetail against the fidelity checklist (providers-families.md §3.4, §5).
 */
import { describe, expect, it } from "vitest";
import type { NormalizedIftaDistance } from "../../src/model/normalized";
import { geotabAdapter } from "../../src/providers/geotab/adapter";
import { type FleetOptions, vehiclesAt } from "../fakes/fleet.ts";
import { iftaOfVehicleDayUntil } from "../fakes/geotab/ifta.ts";
import { iftaOfVehicleDay } from "../fakes/ifta.ts";
import { walkPages } from "../helpers/api-assertions";
import { BASE, call } from "../helpers/http";
import { lastSyncId, type SyncJob, waitForSync } from "../helpers/sync";
import { isoDate, setup, startOfDay } from "./geotab-canonical";
import {
  createGeotabAccount,
  DAY,
  type GeotabAccount,
  geotabRpc,
  geotabStats,
  listAll,
  readAllPages,
} from "./geotab-helpers";

const HOUR = 3_600_000;
const round2 = (value: number) => Math.round(value * 100) / 100;
/** A stored day may round to the other hundredth than the canonical km (the fake's odometers have 6 decimals). */
const TOLERANCE = 0.011;

type Group = { vehicle: string; jurisdiction: string | null; month: string; distance: number };
const keyOf = (group: Pick<Group, "vehicle" | "jurisdiction" | "month">) =>
  `${group.vehicle} ${group.jurisdiction ?? "-"} ${group.month}`;

/** The months from one YYYY-MM to another, both included. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last; ) {
    months.push(month);
    month = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 1)).toISOString().slice(0, 7);
  }
  return months;
}

/** GET /ifta/summary by vehicle, jurisdiction and month over the months, every page, vehicles as source ids. */
async function storedSummary(key: string, token: string, months: readonly string[], raw = false) {
  const vehicles = await listAll("/vehicles", key, token);
  const sourceIds = new Map<string, string>(vehicles.map((vehicle) => [vehicle.id, vehicle.sourceId]));
  const query = `startMonth=${months[0]}&endMonth=${months.at(-1)}&groupBy=vehicle,jurisdiction,month${raw ? "&raw=true" : ""}`;
  const { all } = await walkPages<any>((cursor) =>
    call("GET", `${BASE.sandbox}/ifta/summary?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
      key,
      token,
    }),
  );
  return all
    .map(({ provider, vehicle, ...rest }) => {
      expect(provider).toBe("geotab");
      return { ...rest, vehicle: sourceIds.get(vehicle) } as Group & { raw?: any[] };
    })
    .sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

/**
 * The groups a sync must have stored, as bounds: each day over before the sync the canonical
 * km to 2 decimals (as each day is stored), summed by month; today between what was driven by
 * the sync's request and by its end (the fake's details end now).
 */
function expectedBounds(fleet: FleetOptions, job: SyncJob) {
  const from = startOfDay(Date.parse(job.startFrom!));
  const today = startOfDay(Date.parse(job.requestedAt));
  const [early, late] = [Date.parse(job.requestedAt), Date.parse(job.completedAt!)];
  const bounds = new Map<string, { low: number; high: number }>();
  const add = (vehicle: string, day: number, km: Map<string | null, number>, side: "low" | "high" | "both") => {
    for (const [jurisdiction, value] of km) {
      if (!(value > 0)) continue;
      const key = keyOf({ vehicle, jurisdiction, month: isoDate(day * DAY).slice(0, 7) });
      const bound = bounds.get(key) ?? { low: 0, high: 0 };
      if (side !== "high") bound.low += round2(value);
      if (side !== "low") bound.high += round2(value);
      bounds.set(key, bound);
    }
  };
  for (const vehicle of vehiclesAt(fleet)) {
    for (let day = from / DAY; day * DAY < today; day++)
      add(vehicle.id, day, iftaOfVehicleDay(fleet, vehicle.id, day), "both");
    add(vehicle.id, today / DAY, iftaOfVehicleDayUntil(fleet, vehicle.id, today / DAY, early), "low");
    add(vehicle.id, today / DAY, iftaOfVehicleDayUntil(fleet, vehicle.id, today / DAY, late), "high");
  }
  return bounds;
}

function expectStored(fleet: FleetOptions, job: SyncJob, groups: readonly Group[]) {
  const bounds = expectedBounds(fleet, job);
  for (const group of groups) {
    const bound = bounds.get(keyOf(group));
    expect(bound, `${keyOf(group)} is no canonical group`).toBeDefined();
    expect(group.distance, keyOf(group)).toBeGreaterThanOrEqual(bound!.low - TOLERANCE);
    expect(group.distance, keyOf(group)).toBeLessThanOrEqual(bound!.high + TOLERANCE);
  }
  // Every group driven before the sync began is there (one of today's first few metres may not be).
  const keys = new Set(groups.map(keyOf));
  for (const [key, bound] of bounds) if (bound.low > TOLERANCE) expect(keys.has(key), key).toBe(true);
}

describe("Geotab: IFTA distances after a sync", () => {
  it("serve the canonical months by vehicle and jurisdiction, in km; a second sync changes nothing", {
    timeout: 180_000,
  }, async () => {
    // From the first of last month: a whole month, and this one so far. veh-4 has no engine odometer (GPS only).
    const now = new Date();
    const startFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString();
    const { account, key, token } = await setup({ vehicles: 4 }, { backfill: { startFrom } });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 150_000 });
    expect(job.status, job.failureReason).toBe("completed");
    const from = startOfDay(Date.parse(job.startFrom!));
    expect(from).toBe(Date.parse(startFrom));
    const today = startOfDay(Date.parse(job.requestedAt));
    const months = monthsBetween(isoDate(from).slice(0, 7), isoDate(today).slice(0, 7));

    const first = await storedSummary(key, token, months);
    expectStored(account.fleet, job, first);
    expect(new Set(first.map((group) => group.vehicle))).toEqual(new Set(["veh-1", "veh-2", "veh-3", "veh-4"]));
    expect(new Set(first.map((group) => group.month))).toEqual(new Set(months));
    // The whole of last month is the canonical month exactly (each day stored to 2 decimals).
    const lastMonth = months[0]!;
    const canonical = vehiclesAt(account.fleet).flatMap((vehicle) => {
      const sums = new Map<string | null, number>();
      for (let day = from / DAY; isoDate(day * DAY).startsWith(lastMonth); day++) {
        for (const [code, km] of iftaOfVehicleDay(account.fleet, vehicle.id, day))
          sums.set(code, (sums.get(code) ?? 0) + km);
      }
      return [...sums]
        .filter(([, km]) => km > 0)
        .map(([jurisdiction, km]) => ({ vehicle: vehicle.id, jurisdiction, month: lastMonth, km }));
    });
    expect(
      first
        .filter((group) => group.month === lastMonth)
        .map(keyOf)
        .sort(),
    ).toEqual(canonical.map(keyOf).sort());
    for (const group of canonical) {
      const stored = first.find((candidate) => keyOf(candidate) === keyOf(group))!;
      expect(Math.abs(stored.distance - group.km), keyOf(group)).toBeLessThanOrEqual(0.005 * 31 + 0.005);
    }
    // One Get FuelTaxDetail a device and day begun (in ExecuteMultiCalls).
    const days = (today - from) / DAY + 1;
    expect((await geotabStats(account)).calls["Get FuelTaxDetail"]).toBe(4 * days);

    // The raw payloads summed are the group's device-days: Geotab's details cut to the day, as sent.
    const withRaw = await storedSummary(key, token, months, true);
    for (const group of withRaw) {
      expect(group.raw!.length).toBeGreaterThan(0);
      for (const entry of group.raw!) {
        expect(entry).toMatchObject({
          provider: "geotab",
          schema: "geotab.FuelTaxDetail",
          data: { device: { id: group.vehicle }, jurisdiction: group.jurisdiction },
        });
        expect(entry.data.date.slice(0, 7)).toBe(group.month);
        for (const detail of entry.data.fuelTaxDetails) {
          expect(detail.enterTime.slice(0, 10)).toBe(entry.data.date);
          expect(detail.enterTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
          expect(detail.isClusterOdometer).toBe(group.vehicle !== "veh-4");
        }
      }
    }

    // The same days again: the same groups, unless a vehicle drove on today between the two syncs.
    const again = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { startFrom: job.startFrom } });
    expect(again.status).toBe(201);
    const { job: second } = await waitForSync(key, token, again.body.id, { timeoutMs: 150_000 });
    expect(second.status, second.failureReason).toBe("completed");
    const after = await storedSummary(key, token, months);
    expectStored(account.fleet, second, after);
    const moved = (vehicle: string) =>
      JSON.stringify([...iftaOfVehicleDayUntil(account.fleet, vehicle, today / DAY, Date.parse(job.requestedAt))]) !==
      JSON.stringify([...iftaOfVehicleDayUntil(account.fleet, vehicle, today / DAY, Date.parse(second.completedAt!))]);
    const settled = (groups: readonly Group[]) =>
      groups.filter((group) => group.month !== isoDate(today).slice(0, 7) || !moved(group.vehicle));
    expect(settled(after)).toEqual(settled(first));
  });
});

/** The canonical device-days of [from, to) (days over) as the adapter must normalize them. */
function expectedDays(fleet: FleetOptions, from: number, to: number): NormalizedIftaDistance[] {
  const days: NormalizedIftaDistance[] = [];
  for (const vehicle of vehiclesAt(fleet)) {
    for (let day = from / DAY; day * DAY < to; day++) {
      const date = isoDate(day * DAY);
      for (const [jurisdiction, km] of iftaOfVehicleDay(fleet, vehicle.id, day)) {
        if (!(km > 0)) continue;
        days.push({
          sourceId: `${vehicle.id}:${date}:${jurisdiction ?? "none"}`,
          vehicleSourceId: vehicle.id,
          period: date,
          jurisdiction,
          distance: round2(km),
        });
      }
    }
  }
  return days.sort((a, b) => a.sourceId.localeCompare(b.sourceId));
}

/** A model's pages over a window, normalized, in source-id order. */
async function read(account: GeotabAccount, window: { start: Date; end: Date }, pageSize: number) {
  const { items, pages } = await readAllPages(account, "iftaSummaries", { window, pageSize });
  const normalized = items
    .map((item) => geotabAdapter.normalize("iftaSummaries", item))
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
  return { items, pages, normalized };
}

/** Allows a day stored to the other hundredth (see TOLERANCE). */
function expectDays(actual: NormalizedIftaDistance[], expected: NormalizedIftaDistance[]) {
  expect(actual.map(({ distance: _distance, ...day }) => day)).toEqual(expected.map(({ distance: _d, ...day }) => day));
  actual.forEach((day, index) => {
    expect(Math.abs(day.distance - expected[index]!.distance), day.sourceId).toBeLessThanOrEqual(TOLERANCE);
  });
}

describe("Geotab: the IFTA reads, page by page", () => {
  it("read each device's days one Get a day, a few devices a page, the same in small pages as in large ones", {
    timeout: 60_000,
  }, async () => {
    const account = await createGeotabAccount({ vehicles: 5 });
    const end = startOfDay(Date.now());
    const start = end - 10 * DAY;
    const window = { start: new Date(start), end: new Date(end) };
    const expected = expectedDays(account.fleet, start, end);

    const large = await read(account, window, 500);
    expect(large.pages).toBe(1);
    expectDays(large.normalized, expected);
    expect((await geotabStats(account)).calls["Get FuelTaxDetail"]).toBe(5 * 10);

    // 40 payloads a page: 2 devices of 10 days (about 2 jurisdictions a day each).
    const small = await read(account, window, 40);
    expect(small.pages).toBe(3);
    expectDays(small.normalized, expected);

    // A window's partial days are read whole; a day still to come is not read.
    const partial = await read(account, { start: new Date(end - DAY + 5 * HOUR), end: new Date(end + 2 * DAY) }, 500);
    const stats = await geotabStats(account);
    expect(stats.calls["Get FuelTaxDetail"]).toBe(5 * 10 + 5 * 10 + 5 * 2);
    expectDays(
      partial.normalized.filter((day) => day.period < isoDate(end)),
      expectedDays(account.fleet, end - DAY, end),
    );
  });
});

describe("the fake's FuelTaxDetail", () => {
  it("cuts trips at borders into km odometer segments, rounds the dates to the hour, honours its search", async () => {
    const account = await createGeotabAccount({ vehicles: 4 });
    const { result } = await geotabRpc("Authenticate", {
      database: account.database,
      userName: account.userName,
      password: account.password,
    });
    const { credentials } = result;
    const get = async (search: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      (await geotabRpc("Get", { typeName: "FuelTaxDetail", search, credentials, ...extra })).result as any[];
    const yesterday = startOfDay(Date.now()) - DAY;
    const iso = (ms: number) => new Date(ms).toISOString();
    const dayOf = { fromDate: iso(yesterday), toDate: iso(yesterday + DAY), includeBoundaries: false };

    // The day's details add up to the canonical km per jurisdiction, each a segment of one jurisdiction.
    const all = await get(dayOf);
    expect(new Set(all.map((detail) => detail.device.id))).toEqual(new Set(["veh-1", "veh-2", "veh-3", "veh-4"]));
    expect(all.map((detail) => detail.enterTime)).toEqual([...all.map((detail) => detail.enterTime)].sort());
    for (const vehicle of ["veh-1", "veh-2", "veh-3", "veh-4"]) {
      const own = all.filter((detail) => detail.device.id === vehicle);
      const sums = new Map<string | null, number>();
      for (const detail of own) {
        expect(detail.enterTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(Date.parse(detail.exitTime)).toBeGreaterThan(Date.parse(detail.enterTime));
        expect(detail.driver).toEqual({ id: `drv-${vehicle.slice(4)}` });
        const km =
          vehicle === "veh-4"
            ? detail.exitGpsOdometer - detail.enterGpsOdometer
            : detail.exitOdometer - detail.enterOdometer;
        sums.set(detail.jurisdiction, (sums.get(detail.jurisdiction) ?? 0) + km);
      }
      const canonical = iftaOfVehicleDay(account.fleet, vehicle, yesterday / DAY);
      expect([...sums.keys()].sort()).toEqual([...canonical.keys()].sort());
      for (const [code, km] of canonical) expect(sums.get(code)!, `${vehicle} ${code}`).toBeCloseTo(km, 4);
      // Each detail starts where the one before it stopped, odometers running on (km, not meters).
      for (let index = 1; index < own.length; index++) {
        const [before, after] = [own[index - 1], own[index]];
        expect(after.enterGpsOdometer).toBeCloseTo(before.exitGpsOdometer, 5);
        expect(after.jurisdiction === before.jurisdiction && after.enterTime === before.exitTime).toBe(false);
      }
    }
    // A device without an engine odometer sends GPS ones only.
    const gpsOnly = all.find((detail) => detail.device.id === "veh-4");
    expect(gpsOnly).toMatchObject({ isClusterOdometer: false, enterGpsOdometer: expect.any(Number) });
    expect(gpsOnly).not.toHaveProperty("enterOdometer");
    // Against the Trip's odometer (meters) of the same drive: the same reading, in km.
    const trips = (
      await geotabRpc("Get", { typeName: "Trip", search: { deviceSearch: { id: "veh-1" }, ...dayOf }, credentials })
    ).result as any[];
    const lastOfFirstTrip = all.filter(
      (detail) => detail.device.id === "veh-1" && Date.parse(detail.exitTime) <= Date.parse(trips[0].stop),
    );
    expect(lastOfFirstTrip.at(-1).exitOdometer).toBeCloseTo(trips[0].odometer / 1000, 1);

    // fromDate and toDate rounded to the hour; edge details cut there, their odometers interpolated at the cut.
    const enter = Date.parse(all.find((detail) => detail.device.id === "veh-1").enterTime);
    const [fromHour, toHour] = [
      Math.floor((enter + 65 * 60_000) / HOUR) * HOUR,
      Math.ceil((enter + 100 * 60_000) / HOUR) * HOUR,
    ];
    const odd = {
      deviceSearch: { id: "veh-1" },
      fromDate: iso(enter + 65 * 60_000),
      toDate: iso(enter + 100 * 60_000),
    };
    const cut = await get({ ...odd, includeBoundaries: false });
    expect(cut.length).toBeGreaterThan(0);
    expect(await get({ ...odd, fromDate: iso(fromHour), toDate: iso(toHour), includeBoundaries: false })).toEqual(cut);
    for (const detail of cut) {
      expect(detail.enterTime >= iso(fromHour) && detail.exitTime <= iso(toHour), detail.id).toBe(true);
    }
    const whole = await get({ ...odd, includeBoundaries: true });
    expect(whole.map((detail) => detail.id)).toEqual(cut.map((detail) => detail.id));
    expect(whole[0]).toEqual(all.find((detail) => detail.id === whole[0].id));
    expect(Date.parse(whole[0].enterTime)).toBeLessThan(fromHour);
    expect(cut[0]).toMatchObject({ enterTime: iso(fromHour), isEnterOdometerInterpolated: true });
    const share =
      (fromHour - Date.parse(whole[0].enterTime)) / (Date.parse(whole[0].exitTime) - Date.parse(whole[0].enterTime));
    expect(cut[0].enterOdometer).toBeCloseTo(
      whole[0].enterOdometer + (whole[0].exitOdometer - whole[0].enterOdometer) * share,
      4,
    );
    expect(cut.at(-1).isExitOdometerInterpolated).toBe(Date.parse(whole.at(-1).exitTime) > toHour);

    // deviceSearch by id or by groups (a group holds those under it); resultsLimit cuts.
    const east = await get({ ...dayOf, deviceSearch: { groups: [{ id: "g-east" }] } });
    expect(new Set(east.map((detail) => detail.device.id))).toEqual(new Set(["veh-2", "veh-4"]));
    const one = await get({ ...dayOf, deviceSearch: { id: "veh-3" } });
    expect(one).toEqual(all.filter((detail) => detail.device.id === "veh-3"));
    expect(await get(dayOf, { resultsLimit: 2 })).toEqual(all.slice(0, 2));
    // Nothing of the future; dates are required.
    expect(await get({ fromDate: iso(Date.now() + DAY), toDate: iso(Date.now() + 2 * DAY) })).toEqual([]);
    const undated = await geotabRpc("Get", {
      typeName: "FuelTaxDetail",
      search: { deviceSearch: { id: "veh-1" } },
      credentials,
    });
    expect(undated.error.data.type).toBe("ArgumentException");
  });
});
