import { describe, expect, it } from "vitest";
import {
  detailAt,
  expectBadRequest,
  expectRequestId,
  flipMiddleCharacter,
  idRegex,
  walkPages,
} from "../../helpers/api-assertions";
import {
  addConnection,
  createRecordsContext,
  insertDevice,
  insertGroup,
  insertMany,
  insertVehicle,
  rawEntry,
} from "../../helpers/records-factories";

const ids = (result: { body: { results: { id: string }[] } }) => result.body.results.map((record) => record.id);
const sortedIds = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
const withCursor = (path: string, cursor: string | undefined) =>
  cursor === undefined ? path : `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;

describe("GET /groups", () => {
  it("answers the group shape of wire-compat (id, sourceId, provider, name, description, parent, metadata)", async () => {
    const context = await createRecordsContext();
    const parent = await insertGroup(context.owner, {
      name: "All trucks",
      addedAt: new Date("2026-01-01T00:00:00.000Z"),
      modifiedAt: new Date("2026-01-01T00:00:00.000Z"),
    });
    const child = await insertGroup(context.owner, {
      name: "West",
      description: "Sacramento depot",
      parentId: parent.id,
      addedAt: new Date("2026-01-01T00:00:00.000Z"),
      modifiedAt: new Date("2026-01-02T00:00:00.000Z"),
    });
    const result = await context.get("/groups");
    expect(result.status).toBe(200);
    expectRequestId(result);
    const metadata = (modifiedAt: string) => ({
      addedAt: "2026-01-01T00:00:00.000Z",
      modifiedAt,
      visibility: "visible",
    });
    const expected = [
      {
        id: parent.id,
        sourceId: parent.sourceId,
        provider: "sandbox",
        name: "All trucks",
        metadata: metadata("2026-01-01T00:00:00.000Z"),
      },
      {
        id: child.id,
        sourceId: child.sourceId,
        provider: "sandbox",
        name: "West",
        description: "Sacramento depot",
        parent: parent.id,
        metadata: metadata("2026-01-02T00:00:00.000Z"),
      },
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(result.body).toEqual({ results: expected });
    for (const group of result.body.results) expect(group.id).toMatch(idRegex("group_"));
  });

  it("expand=parent turns parent into the parent group, whose own parent stays an id", async () => {
    const context = await createRecordsContext();
    const root = await insertGroup(context.owner);
    const middle = await insertGroup(context.owner, { parentId: root.id });
    const leaf = await insertGroup(context.owner, { parentId: middle.id });
    const result = await context.get("/groups?expand=parent");
    const byId = Object.fromEntries(result.body.results.map((group: any) => [group.id, group]));
    expect(byId[root.id]).not.toHaveProperty("parent");
    expect(byId[middle.id].parent).toEqual(expect.objectContaining({ id: root.id, name: root.name }));
    expect(byId[leaf.id].parent).toEqual(expect.objectContaining({ id: middle.id, parent: root.id }));
    expect(byId[leaf.id].parent).not.toHaveProperty("raw");
  });

  it("a parent outside the connection stays an id", async () => {
    const context = await createRecordsContext();
    const other = await addConnection(context);
    const foreign = await insertGroup(other.owner);
    await insertGroup(context.owner, { parentId: foreign.id });
    const [group] = (await context.get("/groups?expand=parent")).body.results;
    expect(group.parent).toBe(foreign.id);
  });

  it("deleted=true adds deleted groups; modifiedAfter/modifiedBefore bound the window; raw adds raw", async () => {
    const context = await createRecordsContext();
    const visible = await insertGroup(context.owner, {
      modifiedAt: new Date("2026-01-01T00:00:00.000Z"),
      raw: rawEntry("groups", { id: "g" }),
    });
    const deleted = await insertGroup(context.owner, {
      visibility: "deleted",
      deletedAt: new Date("2026-01-03T00:00:00.000Z"),
      modifiedAt: new Date("2026-01-02T00:00:00.000Z"),
    });
    expect(ids(await context.get("/groups"))).toEqual([visible.id]);
    expect(ids(await context.get("/groups?deleted=true"))).toEqual(sortedIds([visible, deleted]));
    expect(ids(await context.get("/groups?deleted=true&modifiedAfter=2026-01-02T00:00:00.000Z"))).toEqual([deleted.id]);
    expect(ids(await context.get("/groups?deleted=true&modifiedBefore=2026-01-02T00:00:00.000Z"))).toEqual([
      visible.id,
    ]);
    expect((await context.get("/groups?raw=true")).body.results[0].raw).toEqual([visible.raw]);
    expect((await context.get("/groups")).body.results[0]).not.toHaveProperty("raw");
    const deletedGroup = (await context.get("/groups?deleted=true")).body.results.find(
      (group: any) => group.id === deleted.id,
    );
    expect(deletedGroup.metadata).toMatchObject({ visibility: "deleted", deletedAt: "2026-01-03T00:00:00.000Z" });
  });

  it("has no hidden parameter and refuses unknown expand values", async () => {
    const context = await createRecordsContext();
    const group = await insertGroup(context.owner);
    // Unknown query parameters are ignored, as on every list; hidden does not widen the groups list.
    expect(ids(await context.get("/groups?hidden=true"))).toEqual([group.id]);
    detailAt(expectBadRequest(await context.get("/groups?expand=groups")), "{requestQuery}.expand");
    detailAt(expectBadRequest(await context.get("/groups?deleted=maybe")), "{requestQuery}.deleted");
  });

  it("walks every group once; a tampered or foreign-filter cursor is refused", async () => {
    const context = await createRecordsContext();
    const rows = await insertMany(5, () => insertGroup(context.owner));
    const { all } = await walkPages<{ id: string }>((cursor) => context.get(withCursor("/groups?limit=2", cursor)));
    expect(all.map((group) => group.id)).toEqual(sortedIds(rows));
    const { next } = (await context.get("/groups?limit=2")).body;
    detailAt(
      expectBadRequest(await context.get(withCursor("/groups?limit=2", flipMiddleCharacter(next)))),
      "{requestQuery}.cursor",
    );
    detailAt(
      expectBadRequest(await context.get(withCursor("/groups?limit=2&deleted=true", next))),
      "{requestQuery}.cursor",
    );
  });

  it("lists only the caller's connection's groups", async () => {
    const context = await createRecordsContext();
    const mine = await insertGroup(context.owner);
    const other = await addConnection(context);
    await insertGroup(other.owner);
    expect(ids(await context.get("/groups?deleted=true"))).toEqual([mine.id]);
  });
});

describe("GET /devices", () => {
  it("answers the device shape of wire-compat (id, sourceId, provider, type, vehicle, description, serialNumber, lastConnectedAt, metadata)", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner);
    const device = await insertDevice(context.owner, {
      type: "camera",
      vehicleId: vehicle.id,
      description: "Road-facing dash cam",
      serialNumber: "CM32-1",
      lastConnectedAt: new Date("2026-01-04T05:06:07.000Z"),
      addedAt: new Date("2026-01-01T00:00:00.000Z"),
      modifiedAt: new Date("2026-01-02T00:00:00.000Z"),
    });
    const bare = await insertDevice(context.owner);
    const result = await context.get("/devices");
    expect(result.status).toBe(200);
    const byId = Object.fromEntries(result.body.results.map((item: any) => [item.id, item]));
    expect(byId[device.id]).toEqual({
      id: device.id,
      sourceId: device.sourceId,
      provider: "sandbox",
      type: "camera",
      vehicle: vehicle.id,
      description: "Road-facing dash cam",
      serialNumber: "CM32-1",
      lastConnectedAt: "2026-01-04T05:06:07.000Z",
      metadata: { addedAt: "2026-01-01T00:00:00.000Z", modifiedAt: "2026-01-02T00:00:00.000Z", visibility: "visible" },
    });
    expect(Object.keys(byId[bare.id]).sort()).toEqual(["id", "metadata", "provider", "sourceId", "type"]);
    expect(device.id).toMatch(idRegex("dvc_"));
  });

  it("expand=vehicle turns vehicle into the vehicle, whose own references stay ids", async () => {
    const context = await createRecordsContext();
    const group = await insertGroup(context.owner);
    const vehicle = await insertVehicle(context.owner, { name: "Truck 7", groupIds: [group.id] });
    const device = await insertDevice(context.owner, { vehicleId: vehicle.id });
    await insertVehicle(context.owner, { deviceIds: [device.id] });
    const [listed] = (await context.get("/devices?expand=vehicle&raw=true")).body.results;
    expect(listed.vehicle).toEqual({
      id: vehicle.id,
      sourceId: vehicle.sourceId,
      provider: "sandbox",
      status: "active",
      name: "Truck 7",
      metadata: {
        addedAt: vehicle.addedAt.toISOString(),
        modifiedAt: vehicle.modifiedAt.toISOString(),
        visibility: "visible",
      },
      groups: [group.id],
      devices: [],
    });
    expect(listed.raw).toEqual([device.raw]);
  });

  it("a vehicle outside the connection stays an id", async () => {
    const context = await createRecordsContext();
    const other = await addConnection(context);
    const foreign = await insertVehicle(other.owner, { name: "foreign" });
    await insertDevice(context.owner, { vehicleId: foreign.id });
    const [device] = (await context.get("/devices?expand=vehicle")).body.results;
    expect(device.vehicle).toBe(foreign.id);
  });

  it("deleted=true adds deleted devices; the modification window and raw apply", async () => {
    const context = await createRecordsContext();
    const visible = await insertDevice(context.owner, { modifiedAt: new Date("2026-01-01T00:00:00.000Z") });
    const deleted = await insertDevice(context.owner, {
      visibility: "deleted",
      deletedAt: new Date(),
      modifiedAt: new Date("2026-01-02T00:00:00.000Z"),
    });
    expect(ids(await context.get("/devices"))).toEqual([visible.id]);
    expect(ids(await context.get("/devices?deleted=true"))).toEqual(sortedIds([visible, deleted]));
    expect(ids(await context.get("/devices?deleted=true&modifiedAfter=2026-01-02T00:00:00.000Z"))).toEqual([
      deleted.id,
    ]);
    expect(ids(await context.get("/devices?deleted=true&modifiedBefore=2026-01-02T00:00:00.000Z"))).toEqual([
      visible.id,
    ]);
    expect((await context.get("/devices?raw=true")).body.results[0].raw).toEqual([visible.raw]);
    expect((await context.get("/devices")).body.results[0]).not.toHaveProperty("raw");
  });

  it("refuses unknown expand values", async () => {
    const context = await createRecordsContext();
    for (const expand of ["vehicles", "groups", "vehicle,groups"]) {
      detailAt(expectBadRequest(await context.get(`/devices?expand=${expand}`)), "{requestQuery}.expand");
    }
  });

  it("walks every device once; a tampered or foreign-filter cursor is refused", async () => {
    const context = await createRecordsContext();
    const rows = await insertMany(5, () => insertDevice(context.owner));
    const { all } = await walkPages<{ id: string }>((cursor) => context.get(withCursor("/devices?limit=2", cursor)));
    expect(all.map((device) => device.id)).toEqual(sortedIds(rows));
    const { next } = (await context.get("/devices?limit=2")).body;
    detailAt(
      expectBadRequest(await context.get(withCursor("/devices?limit=2", flipMiddleCharacter(next)))),
      "{requestQuery}.cursor",
    );
    detailAt(
      expectBadRequest(await context.get(withCursor("/devices?limit=2&modifiedAfter=2020-01-01T00:00:00Z", next))),
      "{requestQuery}.cursor",
    );
    detailAt(expectBadRequest(await context.get(withCursor("/groups?limit=2", next))), "{requestQuery}.cursor");
  });

  it("lists only the caller's connection's devices", async () => {
    const context = await createRecordsContext();
    const mine = await insertDevice(context.owner);
    const stranger = await createRecordsContext();
    await insertDevice(stranger.owner);
    expect(ids(await context.get("/devices?deleted=true"))).toEqual([mine.id]);
  });
});
