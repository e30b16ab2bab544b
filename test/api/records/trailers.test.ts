/**
 * GET /trailers and GET /trailers/locations over records written straight into the
 * connection's shard: the wire shapes of data-families.md "Trailers", expand, raw, paging, the
 * hitched vehicle's visibility applying to its trailer, deleted trailers, and the fixed path
 * `/trailers/locations` never taken for anything else.
 */
import { describe, expect, it } from "vitest";
import { detailAt, expectBadRequest, idRegex, walkPages } from "../../helpers/api-assertions";
import { insertTrailer, insertTrailerLocation } from "../../helpers/asset-factories";
import { addConnection, createRecordsContext, insertGroup, insertVehicle } from "../../helpers/records-factories";

describe("GET /trailers", () => {
  it("answers the wire shape, with the source's times and the hitched vehicle", async () => {
    const context = await createRecordsContext();
    const group = await insertGroup(context.owner, { name: "West" });
    const vehicle = await insertVehicle(context.owner);
    const trailer = await insertTrailer(context.owner, {
      sourceId: "494123",
      name: "Trailer 53-0112",
      vin: "1JJV532D8KL123456",
      serialNumber: "TS100001",
      make: "Wabash",
      model: "DuraPlate",
      year: 2019,
      licensePlate: { state: "TX", number: "TRL1122" },
      groupIds: [group.id],
      vehicleId: vehicle.id,
      sourceCreatedAt: new Date("2025-03-01T00:00:00.000Z"),
      sourceUpdatedAt: new Date("2025-04-01T00:00:00.000Z"),
    });
    const result = await context.get("/trailers");
    expect(result.status).toBe(200);
    expect(trailer.id).toMatch(idRegex("trl_"));
    expect(result.body.results).toEqual([
      {
        id: trailer.id,
        sourceId: "494123",
        provider: "sandbox",
        status: "active",
        name: "Trailer 53-0112",
        vin: "1JJV532D8KL123456",
        serialNumber: "TS100001",
        make: "Wabash",
        model: "DuraPlate",
        year: 2019,
        licensePlate: { state: "TX", number: "TRL1122" },
        groups: [group.id],
        vehicle: vehicle.id,
        createdAt: "2025-03-01T00:00:00.000Z",
        updatedAt: "2025-04-01T00:00:00.000Z",
        metadata: expect.objectContaining({ addedAt: "2026-01-05T10:00:00.000Z", visibility: "visible" }),
      },
    ]);
    const expanded = await context.get("/trailers?expand=groups&raw=true");
    expect(expanded.body.results[0].groups).toEqual([expect.objectContaining({ id: group.id, name: "West" })]);
    expect(expanded.body.results[0].raw).toEqual([expect.objectContaining({ schema: "fleet/trailers" })]);
  });

  it("leaves out a trailer hitched to a vehicle the connection's filters hide, and deleted ones unless asked", async () => {
    const context = await createRecordsContext();
    const hidden = await insertVehicle(context.owner, { visibility: "hidden_by_exclude_list" });
    const shown = await insertVehicle(context.owner);
    const parked = await insertTrailer(context.owner);
    const withShown = await insertTrailer(context.owner, { vehicleId: shown.id });
    await insertTrailer(context.owner, { vehicleId: hidden.id });
    const deleted = await insertTrailer(context.owner, { visibility: "deleted", deletedAt: new Date() });
    const ids = async (path: string) =>
      ((await context.get(path)).body.results as { id: string }[]).map((trailer) => trailer.id).sort();
    expect(await ids("/trailers")).toEqual([parked.id, withShown.id].sort());
    expect(await ids("/trailers?deleted=true")).toEqual([parked.id, withShown.id, deleted.id].sort());
  });

  it("pages in a stable order, sees only its connection's trailers, and refuses an unknown expand", async () => {
    const context = await createRecordsContext();
    const mine = await Promise.all(Array.from({ length: 5 }, () => insertTrailer(context.owner)));
    const other = await addConnection(context);
    await insertTrailer(other.owner);
    const { all, pages } = await walkPages<{ id: string }>(
      (cursor) => context.get(`/trailers?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
      { pageSize: 2 },
    );
    expect(pages).toHaveLength(3);
    expect(all.map((trailer) => trailer.id)).toEqual(mine.map((trailer) => trailer.id).sort());
    detailAt(expectBadRequest(await context.get("/trailers?expand=vehicle")), "{requestQuery}.expand");
  });
});

describe("GET /trailers/locations", () => {
  it("answers where each listed trailer is, with expand=trailer, in trailer id order", async () => {
    const context = await createRecordsContext();
    const hiddenVehicle = await insertVehicle(context.owner, { visibility: "hidden_by_status" });
    const first = await insertTrailer(context.owner, { name: "T-1" });
    const second = await insertTrailer(context.owner, { name: "T-2" });
    const hitchedHidden = await insertTrailer(context.owner, { vehicleId: hiddenVehicle.id });
    await insertTrailerLocation(context.owner, first, {
      heading: 181.256,
      speed: 88.514,
      address: "I-10 W, Phoenix, AZ",
    });
    await insertTrailerLocation(context.owner, second);
    await insertTrailerLocation(context.owner, hitchedHidden);
    const result = await context.get("/trailers/locations");
    expect(result.status).toBe(200);
    const byTrailer = new Map(result.body.results.map((row: { trailer: string }) => [row.trailer, row]));
    expect([...byTrailer.keys()]).toEqual([first.id, second.id].sort());
    expect(byTrailer.get(first.id)).toEqual({
      provider: "sandbox",
      trailer: first.id,
      locatedAt: "2026-01-05T09:30:00.000Z",
      location: { latitude: 34.05223, longitude: -118.24368 },
      address: { formatted: "I-10 W, Phoenix, AZ" },
      heading: 181.26,
      speed: 88.51,
    });
    const expanded = await context.get("/trailers/locations?expand=trailer");
    expect(expanded.body.results.map((row: { trailer: { name: string } }) => row.trailer.name).sort()).toEqual([
      "T-1",
      "T-2",
    ]);
  });

  it("is its own route: a query it does not take is refused, not read as a trailer id", async () => {
    const context = await createRecordsContext();
    detailAt(expectBadRequest(await context.get("/trailers/locations?expand=groups")), "{requestQuery}.expand");
    // Any other segment is read as a trailer id (GET /trailers/{id}), and this one is not one.
    detailAt(expectBadRequest(await context.get("/trailers/nowhere")), "{requestPath}.id");
  });
});
