import { describe, expect, it } from "vitest";
import type { VehicleRow } from "../../../src/families/vehicles/table";
import { newId } from "../../../src/lib/ids";
import {
  CURSOR_REGEX,
  detailAt,
  expectBadRequest,
  expectError,
  expectRequestId,
  flipMiddleCharacter,
  ISO_DATE_TIME,
  idRegex,
  walkPages,
} from "../../helpers/api-assertions";
import { createTestApplication, insertConnection } from "../../helpers/factories";
import { BASE, call } from "../../helpers/http";
import {
  addConnection,
  createRecordsContext,
  insertDevice,
  insertDriver,
  insertGroup,
  insertMany,
  insertVehicle,
  ownerOf,
  type RecordsContext,
  rawEntry,
} from "../../helpers/records-factories";

const ids = (result: { body: { results: { id: string }[] } }) => result.body.results.map((record) => record.id);
const sortedIds = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

/** A vehicle with every optional field set, including numbers that need rounding. */
async function insertFullVehicle(context: RecordsContext, extra: Partial<VehicleRow> = {}) {
  const group = await insertGroup(context.owner, { name: "West", description: "West region" });
  const device = await insertDevice(context.owner, { type: "camera", serialNumber: "SN-1" });
  const vehicle = await insertVehicle(context.owner, {
    status: "inactive",
    name: "Truck 12",
    vin: "1FUJGLDR5CLBP8834",
    make: "Freightliner",
    model: "Cascadia",
    year: 2021,
    licensePlate: { state: "CA", number: "8ABC123" },
    fuelType: "diesel",
    fuelEfficiency: 32.45678,
    fuelTankCapacity: 454.999,
    groupIds: [group.id],
    deviceIds: [device.id],
    sourceCreatedAt: new Date("2024-03-01T10:00:00.000Z"),
    sourceUpdatedAt: new Date("2025-11-20T08:30:00.000Z"),
    addedAt: new Date("2026-01-01T00:00:00.000Z"),
    modifiedAt: new Date("2026-01-02T00:00:00.000Z"),
    raw: rawEntry("fleet/vehicles", { id: "281474977", name: "Truck 12" }),
    ...extra,
  });
  return { vehicle, group, device };
}

function expectedFullVehicle(vehicle: VehicleRow) {
  return {
    id: vehicle.id,
    sourceId: vehicle.sourceId,
    provider: "sandbox",
    status: "inactive",
    metadata: { addedAt: "2026-01-01T00:00:00.000Z", modifiedAt: "2026-01-02T00:00:00.000Z", visibility: "visible" },
    vin: "1FUJGLDR5CLBP8834",
    name: "Truck 12",
    make: "Freightliner",
    model: "Cascadia",
    year: 2021,
    groups: vehicle.groupIds,
    devices: vehicle.deviceIds,
    licensePlate: { state: "CA", number: "8ABC123" },
    fuelType: "diesel",
    fuelEfficiency: 32.46,
    fuelTankCapacity: 455,
    createdAt: "2024-03-01T10:00:00.000Z",
    updatedAt: "2025-11-20T08:30:00.000Z",
  };
}

describe("GET /vehicles: shape", () => {
  it("answers every field of contract 2.4, numbers rounded to 2 decimals, provider timestamps as createdAt/updatedAt", async () => {
    const context = await createRecordsContext();
    const { vehicle } = await insertFullVehicle(context);
    const result = await context.get("/vehicles");
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expectRequestId(result);
    expect(result.body).toEqual({ results: [expectedFullVehicle(vehicle)] });
  });

  it("omits absent optional fields (never null), and answers empty reference lists", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner);
    const result = await context.get("/vehicles");
    const [listed] = result.body.results;
    expect(Object.keys(listed).sort()).toEqual(
      ["id", "sourceId", "provider", "status", "metadata", "groups", "devices"].sort(),
    );
    expect(listed).toEqual({
      id: vehicle.id,
      sourceId: vehicle.sourceId,
      provider: "sandbox",
      status: "active",
      metadata: {
        addedAt: vehicle.addedAt.toISOString(),
        modifiedAt: vehicle.modifiedAt.toISOString(),
        visibility: "visible",
      },
      groups: [],
      devices: [],
    });
    expect(listed.id).toMatch(idRegex("vcl_"));
    expect(listed.metadata.addedAt).toMatch(ISO_DATE_TIME);
    expect(listed).not.toHaveProperty("raw");
  });

  it("answers an empty last page when the connection has no vehicles", async () => {
    const context = await createRecordsContext();
    const result = await context.get("/vehicles");
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ results: [] });
  });
});

describe("GET /vehicles: visibility", () => {
  async function insertEveryVisibility(context: RecordsContext) {
    const deletedAt = new Date("2026-01-03T00:00:00.000Z");
    return {
      visible: await insertVehicle(context.owner),
      excluded: await insertVehicle(context.owner, { visibility: "hidden_by_exclude_list" }),
      notIncluded: await insertVehicle(context.owner, { visibility: "hidden_by_include_list" }),
      byStatus: await insertVehicle(context.owner, { visibility: "hidden_by_status", status: "inactive" }),
      deleted: await insertVehicle(context.owner, { visibility: "deleted", deletedAt }),
    };
  }

  it("lists only visible vehicles by default and with hidden=false&deleted=false", async () => {
    const context = await createRecordsContext();
    const rows = await insertEveryVisibility(context);
    expect(ids(await context.get("/vehicles"))).toEqual([rows.visible.id]);
    expect(ids(await context.get("/vehicles?hidden=false&deleted=false"))).toEqual([rows.visible.id]);
  });

  it("hidden=true adds the vehicles hidden by the connection's filters, with their visibility", async () => {
    const context = await createRecordsContext();
    const rows = await insertEveryVisibility(context);
    const result = await context.get("/vehicles?hidden=true");
    expect(ids(result)).toEqual(sortedIds([rows.visible, rows.excluded, rows.notIncluded, rows.byStatus]));
    const visibility = Object.fromEntries(
      result.body.results.map((vehicle: any) => [vehicle.id, vehicle.metadata.visibility]),
    );
    expect(visibility).toEqual({
      [rows.visible.id]: "visible",
      [rows.excluded.id]: "hidden_by_exclude_list",
      [rows.notIncluded.id]: "hidden_by_include_list",
      [rows.byStatus.id]: "hidden_by_status",
    });
  });

  it("deleted=true adds the deleted vehicles, with metadata.deletedAt", async () => {
    const context = await createRecordsContext();
    const rows = await insertEveryVisibility(context);
    const result = await context.get("/vehicles?deleted=true");
    expect(ids(result)).toEqual(sortedIds([rows.visible, rows.deleted]));
    const deleted = result.body.results.find((vehicle: any) => vehicle.id === rows.deleted.id);
    expect(deleted.metadata).toEqual({
      addedAt: rows.deleted.addedAt.toISOString(),
      modifiedAt: rows.deleted.modifiedAt.toISOString(),
      deletedAt: "2026-01-03T00:00:00.000Z",
      visibility: "deleted",
    });
  });

  it("hidden=true&deleted=true lists every vehicle", async () => {
    const context = await createRecordsContext();
    const rows = await insertEveryVisibility(context);
    expect(ids(await context.get("/vehicles?hidden=true&deleted=true"))).toEqual(sortedIds(Object.values(rows)));
  });

  it.each(["yes", "1", "TRUE", ""])("refuses hidden=%s and deleted=%s", async (value) => {
    const context = await createRecordsContext();
    detailAt(expectBadRequest(await context.get(`/vehicles?hidden=${value}`)), "{requestQuery}.hidden");
    detailAt(expectBadRequest(await context.get(`/vehicles?deleted=${value}`)), "{requestQuery}.deleted");
  });
});

describe("GET /vehicles: modifiedAfter (inclusive) and modifiedBefore (exclusive)", () => {
  async function insertAtThreeTimes(context: RecordsContext) {
    return {
      early: await insertVehicle(context.owner, { modifiedAt: new Date("2026-01-01T00:00:00.000Z") }),
      middle: await insertVehicle(context.owner, { modifiedAt: new Date("2026-01-02T00:00:00.000Z") }),
      late: await insertVehicle(context.owner, { modifiedAt: new Date("2026-01-03T00:00:00.000Z") }),
    };
  }

  it("modifiedAfter includes a vehicle modified exactly at the bound", async () => {
    const context = await createRecordsContext();
    const rows = await insertAtThreeTimes(context);
    expect(ids(await context.get("/vehicles?modifiedAfter=2026-01-02T00:00:00.000Z"))).toEqual(
      sortedIds([rows.middle, rows.late]),
    );
    expect(ids(await context.get("/vehicles?modifiedAfter=2026-01-02T00:00:00.001Z"))).toEqual([rows.late.id]);
  });

  it("modifiedBefore excludes a vehicle modified exactly at the bound", async () => {
    const context = await createRecordsContext();
    const rows = await insertAtThreeTimes(context);
    expect(ids(await context.get("/vehicles?modifiedBefore=2026-01-02T00:00:00.000Z"))).toEqual([rows.early.id]);
    expect(ids(await context.get("/vehicles?modifiedBefore=2026-01-02T00:00:00.001Z"))).toEqual(
      sortedIds([rows.early, rows.middle]),
    );
  });

  it("both together make a half-open window; an empty window answers nothing", async () => {
    const context = await createRecordsContext();
    const rows = await insertAtThreeTimes(context);
    expect(
      ids(
        await context.get("/vehicles?modifiedAfter=2026-01-01T00:00:00.000Z&modifiedBefore=2026-01-03T00:00:00.000Z"),
      ),
    ).toEqual(sortedIds([rows.early, rows.middle]));
    expect(
      ids(
        await context.get("/vehicles?modifiedAfter=2026-01-02T00:00:00.000Z&modifiedBefore=2026-01-02T00:00:00.000Z"),
      ),
    ).toEqual([]);
  });

  it("accepts an offset date-time and compares instants", async () => {
    const context = await createRecordsContext();
    const rows = await insertAtThreeTimes(context);
    // 2026-01-02T01:00+01:00 is 2026-01-02T00:00Z.
    expect(
      ids(await context.get(`/vehicles?modifiedAfter=${encodeURIComponent("2026-01-02T01:00:00+01:00")}`)),
    ).toEqual(sortedIds([rows.middle, rows.late]));
  });

  it.each(["yesterday", "2026-01-02", "2026-13-01T00:00:00Z"])(
    "refuses modifiedAfter/modifiedBefore=%s",
    async (value) => {
      const context = await createRecordsContext();
      detailAt(expectBadRequest(await context.get(`/vehicles?modifiedAfter=${value}`)), "{requestQuery}.modifiedAfter");
      detailAt(
        expectBadRequest(await context.get(`/vehicles?modifiedBefore=${value}`)),
        "{requestQuery}.modifiedBefore",
      );
    },
  );
});

describe("GET /vehicles: raw", () => {
  it("raw=true adds the raw entries; raw=false and no raw leave them out", async () => {
    const context = await createRecordsContext();
    const raw = rawEntry("fleet/vehicles", { id: "v-1", nested: { odometer: 1234.5678 } });
    const vehicle = await insertVehicle(context.owner, { raw });
    const withRaw = await context.get("/vehicles?raw=true");
    expect(withRaw.body.results).toEqual([expect.objectContaining({ id: vehicle.id, raw: [raw] })]);
    for (const query of ["", "?raw=false"]) {
      const [listed] = (await context.get(`/vehicles${query}`)).body.results;
      expect(listed).not.toHaveProperty("raw");
    }
  });

  it("refuses raw=maybe", async () => {
    const context = await createRecordsContext();
    detailAt(expectBadRequest(await context.get("/vehicles?raw=maybe")), "{requestQuery}.raw");
  });
});

describe("GET /vehicles: expand", () => {
  async function insertLinked(context: RecordsContext) {
    const parent = await insertGroup(context.owner);
    const group = await insertGroup(context.owner, { parentId: parent.id, description: "Sub" });
    const device = await insertDevice(context.owner, { serialNumber: "SN-9", lastConnectedAt: new Date(0) });
    const vehicle = await insertVehicle(context.owner, { groupIds: [group.id], deviceIds: [device.id] });
    return { parent, group, device, vehicle };
  }

  const expectedGroup = (group: any) => ({
    id: group.id,
    sourceId: group.sourceId,
    provider: "sandbox",
    name: group.name,
    ...(group.description ? { description: group.description } : {}),
    ...(group.parentId ? { parent: group.parentId } : {}),
    metadata: {
      addedAt: group.addedAt.toISOString(),
      modifiedAt: group.modifiedAt.toISOString(),
      visibility: "visible",
    },
  });

  it("without expand, groups and devices are ids", async () => {
    const context = await createRecordsContext();
    const { group, device } = await insertLinked(context);
    const [vehicle] = (await context.get("/vehicles")).body.results;
    expect(vehicle.groups).toEqual([group.id]);
    expect(vehicle.devices).toEqual([device.id]);
  });

  it("expand=groups turns the group ids into groups, whose own parent stays an id", async () => {
    const context = await createRecordsContext();
    const { group, device } = await insertLinked(context);
    const [vehicle] = (await context.get("/vehicles?expand=groups&raw=true")).body.results;
    expect(vehicle.groups).toEqual([expectedGroup(group)]);
    expect(vehicle.devices).toEqual([device.id]);
    // raw belongs to the listed record, not to the expanded ones.
    expect(vehicle.raw).toHaveLength(1);
    expect(vehicle.groups[0]).not.toHaveProperty("raw");
  });

  it("expand=devices turns the device ids into devices, whose own vehicle stays an id", async () => {
    const context = await createRecordsContext();
    const { group, device, vehicle: row } = await insertLinked(context);
    await insertDevice(context.owner, { vehicleId: row.id });
    const [vehicle] = (await context.get("/vehicles?expand=devices")).body.results;
    expect(vehicle.groups).toEqual([group.id]);
    expect(vehicle.devices).toEqual([
      {
        id: device.id,
        sourceId: device.sourceId,
        provider: "sandbox",
        type: "tracker",
        serialNumber: "SN-9",
        lastConnectedAt: "1970-01-01T00:00:00.000Z",
        metadata: {
          addedAt: device.addedAt.toISOString(),
          modifiedAt: device.modifiedAt.toISOString(),
          visibility: "visible",
        },
      },
    ]);
  });

  it.each(["devices,groups", "groups,devices"])("expand=%s expands both", async (expand) => {
    const context = await createRecordsContext();
    const { group, device } = await insertLinked(context);
    const [vehicle] = (await context.get(`/vehicles?expand=${expand}`)).body.results;
    expect(vehicle.groups).toEqual([expectedGroup(group)]);
    expect(vehicle.devices).toEqual([expect.objectContaining({ id: device.id, type: "tracker" })]);
  });

  it("a reference to a record outside the connection stays an id: expansion never reaches another connection", async () => {
    const context = await createRecordsContext();
    const other = await addConnection(context);
    const foreignGroup = await insertGroup(other.owner, { name: "foreign" });
    const foreignDevice = await insertDevice(other.owner);
    const ownGroup = await insertGroup(context.owner);
    await insertVehicle(context.owner, { groupIds: [ownGroup.id, foreignGroup.id], deviceIds: [foreignDevice.id] });
    const [vehicle] = (await context.get("/vehicles?expand=groups,devices")).body.results;
    expect(vehicle.groups).toEqual([expectedGroup(ownGroup), foreignGroup.id]);
    expect(vehicle.devices).toEqual([foreignDevice.id]);
    expect(JSON.stringify(vehicle)).not.toContain("foreign");
  });

  it("expands a page of many vehicles referencing hundreds of records (beyond D1's 100 bound parameters)", async () => {
    const context = await createRecordsContext();
    const vehicles = await insertMany(120, async () => {
      const group = await insertGroup(context.owner);
      const device = await insertDevice(context.owner);
      return insertVehicle(context.owner, { groupIds: [group.id], deviceIds: [device.id] });
    });
    const result = await context.get("/vehicles?expand=groups,devices&limit=500");
    expect(result.status, JSON.stringify(result.body).slice(0, 500)).toBe(200);
    expect(ids(result)).toEqual(sortedIds(vehicles));
    for (const vehicle of result.body.results) {
      expect(typeof vehicle.groups[0]).toBe("object");
      expect(typeof vehicle.devices[0]).toBe("object");
    }
  });

  it.each(["group", "vehicle", "groups,groups", "groups, devices", "GROUPS", "parent"])(
    "refuses expand=%s",
    async (expand) => {
      const context = await createRecordsContext();
      const result = await context.get(`/vehicles?expand=${encodeURIComponent(expand)}`);
      detailAt(expectBadRequest(result), "{requestQuery}.expand");
    },
  );
});

describe("GET /vehicles: pagination", () => {
  it("walks every vehicle exactly once, in id order, with limit and next", async () => {
    const context = await createRecordsContext();
    const rows = await insertMany(7, () => insertVehicle(context.owner));
    const { pages, all } = await walkPages<{ id: string }>(
      (cursor) => context.get(`/vehicles?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
      { pageSize: 3 },
    );
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(all.map((vehicle) => vehicle.id)).toEqual(sortedIds(rows));
  });

  it("a page exactly full has no next when nothing follows", async () => {
    const context = await createRecordsContext();
    await insertMany(3, () => insertVehicle(context.owner));
    const result = await context.get("/vehicles?limit=3");
    expect(result.body.results).toHaveLength(3);
    expect(result.body).not.toHaveProperty("next");
  });

  it("vehicles inserted between pages are neither skipped nor repeated", async () => {
    const context = await createRecordsContext();
    const first = await insertMany(4, () => insertVehicle(context.owner));
    const page1 = await context.get("/vehicles?limit=2");
    expect(page1.body.next).toMatch(CURSOR_REGEX);
    const later = await insertVehicle(context.owner, { id: newId("vehicle", Date.now() + 1000) });
    const rest = await walkPages<{ id: string }>((cursor) =>
      context.get(`/vehicles?limit=2&cursor=${encodeURIComponent(cursor ?? page1.body.next)}`),
    );
    expect([...ids(page1), ...rest.all.map((vehicle) => vehicle.id)]).toEqual(sortedIds([...first, later]));
  });

  it("keeps the filters along the walk: a hidden walk lists hidden vehicles on every page", async () => {
    const context = await createRecordsContext();
    const rows = await insertMany(5, (index) =>
      insertVehicle(context.owner, { visibility: index % 2 ? "hidden_by_status" : "visible" }),
    );
    const { all } = await walkPages<{ id: string }>((cursor) =>
      context.get(`/vehicles?hidden=true&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
    );
    expect(all.map((vehicle) => vehicle.id)).toEqual(sortedIds(rows));
  });

  it("a tampered cursor is a bad_request at {requestQuery}.cursor", async () => {
    const context = await createRecordsContext();
    await insertMany(3, () => insertVehicle(context.owner));
    const { next } = (await context.get("/vehicles?limit=1")).body;
    for (const bad of [flipMiddleCharacter(next), `${next}A`, "AAAA", "not a cursor!"]) {
      detailAt(
        expectBadRequest(await context.get(`/vehicles?limit=1&cursor=${encodeURIComponent(bad)}`)),
        "{requestQuery}.cursor",
      );
    }
  });

  it.each([
    "hidden=true",
    "deleted=true",
    "modifiedAfter=2020-01-01T00:00:00.000Z",
    "modifiedBefore=2100-01-01T00:00:00.000Z",
  ])("a cursor reused with other filters (%s) is a bad_request", async (filter) => {
    const context = await createRecordsContext();
    await insertMany(3, () => insertVehicle(context.owner));
    const { next } = (await context.get("/vehicles?limit=1")).body;
    const result = await context.get(`/vehicles?limit=1&${filter}&cursor=${encodeURIComponent(next)}`);
    detailAt(expectBadRequest(result), "{requestQuery}.cursor");
  });

  it("a cursor stays valid when only raw, expand or limit change", async () => {
    const context = await createRecordsContext();
    const rows = await insertMany(3, () => insertVehicle(context.owner));
    const { next } = (await context.get("/vehicles?limit=1")).body;
    const result = await context.get(`/vehicles?limit=5&raw=true&expand=groups&cursor=${encodeURIComponent(next)}`);
    expect(ids(result)).toEqual(sortedIds(rows).slice(1));
  });

  it("a cursor of another connection is a bad_request", async () => {
    const context = await createRecordsContext();
    const other = await addConnection(context);
    await insertMany(2, () => insertVehicle(other.owner));
    const { next } = (await other.get("/vehicles?limit=1")).body;
    detailAt(
      expectBadRequest(await context.get(`/vehicles?limit=1&cursor=${encodeURIComponent(next)}`)),
      "{requestQuery}.cursor",
    );
  });

  it("a cursor of another list (drivers) is a bad_request", async () => {
    const context = await createRecordsContext();
    await insertMany(2, () => insertDriver(context.owner));
    const { next } = (await context.get("/drivers?limit=1")).body;
    detailAt(
      expectBadRequest(await context.get(`/vehicles?limit=1&cursor=${encodeURIComponent(next)}`)),
      "{requestQuery}.cursor",
    );
  });

  it.each(["0", "501", "-1", "2.5", "ten"])("refuses limit=%s", async (limit) => {
    const context = await createRecordsContext();
    detailAt(expectBadRequest(await context.get(`/vehicles?limit=${limit}`)), "{requestQuery}.limit");
  });

  it("limit defaults to 100 and takes up to 500", async () => {
    const context = await createRecordsContext();
    await insertMany(101, () => insertVehicle(context.owner));
    const first = await context.get("/vehicles");
    expect(first.body.results).toHaveLength(100);
    expect(first.body.next).toMatch(CURSOR_REGEX);
    const all = await context.get("/vehicles?limit=500");
    expect(all.body.results).toHaveLength(101);
    expect(all.body).not.toHaveProperty("next");
  });
});

describe("GET /vehicles: scope", () => {
  it("lists only the caller's connection's vehicles: never another connection's, application's or environment's", async () => {
    const context = await createRecordsContext();
    const mine = await insertVehicle(context.owner);
    const sibling = await addConnection(context);
    await insertVehicle(sibling.owner);
    const production = await addConnection(context, "production");
    await insertVehicle(production.owner);
    const stranger = await createRecordsContext();
    await insertVehicle(stranger.owner);
    expect(ids(await context.get("/vehicles?hidden=true&deleted=true"))).toEqual([mine.id]);
  });

  it("stays readable while the connection is disconnected (a cached read)", async () => {
    const context = await createRecordsContext({ status: "disconnected" });
    const vehicle = await insertVehicle(context.owner);
    expect(ids(await context.get("/vehicles"))).toEqual([vehicle.id]);
    expect((await context.get(`/vehicles/${vehicle.id}`)).status).toBe(200);
  });

  it("needs the Connection-Token", async () => {
    const context = await createRecordsContext();
    const result = await call("GET", `${BASE.sandbox}/vehicles`, { key: context.app.keys.sandbox.secret });
    detailAt(expectBadRequest(result), "{requestHeaders}.connection-token");
  });
});

describe("GET /vehicles/{id}", () => {
  it("answers the vehicle in the shape of the list", async () => {
    const context = await createRecordsContext();
    const { vehicle } = await insertFullVehicle(context);
    const result = await context.get(`/vehicles/${vehicle.id}`);
    expect(result.status).toBe(200);
    expectRequestId(result);
    expect(result.body).toEqual(expectedFullVehicle(vehicle));
    expect(result.body).toEqual((await context.get("/vehicles")).body.results[0]);
  });

  it("answers hidden and deleted vehicles by id", async () => {
    const context = await createRecordsContext();
    for (const visibility of [
      "hidden_by_exclude_list",
      "hidden_by_include_list",
      "hidden_by_status",
      "deleted",
    ] as const) {
      const vehicle = await insertVehicle(context.owner, {
        visibility,
        deletedAt: visibility === "deleted" ? new Date() : null,
      });
      const result = await context.get(`/vehicles/${vehicle.id}`);
      expect(result.status).toBe(200);
      expect(result.body.metadata.visibility).toBe(visibility);
    }
  });

  it("raw and expand work on one vehicle", async () => {
    const context = await createRecordsContext();
    const { vehicle, group, device } = await insertFullVehicle(context);
    const plain = await context.get(`/vehicles/${vehicle.id}`);
    expect(plain.body).not.toHaveProperty("raw");
    const full = await context.get(`/vehicles/${vehicle.id}?raw=true&expand=groups,devices`);
    expect(full.body.raw).toEqual([vehicle.raw]);
    expect(full.body.groups).toEqual([expect.objectContaining({ id: group.id, name: "West" })]);
    expect(full.body.devices).toEqual([expect.objectContaining({ id: device.id, type: "camera" })]);
    for (const expand of ["groups", "devices", "devices,groups"]) {
      expect((await context.get(`/vehicles/${vehicle.id}?expand=${expand}`)).status).toBe(200);
    }
    detailAt(expectBadRequest(await context.get(`/vehicles/${vehicle.id}?expand=vehicle`)), "{requestQuery}.expand");
  });

  it("an unknown id is not_found", async () => {
    const context = await createRecordsContext();
    expectError(await context.get(`/vehicles/${newId("vehicle")}`), 404, "not_found");
  });

  it("another connection's vehicle is not_found, and nothing of it leaks", async () => {
    const context = await createRecordsContext();
    const sibling = await addConnection(context);
    const theirs = await insertVehicle(sibling.owner, { name: "secret-truck" });
    const stranger = await createRecordsContext();
    const strangers = await insertVehicle(stranger.owner, { name: "secret-truck" });
    for (const id of [theirs.id, strangers.id]) {
      const result = await context.get(`/vehicles/${id}`);
      expectError(result, 404, "not_found");
      expect(JSON.stringify(result.body)).not.toContain("secret-truck");
    }
    // Their own connections do read them.
    expect((await sibling.get(`/vehicles/${theirs.id}`)).status).toBe(200);
  });

  it.each([
    "not-an-id",
    "drv_01HZX5G1Q4V2M8T6W9K3R7N0PB",
    "vcl_01HZX5G1Q4V2M8T6W9K3R7N0P",
    "vcl_01HZX5G1Q4V2M8T6W9K3R7N0PI",
  ])("a malformed id (%s) is a bad_request at {requestPath}.id", async (id) => {
    const context = await createRecordsContext();
    detailAt(expectBadRequest(await context.get(`/vehicles/${id}`)), "{requestPath}.id");
  });

  it("a production connection reads its own vehicles at the production base address", async () => {
    const app = await createTestApplication();
    const production = await insertConnection(app, "production");
    const vehicle = await insertVehicle(ownerOf(app, production, "production"));
    const result = await call("GET", `${BASE.production}/vehicles/${vehicle.id}`, {
      key: app.keys.production.secret,
      token: production.token,
    });
    expect(result.status).toBe(200);
    expect(result.body.id).toBe(vehicle.id);
  });
});
