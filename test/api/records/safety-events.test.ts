import { describe, expect, it } from "vitest";
import type { SafetyEventRow } from "../../../src/families/safety-events/table";
import { newId } from "../../../src/lib/ids";
import {
  detailAt,
  expectBadRequest,
  expectError,
  expectRequestId,
  flipMiddleCharacter,
  idRegex,
  walkPages,
} from "../../helpers/api-assertions";
import {
  addConnection,
  createRecordsContext,
  insertDriver,
  insertGroup,
  insertMany,
  insertSafetyEvent,
  insertVehicle,
  type RecordsContext,
  rawEntry,
} from "../../helpers/records-factories";

const ids = (result: { body: { results: { id: string }[] } }) => result.body.results.map((record) => record.id);
const sortedIds = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
const withCursor = (path: string, cursor: string | undefined) =>
  cursor === undefined ? path : `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;

async function insertFullEvent(context: RecordsContext, extra: Partial<SafetyEventRow> = {}) {
  const driver = await insertDriver(context.owner, { firstName: "Ada" });
  const vehicle = await insertVehicle(context.owner, { name: "Truck 9" });
  const event = await insertSafetyEvent(context.owner, {
    type: "speeding",
    driverId: driver.id,
    vehicleId: vehicle.id,
    startLocation: { latitude: 38.581572, longitude: -121.4944 },
    endLocation: { latitude: 38.59, longitude: -121.51234 },
    startedAt: new Date("2026-01-05T12:00:00.000Z"),
    endedAt: new Date("2026-01-05T12:00:42.000Z"),
    stats: {
      maximumSpeed: 112.3456,
      averageSpeed: 101.004,
      roadSpeedLimit: 88,
      gForceForwardBackward: -0.41666,
      gForceSideToSide: 0.051,
      heading: 271.499,
    },
    cameraMedia: {
      frontFacing: { sourceId: "media-front-1", available: true },
      rearFacing: { sourceId: "media-rear-1", available: false },
    },
    addedAt: new Date("2026-01-05T13:00:00.000Z"),
    modifiedAt: new Date("2026-01-05T14:00:00.000Z"),
    raw: rawEntry("safety/events", { id: "e-1" }),
    ...extra,
  });
  return { event, driver, vehicle };
}

describe("GET /safety/events: shape", () => {
  it("answers the safety event shape of wire-compat; measurements rounded to 2 decimals, coordinates as synced", async () => {
    const context = await createRecordsContext();
    const { event, driver, vehicle } = await insertFullEvent(context);
    const result = await context.get("/safety/events");
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expectRequestId(result);
    expect(result.body).toEqual({
      results: [
        {
          id: event.id,
          sourceId: event.sourceId,
          provider: "sandbox",
          type: "speeding",
          driver: driver.id,
          vehicle: vehicle.id,
          startLocation: { latitude: 38.581572, longitude: -121.4944 },
          endLocation: { latitude: 38.59, longitude: -121.51234 },
          startedAt: "2026-01-05T12:00:00.000Z",
          endedAt: "2026-01-05T12:00:42.000Z",
          stats: {
            maximumSpeed: 112.35,
            averageSpeed: 101,
            roadSpeedLimit: 88,
            gForceForwardBackward: -0.42,
            gForceSideToSide: 0.05,
            heading: 271.5,
          },
          cameraMedia: {
            frontFacing: { sourceId: "media-front-1", available: true },
            rearFacing: { sourceId: "media-rear-1", available: false },
          },
          metadata: {
            addedAt: "2026-01-05T13:00:00.000Z",
            modifiedAt: "2026-01-05T14:00:00.000Z",
            visibility: "visible",
          },
        },
      ],
    });
    expect(event.id).toMatch(idRegex("sft_evt_"));
  });

  it("omits absent optional fields; cameraMedia is always an object", async () => {
    const context = await createRecordsContext();
    const event = await insertSafetyEvent(context.owner);
    const [listed] = (await context.get("/safety/events")).body.results;
    expect(listed).toEqual({
      id: event.id,
      sourceId: event.sourceId,
      provider: "sandbox",
      type: "harsh_brake",
      startedAt: "2026-01-05T12:00:00.000Z",
      cameraMedia: {},
      metadata: {
        addedAt: event.addedAt.toISOString(),
        modifiedAt: event.modifiedAt.toISOString(),
        visibility: "visible",
      },
    });
  });
});

describe("GET /safety/events: filters", () => {
  it("startedAfter is inclusive and startedBefore exclusive", async () => {
    const context = await createRecordsContext();
    const at = (iso: string) => insertSafetyEvent(context.owner, { startedAt: new Date(iso) });
    const early = await at("2026-01-01T00:00:00.000Z");
    const middle = await at("2026-01-02T00:00:00.000Z");
    const late = await at("2026-01-03T00:00:00.000Z");
    expect(ids(await context.get("/safety/events?startedAfter=2026-01-02T00:00:00.000Z"))).toEqual(
      sortedIds([middle, late]),
    );
    expect(ids(await context.get("/safety/events?startedBefore=2026-01-02T00:00:00.000Z"))).toEqual([early.id]);
    expect(
      ids(
        await context.get(
          "/safety/events?startedAfter=2026-01-01T00:00:00.000Z&startedBefore=2026-01-03T00:00:00.000Z",
        ),
      ),
    ).toEqual(sortedIds([early, middle]));
    detailAt(
      expectBadRequest(await context.get("/safety/events?startedAfter=2026-01-01")),
      "{requestQuery}.startedAfter",
    );
    detailAt(expectBadRequest(await context.get("/safety/events?startedBefore=soon")), "{requestQuery}.startedBefore");
  });

  it("modifiedAfter is inclusive and modifiedBefore exclusive", async () => {
    const context = await createRecordsContext();
    const early = await insertSafetyEvent(context.owner, { modifiedAt: new Date("2026-01-01T00:00:00.000Z") });
    const late = await insertSafetyEvent(context.owner, { modifiedAt: new Date("2026-01-02T00:00:00.000Z") });
    expect(ids(await context.get("/safety/events?modifiedAfter=2026-01-02T00:00:00.000Z"))).toEqual([late.id]);
    expect(ids(await context.get("/safety/events?modifiedBefore=2026-01-02T00:00:00.000Z"))).toEqual([early.id]);
  });

  it("driverIds and vehicleIds keep the events of those drivers and vehicles; both together intersect", async () => {
    const context = await createRecordsContext();
    const [d1, d2] = await insertMany(2, () => insertDriver(context.owner));
    const [v1, v2] = await insertMany(2, () => insertVehicle(context.owner));
    const e11 = await insertSafetyEvent(context.owner, { driverId: d1?.id, vehicleId: v1?.id });
    const e12 = await insertSafetyEvent(context.owner, { driverId: d1?.id, vehicleId: v2?.id });
    const e21 = await insertSafetyEvent(context.owner, { driverId: d2?.id, vehicleId: v1?.id });
    const none = await insertSafetyEvent(context.owner);
    expect(ids(await context.get(`/safety/events?driverIds=${d1?.id}`))).toEqual(sortedIds([e11, e12]));
    expect(ids(await context.get(`/safety/events?vehicleIds=${v1?.id}`))).toEqual(sortedIds([e11, e21]));
    expect(ids(await context.get(`/safety/events?driverIds=${encodeURIComponent(`${d1?.id} , ${d2?.id}`)}`))).toEqual(
      sortedIds([e11, e12, e21]),
    );
    expect(ids(await context.get(`/safety/events?driverIds=${d1?.id}&vehicleIds=${v1?.id}`))).toEqual([e11.id]);
    expect(ids(await context.get("/safety/events"))).toEqual(sortedIds([e11, e12, e21, none]));
  });

  it("takes 50 ids and refuses 51, and refuses ids of the wrong kind", async () => {
    const context = await createRecordsContext();
    const fifty = (kind: "driver" | "vehicle") => Array.from({ length: 50 }, () => newId(kind));
    for (const [name, kind] of [
      ["driverIds", "driver"],
      ["vehicleIds", "vehicle"],
    ] as const) {
      const ok = await context.get(`/safety/events?${name}=${fifty(kind).join(",")}`);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const tooMany = await context.get(`/safety/events?${name}=${[...fifty(kind), newId(kind)].join(",")}`);
      detailAt(expectBadRequest(tooMany), `{requestQuery}.${name}`);
      const wrongKind = await context.get(`/safety/events?${name}=${newId(kind === "driver" ? "vehicle" : "driver")}`);
      detailAt(expectBadRequest(wrongKind), `{requestQuery}.${name}`);
    }
  });

  it("lists only visible events; hidden and deleted ones stay readable by id", async () => {
    const context = await createRecordsContext();
    const visible = await insertSafetyEvent(context.owner);
    const hidden = await insertSafetyEvent(context.owner, { visibility: "hidden_by_exclude_list" });
    const deleted = await insertSafetyEvent(context.owner, { visibility: "deleted", deletedAt: new Date() });
    expect(ids(await context.get("/safety/events"))).toEqual([visible.id]);
    expect((await context.get(`/safety/events/${hidden.id}`)).body.metadata.visibility).toBe("hidden_by_exclude_list");
    expect((await context.get(`/safety/events/${deleted.id}`)).body.metadata.visibility).toBe("deleted");
  });
});

describe("GET /safety/events: expand and raw", () => {
  it.each([
    ["vehicle", ["vehicle"]],
    ["driver", ["driver"]],
    ["vehicle,driver", ["vehicle", "driver"]],
    ["driver,vehicle", ["vehicle", "driver"]],
  ])("expand=%s", async (expand, expanded) => {
    const context = await createRecordsContext();
    const group = await insertGroup(context.owner);
    const { driver, vehicle } = await insertFullEvent(context);
    await insertDriver(context.owner, { groupIds: [group.id] });
    const [event] = (await context.get(`/safety/events?expand=${expand}`)).body.results;
    if (expanded.includes("vehicle")) {
      expect(event.vehicle).toEqual({
        id: vehicle.id,
        sourceId: vehicle.sourceId,
        provider: "sandbox",
        status: "active",
        name: "Truck 9",
        metadata: {
          addedAt: vehicle.addedAt.toISOString(),
          modifiedAt: vehicle.modifiedAt.toISOString(),
          visibility: "visible",
        },
        groups: [],
        devices: [],
      });
    } else {
      expect(event.vehicle).toBe(vehicle.id);
    }
    if (expanded.includes("driver")) {
      expect(event.driver).toEqual({
        id: driver.id,
        sourceId: driver.sourceId,
        provider: "sandbox",
        status: "active",
        firstName: "Ada",
        metadata: {
          addedAt: driver.addedAt.toISOString(),
          modifiedAt: driver.modifiedAt.toISOString(),
          visibility: "visible",
        },
        groups: [],
      });
    } else {
      expect(event.driver).toBe(driver.id);
    }
  });

  it("references outside the connection stay ids", async () => {
    const context = await createRecordsContext();
    const other = await addConnection(context);
    const driver = await insertDriver(other.owner);
    const vehicle = await insertVehicle(other.owner);
    await insertSafetyEvent(context.owner, { driverId: driver.id, vehicleId: vehicle.id });
    const [event] = (await context.get("/safety/events?expand=vehicle,driver")).body.results;
    expect(event.driver).toBe(driver.id);
    expect(event.vehicle).toBe(vehicle.id);
  });

  it.each(["vehicles", "driver,driver", "groups", "vehicle, driver"])("refuses expand=%s", async (expand) => {
    const context = await createRecordsContext();
    const result = await context.get(`/safety/events?expand=${encodeURIComponent(expand)}`);
    detailAt(expectBadRequest(result), "{requestQuery}.expand");
  });

  it("raw=true adds the raw entries", async () => {
    const context = await createRecordsContext();
    const { event } = await insertFullEvent(context);
    expect((await context.get("/safety/events?raw=true")).body.results[0].raw).toEqual([event.raw]);
    expect((await context.get("/safety/events")).body.results[0]).not.toHaveProperty("raw");
  });
});

describe("GET /safety/events: pagination", () => {
  it("walks every event exactly once; cursors are bound to their filters", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner);
    const rows = await insertMany(5, () => insertSafetyEvent(context.owner, { vehicleId: vehicle.id }));
    const { pages, all } = await walkPages<{ id: string }>((cursor) =>
      context.get(withCursor("/safety/events?limit=2", cursor)),
    );
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(all.map((event) => event.id)).toEqual(sortedIds(rows));
    const { next } = (await context.get("/safety/events?limit=2")).body;
    for (const path of [
      withCursor("/safety/events?limit=2", flipMiddleCharacter(next)),
      withCursor(`/safety/events?limit=2&vehicleIds=${vehicle.id}`, next),
      withCursor(`/safety/events?limit=2&driverIds=${newId("driver")}`, next),
      withCursor("/safety/events?limit=2&startedAfter=2020-01-01T00:00:00Z", next),
      withCursor("/safety/events?limit=2&startedBefore=2100-01-01T00:00:00Z", next),
      withCursor("/safety/events?limit=2&modifiedAfter=2020-01-01T00:00:00Z", next),
    ]) {
      detailAt(expectBadRequest(await context.get(path)), "{requestQuery}.cursor");
    }
  });

  it("lists only the caller's connection's events", async () => {
    const context = await createRecordsContext();
    const mine = await insertSafetyEvent(context.owner);
    const stranger = await createRecordsContext();
    await insertSafetyEvent(stranger.owner);
    expect(ids(await context.get("/safety/events"))).toEqual([mine.id]);
  });
});

describe("GET /safety/events/{id}", () => {
  it("answers the event in the shape of the list, with raw and expand", async () => {
    const context = await createRecordsContext();
    const { event, driver, vehicle } = await insertFullEvent(context);
    const single = await context.get(`/safety/events/${event.id}`);
    expect(single.status).toBe(200);
    expect(single.body).toEqual((await context.get("/safety/events")).body.results[0]);
    const full = await context.get(`/safety/events/${event.id}?raw=true&expand=driver,vehicle`);
    expect(full.body.raw).toEqual([event.raw]);
    expect(full.body.driver).toEqual(expect.objectContaining({ id: driver.id }));
    expect(full.body.vehicle).toEqual(expect.objectContaining({ id: vehicle.id }));
    detailAt(expectBadRequest(await context.get(`/safety/events/${event.id}?expand=groups`)), "{requestQuery}.expand");
  });

  it("an unknown id, or another connection's event, is not_found", async () => {
    const context = await createRecordsContext();
    const stranger = await createRecordsContext();
    const theirs = await insertSafetyEvent(stranger.owner);
    expectError(await context.get(`/safety/events/${newId("safetyEvent")}`), 404, "not_found");
    expectError(await context.get(`/safety/events/${theirs.id}`), 404, "not_found");
  });

  it("a malformed id is a bad_request at {requestPath}.id", async () => {
    const context = await createRecordsContext();
    detailAt(expectBadRequest(await context.get(`/safety/events/${newId("vehicle")}`)), "{requestPath}.id");
  });
});
