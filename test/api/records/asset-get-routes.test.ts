/**
 * GET /groups/{id}, GET /devices/{id} and GET /trailers/{id} over records written straight into
 * the connection's shard: each answers the record as its list does, with `raw` and its `expand`,
 * whatever its visibility; an unknown id or another connection's record is not_found (and says
 * nothing of it); an id of another kind is a bad_request at the path's id.
 */
import { describe, expect, it } from "vitest";
import { newId } from "../../../src/lib/ids";
import { detailAt, expectBadRequest, expectError } from "../../helpers/api-assertions";
import { insertTrailer } from "../../helpers/asset-factories";
import {
  addConnection,
  createRecordsContext,
  insertDevice,
  insertGroup,
  insertVehicle,
  type RecordsContext,
} from "../../helpers/records-factories";

/** Overrides of a row in the test (visibility, a marker field): the factories take their table's columns. */
type Overrides = Record<string, unknown>;

/** A family's get route, its list, and a field of its records that can carry a marker. */
type Case = {
  name: string;
  kind: "group" | "device" | "trailer";
  path: string;
  marker: string;
  insert: (context: RecordsContext, overrides?: Overrides) => Promise<{ id: string; raw: unknown }>;
};

const CASES: Case[] = [
  {
    name: "GET /groups/{id}",
    kind: "group",
    path: "/groups",
    marker: "name",
    insert: (context, overrides) => insertGroup(context.owner, overrides as Parameters<typeof insertGroup>[1]),
  },
  {
    name: "GET /devices/{id}",
    kind: "device",
    path: "/devices",
    marker: "description",
    insert: (context, overrides) => insertDevice(context.owner, overrides as Parameters<typeof insertDevice>[1]),
  },
  {
    name: "GET /trailers/{id}",
    kind: "trailer",
    path: "/trailers",
    marker: "name",
    insert: (context, overrides) => insertTrailer(context.owner, overrides as Parameters<typeof insertTrailer>[1]),
  },
];

describe.each(CASES)("$name", ({ kind, path, marker, insert }) => {
  it("answers the record as its list does, and raw=true adds the payload", async () => {
    const context = await createRecordsContext();
    const record = await insert(context);
    const result = await context.get(`${path}/${record.id}`);
    expect(result.status).toBe(200);
    expect(result.body).toEqual((await context.get(path)).body.results[0]);
    expect((await context.get(`${path}/${record.id}?raw=true`)).body.raw).toEqual([record.raw]);
  });

  it("answers a deleted record by id", async () => {
    const context = await createRecordsContext();
    const deleted = await insert(context, { visibility: "deleted", deletedAt: new Date() });
    expect((await context.get(`${path}/${deleted.id}`)).body.metadata.visibility).toBe("deleted");
  });

  it("an unknown id, or another connection's record, is not_found and names nothing of it", async () => {
    const context = await createRecordsContext();
    const other = await addConnection(context);
    const theirs = await insert(other, { [marker]: "Leaky" });
    expectError(await context.get(`${path}/${newId(kind)}`), 404, "not_found");
    const foreign = await context.get(`${path}/${theirs.id}`);
    expectError(foreign, 404, "not_found");
    expect(JSON.stringify(foreign.body)).not.toContain("Leaky");
    expect((await other.get(`${path}/${theirs.id}`)).status).toBe(200);
  });

  it("an id of another kind is a bad_request at {requestPath}.id; an unknown expand at {requestQuery}.expand", async () => {
    const context = await createRecordsContext();
    const record = await insert(context);
    detailAt(expectBadRequest(await context.get(`${path}/${newId("vehicle")}`)), "{requestPath}.id");
    detailAt(expectBadRequest(await context.get(`${path}/${record.id}?expand=nothing`)), "{requestQuery}.expand");
  });
});

describe("expand on the get routes", () => {
  it("GET /groups/{id}?expand=parent turns parent into the parent group", async () => {
    const context = await createRecordsContext();
    const parent = await insertGroup(context.owner, { name: "All trucks" });
    const child = await insertGroup(context.owner, { parentId: parent.id });
    expect((await context.get(`/groups/${child.id}`)).body.parent).toBe(parent.id);
    const expanded = await context.get(`/groups/${child.id}?expand=parent`);
    expect(expanded.body.parent).toEqual(expect.objectContaining({ id: parent.id, name: "All trucks" }));
  });

  it("GET /devices/{id}?expand=vehicle turns vehicle into the vehicle", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner, { name: "Truck 7" });
    const device = await insertDevice(context.owner, { vehicleId: vehicle.id });
    const expanded = await context.get(`/devices/${device.id}?expand=vehicle`);
    expect(expanded.body.vehicle).toEqual(expect.objectContaining({ id: vehicle.id, name: "Truck 7" }));
  });

  it("GET /trailers/{id}?expand=groups turns the groups into objects; a trailer the list hides is read by id", async () => {
    const context = await createRecordsContext();
    const group = await insertGroup(context.owner, { name: "Reefers" });
    const hiddenVehicle = await insertVehicle(context.owner, { visibility: "hidden_by_status" });
    const trailer = await insertTrailer(context.owner, { groupIds: [group.id], vehicleId: hiddenVehicle.id });
    expect((await context.get("/trailers")).body.results).toEqual([]);
    const expanded = await context.get(`/trailers/${trailer.id}?expand=groups`);
    expect(expanded.status).toBe(200);
    expect(expanded.body.groups).toEqual([expect.objectContaining({ id: group.id, name: "Reefers" })]);
    expect(expanded.body.vehicle).toBe(hiddenVehicle.id);
  });
});
