/**
 * GET /trips over trips written directly into the connection's shard: the wire shape (km, ms,
 * locations, EntityMetadata), start order, every filter of data-families.md with its bounds,
 * at most 50 ids, expand, raw, keyset paging, and no trips of another connection.
 */
import { describe, expect, it } from "vitest";
import { expectBadRequest, idRegex, walkPages } from "../../helpers/api-assertions";
import {
  addConnection,
  createRecordsContext,
  insertDriver,
  insertTrip,
  insertVehicle,
  rawEntry,
} from "../../helpers/records-factories";

const at = (iso: string) => new Date(iso);
const startsOf = (result: { body: { results: { startedAt: string }[] } }) =>
  result.body.results.map((trip) => trip.startedAt);

describe("GET /trips", () => {
  it("answers the wire shape: km, ms, locations and EntityMetadata", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner, { name: "Van 3" });
    const driver = await insertDriver(context.owner, { firstName: "Ada" });
    const trip = await insertTrip(context.owner, vehicle, {
      driverId: driver.id,
      sourceId: "trip-1",
      distance: 42.16789,
      startedAt: at("2026-01-05T09:00:00.000Z"),
      endedAt: at("2026-01-05T09:52:30.000Z"),
      addedAt: at("2026-01-05T10:00:00.000Z"),
      modifiedAt: at("2026-01-05T11:00:00.000Z"),
      raw: rawEntry("trips", { id: "t-1" }),
    });
    const result = await context.get("/trips");
    expect(result.status).toBe(200);
    expect(result.body.results).toEqual([
      {
        id: trip.id,
        sourceId: "trip-1",
        provider: "sandbox",
        vehicle: vehicle.id,
        driver: driver.id,
        startLocation: { latitude: 39.7392, longitude: -104.9903 },
        endLocation: { latitude: 39.9, longitude: -105.1 },
        distance: 42.17,
        duration: 52.5 * 60_000,
        startedAt: "2026-01-05T09:00:00.000Z",
        endedAt: "2026-01-05T09:52:30.000Z",
        metadata: { addedAt: "2026-01-05T10:00:00.000Z", modifiedAt: "2026-01-05T11:00:00.000Z" },
      },
    ]);
    expect(trip.id).toMatch(idRegex("trp_"));
    const raw = await context.get("/trips?raw=true");
    expect(raw.body.results[0].raw).toEqual([rawEntry("trips", { id: "t-1" })]);
  });

  it("lists trips in start order and filters by start, end and modification time", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner);
    const starts = ["2026-01-07T10:00:00.000Z", "2026-01-05T09:00:00.000Z", "2026-01-06T23:50:00.000Z"];
    for (const start of starts) {
      await insertTrip(context.owner, vehicle, {
        startedAt: at(start),
        endedAt: at(start),
        modifiedAt: at("2026-01-10T00:00:00.000Z"),
      });
    }
    // A trip that ends long after it starts: only the end filters tell it apart.
    await insertTrip(context.owner, vehicle, {
      startedAt: at("2026-01-04T22:00:00.000Z"),
      endedAt: at("2026-01-05T03:00:00.000Z"),
      modifiedAt: at("2026-02-01T00:00:00.000Z"),
    });
    expect(startsOf(await context.get("/trips"))).toEqual([
      "2026-01-04T22:00:00.000Z",
      "2026-01-05T09:00:00.000Z",
      "2026-01-06T23:50:00.000Z",
      "2026-01-07T10:00:00.000Z",
    ]);
    const window = await context.get(
      "/trips?startedAfter=2026-01-05T09:00:00.000Z&startedBefore=2026-01-07T10:00:00.000Z",
    );
    expect(startsOf(window)).toEqual(["2026-01-05T09:00:00.000Z", "2026-01-06T23:50:00.000Z"]);
    const ended = await context.get("/trips?endedAfter=2026-01-05T01:00:00.000Z&endedBefore=2026-01-06T00:00:00.000Z");
    expect(startsOf(ended)).toEqual(["2026-01-04T22:00:00.000Z", "2026-01-05T09:00:00.000Z"]);
    const modified = await context.get("/trips?modifiedAfter=2026-01-31T00:00:00.000Z");
    expect(startsOf(modified)).toEqual(["2026-01-04T22:00:00.000Z"]);
    const before = await context.get("/trips?modifiedBefore=2026-01-31T00:00:00.000Z");
    expect(startsOf(before)).toHaveLength(3);
  });

  it("filters by vehicles and drivers, at most 50 ids each, and expands both", async () => {
    const context = await createRecordsContext();
    const [first, second] = [await insertVehicle(context.owner), await insertVehicle(context.owner)];
    const driver = await insertDriver(context.owner, { firstName: "Grace" });
    const mine = await insertTrip(context.owner, first, { driverId: driver.id });
    await insertTrip(context.owner, second);
    const byVehicle = await context.get(`/trips?vehicleIds=${first.id}`);
    expect(byVehicle.body.results.map((trip: { id: string }) => trip.id)).toEqual([mine.id]);
    const byDriver = await context.get(`/trips?driverIds=${driver.id}`);
    expect(byDriver.body.results.map((trip: { id: string }) => trip.id)).toEqual([mine.id]);
    const expanded = await context.get(`/trips?vehicleIds=${first.id}&expand=driver,vehicle`);
    expect(expanded.body.results[0].vehicle).toMatchObject({ id: first.id });
    expect(expanded.body.results[0].driver).toMatchObject({ id: driver.id, firstName: "Grace" });
    const tooMany = Array.from({ length: 51 }, (_, index) =>
      `vcl_01HZX5G1Q4V2M8T6W9K3R7N${String(index).padStart(3, "0")}`.slice(0, 30),
    );
    expectBadRequest(await context.get(`/trips?vehicleIds=${tooMany.join(",")}`));
    expectBadRequest(await context.get("/trips?startedAfter=yesterday"));
    expectBadRequest(await context.get("/trips?expand=trailer"));
  });

  it("pages by key through many trips, and never shows another connection's", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner);
    const base = Date.parse("2026-01-01T00:00:00.000Z");
    for (let index = 0; index < 23; index++) {
      await insertTrip(context.owner, vehicle, { startedAt: new Date(base + index * 3_600_000 * 7) });
    }
    const other = await addConnection(context);
    await insertTrip(other.owner, await insertVehicle(other.owner));
    const { all, pages } = await walkPages<{ startedAt: string }>(
      (cursor) => context.get(`/trips?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
      { pageSize: 5 },
    );
    expect(pages).toHaveLength(5);
    expect(all.map((trip) => trip.startedAt)).toEqual(
      Array.from({ length: 23 }, (_, index) => new Date(base + index * 3_600_000 * 7).toISOString()),
    );
  });
});
