/**
 * The sandbox's trailers and their latest locations through the adapter: deterministic from the
 * account, realistic (valid VINs, real makes, plates, groups), about half hitched to a heavy
 * truck of the fleet whose position they share, the others parked for good in a lot; changing
 * from revision to revision like vehicles; mapped to the normalized model.
 */
import { describe, expect, it } from "vitest";
import { KM_PER_MILE } from "../../src/providers/kit/units";
import { sandboxAdapter } from "../../src/providers/sandbox/adapter";
import { EAST_CITIES, WEST_CITIES } from "../../src/providers/sandbox/catalog";
import { TRAILER_MODELS } from "../../src/providers/sandbox/trailer-catalog";
import { checkDigit } from "../../src/providers/sandbox/vin";
import { byId, CREATED_AT, HOUR, providerError, readAll } from "./sandbox-helpers";

const trailersAt = async (revision: number, fleetSize = 24, sourceId?: string) =>
  (await readAll("trailers", { sandbox: { revision, fleetSize }, ...(sourceId ? { sourceId } : {}) })).items;
const locationsAt = async (revision: number, fleetSize = 24) =>
  (await readAll("latestTrailerLocations", { sandbox: { revision, fleetSize } })).items;

describe("the fleet's trailers", () => {
  it("are the same for the same account, trailers and locations, and differ for another", async () => {
    expect(await trailersAt(5)).toEqual(await trailersAt(5));
    expect(await locationsAt(5)).toEqual(await locationsAt(5));
    const other = await trailersAt(5, 24, "sbx-other-fleet");
    expect(other.map((trailer) => trailer.vin)).not.toEqual((await trailersAt(5)).map((trailer) => trailer.vin));
  });

  it("number one for every two vehicles, with valid unique VINs, real makes, plates and listed groups", async () => {
    const trailers = await trailersAt(0, 400);
    const groups = new Set((await readAll("groups", { sandbox: { revision: 0 } })).items.map((group) => group.id));
    expect(trailers).toHaveLength(200);
    expect(new Set(trailers.map((trailer) => trailer.vin)).size).toBe(200);
    expect(new Set(trailers.map((trailer) => trailer.make)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(trailers.map((trailer) => trailer.kind))).toEqual(new Set(["dry_van", "reefer", "flatbed"]));
    for (const trailer of trailers) {
      expect(trailer.id).toMatch(/^sbx-trl-\d{6}$/);
      expect(trailer.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(trailer.vin[8]).toBe(checkDigit(trailer.vin));
      const spec = TRAILER_MODELS.find((model) => model.make === trailer.make && model.model === trailer.model)!;
      expect(trailer.vin.slice(0, 3)).toBe(spec.wmi);
      expect(trailer).toMatchObject({ kind: spec.kind, lengthFeet: spec.lengthFeet });
      expect(trailer.modelYear).toBeLessThanOrEqual(new Date(trailer.createdAt).getUTCFullYear() + 1);
      expect(trailer.plate.region).toMatch(/^[A-Z]{2}$/);
      expect(trailer.trackerSerial).toMatch(/^TT4-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      expect(trailer.tagIds.length).toBeGreaterThan(0);
      for (const id of trailer.tagIds) expect(groups.has(id)).toBe(true);
    }
  });

  it("hitch about half of them, each to its own heavy truck listed in the fleet", async () => {
    const trailers = await trailersAt(0, 400);
    const vehicles = byId((await readAll("vehicles", { sandbox: { revision: 0, fleetSize: 400 } })).items);
    const hitched = trailers.filter((trailer) => trailer.vehicleId !== undefined);
    expect(hitched.length / trailers.length).toBeGreaterThan(0.3);
    expect(hitched.length / trailers.length).toBeLessThan(0.6);
    expect(new Set(hitched.map((trailer) => trailer.vehicleId)).size).toBe(hitched.length);
    for (const trailer of hitched) {
      const tractor = vehicles.get(trailer.vehicleId!)!;
      // Heavy trucks are the fleet's "Truck" units (catalog.ts's duty cycles).
      expect(tractor.displayName).toMatch(/^Truck \d{4}/);
      expect(trailer.tagIds[0]).toBe(tractor.tagIds[0]);
    }
  });

  it("are added, modified and deleted a few at a time, keeping their hitch", async () => {
    const first = byId(await trailersAt(0));
    let previous = first;
    const totals = { added: 0, deleted: 0, modified: 0 };
    for (let revision = 1; revision <= 24; revision++) {
      const current = byId(await trailersAt(revision));
      const asOf = CREATED_AT.getTime() + revision * HOUR;
      const added = [...current.keys()].filter((id) => !previous.has(id));
      const deleted = [...previous.keys()].filter((id) => !current.has(id));
      const modified = [...current.values()].filter(
        (trailer) => previous.has(trailer.id) && previous.get(trailer.id)!.updatedAt !== trailer.updatedAt,
      );
      expect(added.length + deleted.length + modified.length).toBeLessThanOrEqual(6);
      for (const trailer of modified) {
        expect(Date.parse(trailer.updatedAt)).toBeGreaterThan(asOf - HOUR);
        expect(Date.parse(trailer.updatedAt)).toBeLessThanOrEqual(asOf);
        expect(trailer).not.toEqual(previous.get(trailer.id));
        expect(trailer.vehicleId).toBe(previous.get(trailer.id)!.vehicleId);
      }
      for (const id of added) expect(Date.parse(current.get(id)!.createdAt)).toBeGreaterThan(asOf - HOUR);
      totals.added += added.length;
      totals.deleted += deleted.length;
      totals.modified += modified.length;
      previous = current;
    }
    expect(totals.added).toBeGreaterThan(5);
    expect(totals.deleted).toBeGreaterThan(5);
    expect(totals.modified).toBeGreaterThan(10);
  });
});

describe("trailer locations", () => {
  it("put a hitched trailer where its truck is now, revision after revision", async () => {
    for (const revision of [6, 11, 30]) {
      const trailers = byId(await trailersAt(revision));
      const vehicles = new Map(
        (await readAll("latestVehicleLocations", { sandbox: { revision } })).items.map((location) => [
          location.vehicleId,
          location,
        ]),
      );
      const hitched = (await locationsAt(revision)).filter((location) => location.vehicleId !== undefined);
      expect(hitched.length).toBeGreaterThan(0);
      for (const location of hitched) {
        expect(trailers.get(location.trailerId)!.vehicleId).toBe(location.vehicleId);
        const truck = vehicles.get(location.vehicleId!)!;
        expect(location).toMatchObject({
          time: truck.time,
          lat: truck.lat,
          lng: truck.lng,
          headingDegrees: truck.headingDegrees,
          speedMph: truck.speedMph,
          nearestCity: truck.nearestCity,
        });
      }
    }
  });

  it("leave a parked trailer in its spot of a lot, reporting every 4 hours", async () => {
    const cities = new Set([...WEST_CITIES, ...EAST_CITIES].map((city) => `${city.name}, ${city.state}`));
    const early = byId((await locationsAt(11)).map((location) => ({ ...location, id: location.trailerId })));
    const late = (await locationsAt(40)).filter((location) => location.vehicleId === undefined);
    const asOf = CREATED_AT.getTime() + 40 * HOUR;
    let stayed = 0;
    for (const location of late) {
      expect(location.speedMph).toBe(0);
      expect(cities.has(location.nearestCity!)).toBe(true);
      expect(Date.parse(location.time)).toBeLessThanOrEqual(asOf);
      expect(Date.parse(location.time)).toBeGreaterThan(asOf - 4 * HOUR);
      const before = early.get(location.trailerId);
      if (before) {
        stayed++;
        expect([before.lat, before.lng]).toEqual([location.lat, location.lng]);
      }
    }
    expect(stayed).toBeGreaterThan(0);
  });

  it("list one location per listed trailer", async () => {
    const trailers = await trailersAt(9);
    expect((await locationsAt(9)).map((location) => location.trailerId)).toEqual(trailers.map((trailer) => trailer.id));
  });
});

describe("mapping", () => {
  const TRAILER = {
    id: "sbx-trl-000004",
    name: "Reefer T0005 · Pool",
    vin: "1UYVS2538DU123456",
    trackerSerial: "TT4-AB12-CD34",
    make: "Utility",
    model: "3000R",
    modelYear: 2019,
    kind: "reefer",
    lengthFeet: 53,
    plate: { region: "ME", number: "123A456" },
    tagIds: ["sbx-tag-0003", "sbx-tag-0007"],
    vehicleId: "sbx-veh-000008",
    active: true,
    createdAt: "2021-04-02T10:00:00.000Z",
    updatedAt: "2026-01-10T09:12:00.000Z",
  };
  const LOCATION = {
    trailerId: "sbx-trl-000004",
    vehicleId: "sbx-veh-000008",
    time: "2026-01-10T09:10:30.000Z",
    lat: 39.12345,
    lng: -104.54321,
    headingDegrees: 182,
    speedMph: 61.25,
    nearestCity: "Denver, CO",
  };

  it("maps a trailer field by field, the tracker's serial as its serial number", () => {
    expect(sandboxAdapter.normalize("trailers", TRAILER)).toEqual({
      sourceId: "sbx-trl-000004",
      status: "active",
      name: "Reefer T0005 · Pool",
      vin: "1UYVS2538DU123456",
      serialNumber: "TT4-AB12-CD34",
      make: "Utility",
      model: "3000R",
      year: 2019,
      licensePlate: { state: "ME", number: "123A456" },
      groupSourceIds: ["sbx-tag-0003", "sbx-tag-0007"],
      vehicleSourceId: "sbx-veh-000008",
      createdAt: "2021-04-02T10:00:00.000Z",
      updatedAt: "2026-01-10T09:12:00.000Z",
    });
    const { vehicleId: _parked, ...parked } = { ...TRAILER, active: false };
    expect(sandboxAdapter.normalize("trailers", parked)).toMatchObject({ status: "inactive" });
    expect(sandboxAdapter.normalize("trailers", parked)).not.toHaveProperty("vehicleSourceId");
  });

  it("maps a location with its speed in km/h", () => {
    expect(sandboxAdapter.normalize("latestTrailerLocations", LOCATION)).toEqual({
      trailerSourceId: "sbx-trl-000004",
      locatedAt: "2026-01-10T09:10:30.000Z",
      location: { latitude: 39.12345, longitude: -104.54321 },
      address: "Denver, CO",
      heading: 182,
      speed: Math.round(61.25 * KM_PER_MILE * 100) / 100,
    });
  });

  it("rejects payloads that are not the sandbox's shapes", async () => {
    const malformed = (model: "trailers" | "latestTrailerLocations", payload: unknown) =>
      providerError(
        Promise.resolve().then(() => sandboxAdapter.normalize(model, payload)),
        "malformed",
      );
    await malformed("trailers", { ...TRAILER, vin: "SHORT" });
    await malformed("trailers", { ...TRAILER, kind: "tanker" });
    await malformed("latestTrailerLocations", { ...LOCATION, lat: 123 });
  });
});
