/**
 * The sandbox fleet: deterministic from its seed, paged in bounded pages that visit every record
 * once, scalable to 100,000 vehicles without materializing them, and changing from revision to
 * revision like a real account (records added, modified, soft-deleted).
 */
import { describe, expect, it } from "vitest";
import { SYNC_MODELS } from "../../src/model/normalized";
import { sandboxAdapter } from "../../src/providers/sandbox/adapter";
import { encodeSandboxCursor } from "../../src/providers/sandbox/cursor";
import { setSandboxRuntime } from "../../src/providers/sandbox/runtime";
import {
  byId,
  CREATED_AT,
  DAY,
  HOUR,
  type Payloads,
  providerError,
  readAll,
  request,
  utcWindow,
} from "./sandbox-helpers";

const WEEK = utcWindow("2026-01-03T00:00:00.000Z", "2026-01-10T00:00:00.000Z");

describe("determinism", () => {
  it("serves identical pages for the same seed and options, for every model", async () => {
    for (const model of SYNC_MODELS) {
      const options = { sandbox: { revision: 7 }, window: WEEK, pageSize: 50 };
      const first = await readAll(model, options);
      const second = await readAll(model, options);
      expect(second.pages).toEqual(first.pages);
      expect(first.items.length).toBeGreaterThan(0);
    }
  });

  it("derives a different fleet from a different account", async () => {
    const one = await readAll("vehicles", { sourceId: "sbx-one", sandbox: { revision: 0 } });
    const other = await readAll("vehicles", { sourceId: "sbx-other", sandbox: { revision: 0 } });
    expect(other.items.map((vehicle) => vehicle.vin)).not.toEqual(one.items.map((vehicle) => vehicle.vin));
  });

  it("seeds from the username when the connection has no source id", async () => {
    const bySourceId = await readAll("drivers", { sourceId: "dispatch", sandbox: { revision: 3 } });
    const byUsername = await readAll("drivers", { sourceId: null, username: "dispatch", sandbox: { revision: 3 } });
    expect(byUsername.items).toEqual(bySourceId.items);
  });
});

describe("the default fleet", () => {
  it("has 24 vehicles, ceil(24 × 1.1) = 27 drivers, and a handful of groups with parents", async () => {
    const vehicles = (await readAll("vehicles", { sandbox: { revision: 0 } })).items;
    const drivers = (await readAll("drivers", { sandbox: { revision: 0 } })).items;
    const groups = (await readAll("groups", { sandbox: { revision: 0 } })).items;
    expect(vehicles).toHaveLength(24);
    expect(drivers).toHaveLength(27);
    expect(groups.length).toBeGreaterThanOrEqual(4);
    expect(groups.length).toBeLessThanOrEqual(12);
    const groupIds = new Set(groups.map((group) => group.id));
    const children = groups.filter((group) => group.parentId !== undefined);
    expect(children.length).toBeGreaterThan(0);
    for (const child of children) expect(groupIds.has(child.parentId!)).toBe(true);
    // Every reference points at a listed group.
    for (const record of [...vehicles, ...drivers]) {
      expect(record.tagIds.length).toBeGreaterThan(0);
      for (const id of record.tagIds) expect(groupIds.has(id)).toBe(true);
    }
  });

  it("has a tracker in every vehicle and a camera in every second one, each listed as a device", async () => {
    const vehicles = (await readAll("vehicles", { sandbox: { revision: 0 } })).items;
    const devices = byId((await readAll("devices", { sandbox: { revision: 0 } })).items);
    expect(devices.size).toBe(24 + 12);
    for (const vehicle of vehicles) {
      const kinds = vehicle.deviceIds.map((id) => devices.get(id)?.kind);
      expect(kinds[0]).toBe("gateway");
      expect(kinds.slice(1).every((kind) => kind === "dashcam")).toBe(true);
      for (const id of vehicle.deviceIds) expect(devices.get(id)?.vehicleId).toBe(vehicle.id);
    }
    expect(vehicles.filter((vehicle) => vehicle.deviceIds.length === 2)).toHaveLength(12);
  });

  it("looks like a real fleet: unique VINs and ids, several makes and fuels, some inactive records", async () => {
    const vehicles = (await readAll("vehicles", { sandbox: { fleetSize: 400, revision: 0 } })).items;
    expect(new Set(vehicles.map((vehicle) => vehicle.vin)).size).toBe(400);
    expect(new Set(vehicles.map((vehicle) => vehicle.id)).size).toBe(400);
    expect(new Set(vehicles.map((vehicle) => vehicle.make)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(vehicles.map((vehicle) => vehicle.fuel))).toEqual(
      new Set(["diesel", "gasoline", "electric", "hybrid_gasoline", "propane", "hybrid_diesel"]),
    );
    const inactive = vehicles.filter((vehicle) => !vehicle.active).length;
    expect(inactive).toBeGreaterThan(0);
    expect(inactive).toBeLessThan(80);
    for (const vehicle of vehicles) {
      expect(vehicle.id).toMatch(/^sbx-veh-\d{6,}$/);
      expect(vehicle.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(vehicle.plate.region).toMatch(/^[A-Z]{2}$/);
      expect(vehicle.modelYear).toBeGreaterThanOrEqual(2012);
      expect(vehicle.modelYear).toBeLessThanOrEqual(new Date(vehicle.createdAt).getUTCFullYear() + 1);
      // Electric vehicles have neither fuel economy nor a tank.
      expect(vehicle.economyMpg === undefined).toBe(vehicle.fuel === "electric");
      expect(vehicle.tankGallons === undefined).toBe(vehicle.fuel === "electric");
    }
  });
});

describe("paging", () => {
  it("visits every record exactly once with bounded pages, for every model", async () => {
    for (const model of SYNC_MODELS) {
      const options = { sandbox: { revision: 11 }, window: WEEK };
      const whole = (await readAll(model, { ...options, pageSize: 500 })).items;
      const paged = await readAll(model, { ...options, pageSize: 7 });
      expect(paged.pages.length).toBeGreaterThan(1);
      expect(paged.items).toEqual(whole);
      const keys = paged.items.map((item: Payloads[typeof model]) =>
        "id" in item
          ? item.id
          : "day" in item
            ? `${item.vehicleId}/${item.day}`
            : "trailerId" in item
              ? item.trailerId
              : item.vehicleId,
      );
      expect(new Set(keys).size).toBe(keys.length);
      expect(paged.pages.at(-1)!.nextCursor).toBeUndefined();
    }
  });

  it("clamps page sizes to 200 entities, 500 windowed rows and 8 vehicle-days of time series", async () => {
    const huge = { sandbox: { fleetSize: 2000, revision: 0 }, pageSize: 100_000 };
    expect((await sandboxAdapter.readPage("vehicles", request(huge))).items).toHaveLength(200);
    expect((await sandboxAdapter.readPage("drivers", request(huge))).items).toHaveLength(200);
    expect((await sandboxAdapter.readPage("devices", request(huge))).items).toHaveLength(200);
    const rows = await sandboxAdapter.readPage("vehicleUtilization", request({ ...huge, window: WEEK }));
    expect(rows.items).toHaveLength(500);
    const series = await sandboxAdapter.readPage("vehicleLocations", request({ ...huge, window: WEEK }));
    expect(series.items).toHaveLength(8);
    // A nonsensical page size is the provider's maximum, not an unbounded page.
    expect((await sandboxAdapter.readPage("vehicles", request({ ...huge, pageSize: 0 }))).items).toHaveLength(200);
    expect((await sandboxAdapter.readPage("vehicles", request({ ...huge, pageSize: Number.NaN }))).items).toHaveLength(
      200,
    );
  });

  it("names the sandbox endpoint each page came from", async () => {
    const schemas: Record<string, string> = {};
    for (const model of SYNC_MODELS) {
      schemas[model] = (
        await sandboxAdapter.readPage(model, request({ sandbox: { revision: 0 }, window: WEEK }))
      ).schema;
    }
    expect(schemas).toEqual({
      groups: "sandbox.tags.list",
      vehicles: "sandbox.vehicles.list",
      drivers: "sandbox.drivers.list",
      devices: "sandbox.devices.list",
      trailers: "sandbox.trailers.list",
      vehicleUtilization: "sandbox.utilization.daily",
      safetyEvents: "sandbox.safety_events.list",
      faultCodeEvents: "sandbox.vehicles.faults",
      latestVehicleLocations: "sandbox.vehicles.locations",
      latestTrailerLocations: "sandbox.trailers.locations",
      trips: "sandbox.trips.list",
      vehicleLocations: "sandbox.vehicles.locations.history",
      vehicleStatLogs: "sandbox.vehicles.stats.history",
      hosLogs: "sandbox.hos.logs",
      hosDailyLogs: "sandbox.hos.daily_logs",
      iftaSummaries: "sandbox.ifta.daily",
    });
  });

  it("keeps the first page's revision for the whole listing (a snapshot cursor)", async () => {
    const first = await sandboxAdapter.readPage("vehicles", request({ sandbox: { revision: 3 }, pageSize: 10 }));
    // The hour turns (the option changes) between pages: the listing stays on revision 3.
    const second = await sandboxAdapter.readPage(
      "vehicles",
      request({ sandbox: { revision: 40 }, pageSize: 10, cursor: first.nextCursor! }),
    );
    const atThree = await readAll("vehicles", { sandbox: { revision: 3 }, pageSize: 10 });
    expect(second.items).toEqual(atThree.pages[1]!.items);
  });
});

describe("a 100,000-vehicle fleet", () => {
  const big = { fleetSize: 100_000, revision: 500 };

  it("serves its first page and a page at offset 99,800 quickly, without building the fleet", async () => {
    let started = performance.now();
    const first = await sandboxAdapter.readPage("vehicles", request({ sandbox: big }));
    expect(first.items).toHaveLength(200);
    expect(first.nextCursor).toBeDefined();
    const deepCursor = encodeSandboxCursor({ model: "vehicles", revision: 500, cell: 99_800, offset: 0 });
    const deep = await sandboxAdapter.readPage("vehicles", request({ sandbox: big, cursor: deepCursor }));
    const elapsed = performance.now() - started;
    // The last 200 slots: a few may be empty between a deletion and the next addition.
    expect(deep.items.length).toBeGreaterThan(180);
    expect(deep.items.length).toBeLessThanOrEqual(200);
    expect(deep.nextCursor).toBeUndefined();
    for (const vehicle of deep.items as Payloads["vehicles"][])
      expect(Number(vehicle.id.slice(8)) % 100_000).toBeGreaterThanOrEqual(99_800);
    expect(elapsed).toBeLessThan(1000);

    started = performance.now();
    for (const model of ["drivers", "devices", "vehicleUtilization", "safetyEvents"] as const) {
      const cell = model === "drivers" ? 109_800 : 99_800;
      const cursor = encodeSandboxCursor({ model, revision: 500, cell, offset: 0 });
      const page = await sandboxAdapter.readPage(model, request({ sandbox: big, window: WEEK, cursor }));
      expect(page.items.length).toBeGreaterThan(0);
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("has as many drivers as ceil(1.1 × vehicles), and caps fleets at 200,000 vehicles", async () => {
    const lastDriver = encodeSandboxCursor({ model: "drivers", revision: 0, cell: 109_999, offset: 0 });
    const page = await sandboxAdapter.readPage(
      "drivers",
      request({ sandbox: { fleetSize: 100_000, revision: 0 }, cursor: lastDriver }),
    );
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).toBeUndefined();

    const capped = { sandbox: { fleetSize: 1_000_000_000, revision: 0 } };
    const last = encodeSandboxCursor({ model: "vehicles", revision: 0, cell: 199_999, offset: 0 });
    expect((await sandboxAdapter.readPage("vehicles", request({ ...capped, cursor: last }))).items).toHaveLength(1);
    const beyond = encodeSandboxCursor({ model: "vehicles", revision: 0, cell: 200_000, offset: 0 });
    await providerError(sandboxAdapter.readPage("vehicles", request({ ...capped, cursor: beyond })), "malformed");
  });
});

describe("revisions", () => {
  async function snapshot(revision: number, fleetSize = 24) {
    const sandbox = { revision, fleetSize };
    return {
      vehicles: byId((await readAll("vehicles", { sandbox })).items),
      drivers: byId((await readAll("drivers", { sandbox })).items),
      devices: byId((await readAll("devices", { sandbox })).items),
    };
  }

  function diff<T extends { updatedAt: string }>(before: Map<string, T>, after: Map<string, T>) {
    return {
      added: [...after.keys()].filter((id) => !before.has(id)),
      deleted: [...before.keys()].filter((id) => !after.has(id)),
      modified: [...after.keys()].filter(
        (id) => before.has(id) && before.get(id)!.updatedAt !== after.get(id)!.updatedAt,
      ),
    };
  }

  it("adds, modifies and soft-deletes a few vehicles and drivers at each revision", async () => {
    const totals = { added: 0, deleted: 0, modified: 0 };
    let previous = await snapshot(0);
    for (let revision = 1; revision <= 24; revision++) {
      const current = await snapshot(revision);
      const asOf = CREATED_AT.getTime() + revision * HOUR;
      for (const kind of ["vehicles", "drivers"] as const) {
        const changes = diff<Payloads[typeof kind]>(previous[kind], current[kind]);
        // "A few": never a big share of a 24-vehicle fleet at once.
        expect(changes.added.length).toBeLessThanOrEqual(3);
        expect(changes.deleted.length).toBeLessThanOrEqual(3);
        expect(changes.modified.length).toBeLessThanOrEqual(4);
        for (const [key, ids] of Object.entries(changes)) totals[key as keyof typeof totals] += ids.length;
        // New records get new indexes, and their timestamps fall in the hour of the revision.
        for (const id of changes.added) {
          expect(Number(id.slice(8))).toBeGreaterThanOrEqual(kind === "vehicles" ? 24 : 27);
          const record = current[kind].get(id)!;
          expect(Date.parse(record.createdAt)).toBeGreaterThan(asOf - HOUR);
          expect(Date.parse(record.createdAt)).toBeLessThanOrEqual(asOf);
        }
        for (const id of changes.modified) {
          const updatedAt = Date.parse(current[kind].get(id)!.updatedAt);
          expect(updatedAt).toBeGreaterThan(asOf - HOUR);
          expect(updatedAt).toBeLessThanOrEqual(asOf);
          expect(current[kind].get(id)).not.toEqual(previous[kind].get(id));
        }
        // Records that did not change are served byte for byte the same.
        for (const [id, record] of current[kind]) {
          if (previous[kind].has(id) && !changes.modified.includes(id)) expect(record).toEqual(previous[kind].get(id));
        }
      }
      previous = current;
    }
    expect(totals.added).toBeGreaterThan(10);
    expect(totals.deleted).toBeGreaterThan(10);
    expect(totals.modified).toBeGreaterThan(20);
  });

  it("never brings a deleted record back, and keeps the fleet's size steady", async () => {
    const gone = new Set<string>();
    let previous = await snapshot(0);
    for (let revision = 1; revision <= 40; revision++) {
      const current = await snapshot(revision);
      for (const id of previous.vehicles.keys()) if (!current.vehicles.has(id)) gone.add(id);
      for (const id of gone) expect(current.vehicles.has(id)).toBe(false);
      expect(current.vehicles.size).toBeGreaterThanOrEqual(20);
      expect(current.vehicles.size).toBeLessThanOrEqual(24);
      previous = current;
    }
    expect(gone.size).toBeGreaterThan(10);
  });

  it("uninstalls a deleted vehicle's devices until its slot is reused, then drops them", async () => {
    let sawSpare = false;
    for (let revision = 1; revision <= 30; revision++) {
      const { vehicles, devices } = await snapshot(revision);
      for (const device of devices.values()) {
        if (device.vehicleId === undefined) {
          sawSpare = true;
          expect(vehicles.has(`sbx-veh-${device.id.split("-").at(-1)}`)).toBe(false);
        } else {
          expect(vehicles.get(device.vehicleId)?.deviceIds).toContain(device.id);
        }
      }
    }
    expect(sawSpare).toBe(true);
  });

  it("changes names, plates, phones and statuses, and moves updatedAt with them", async () => {
    const before = await snapshot(0);
    const after = await snapshot(60);
    const vehicles = [...after.vehicles.values()].filter((vehicle) => before.vehicles.has(vehicle.id));
    const renamed = vehicles.filter((vehicle) => vehicle.displayName !== before.vehicles.get(vehicle.id)!.displayName);
    const replated = vehicles.filter(
      (vehicle) => vehicle.plate.number !== before.vehicles.get(vehicle.id)!.plate.number,
    );
    const toggled = vehicles.filter((vehicle) => vehicle.active !== before.vehicles.get(vehicle.id)!.active);
    expect(renamed.length).toBeGreaterThan(0);
    expect(replated.length).toBeGreaterThan(0);
    expect(toggled.length).toBeGreaterThan(0);
    for (const vehicle of [...renamed, ...replated, ...toggled]) {
      expect(vehicle.updatedAt > before.vehicles.get(vehicle.id)!.updatedAt).toBe(true);
      // What identifies the vehicle stays.
      expect(vehicle.vin).toBe(before.vehicles.get(vehicle.id)!.vin);
    }
    const drivers = [...after.drivers.values()].filter((driver) => before.drivers.has(driver.id));
    expect(drivers.some((driver) => driver.phone !== before.drivers.get(driver.id)!.phone)).toBe(true);
  });

  it("shows no timestamp later than the revision's time, so modifiedAfter windows work", async () => {
    for (const revision of [0, 5, 100]) {
      const asOf = CREATED_AT.getTime() + revision * HOUR;
      const { vehicles, drivers, devices } = await snapshot(revision);
      for (const record of [...vehicles.values(), ...drivers.values()]) {
        expect(Date.parse(record.updatedAt)).toBeLessThanOrEqual(asOf);
        expect(Date.parse(record.createdAt)).toBeLessThanOrEqual(Date.parse(record.updatedAt));
      }
      for (const device of devices.values()) expect(Date.parse(device.lastHeardAt)).toBeLessThanOrEqual(asOf);
    }
  });

  it("defaults the revision to whole hours since the connection was created", async () => {
    const restore = setSandboxRuntime({ now: () => CREATED_AT.getTime() + 5 * HOUR + 59 * 60_000 });
    try {
      const implicit = await readAll("vehicles", {});
      expect(implicit.items).toEqual((await readAll("vehicles", { sandbox: { revision: 5 } })).items);
      expect(implicit.items).not.toEqual((await readAll("vehicles", { sandbox: { revision: 6 } })).items);
    } finally {
      restore();
    }
    // A connection "created in the future" (clock skew) serves revision 0.
    const skewed = setSandboxRuntime({ now: () => CREATED_AT.getTime() - DAY });
    try {
      expect((await readAll("vehicles", {})).items).toEqual(
        (await readAll("vehicles", { sandbox: { revision: 0 } })).items,
      );
    } finally {
      skewed();
    }
  });
});
