import { describe, expect, it } from "vitest";
import { newId } from "../../../src/lib/ids";
import {
  CURSOR_REGEX,
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
  type RecordsContext,
  rawEntry,
} from "../../helpers/records-factories";

const ids = (result: { body: { results: { id: string }[] } }) => result.body.results.map((record) => record.id);
const sortedIds = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
const withCursor = (path: string, cursor: string | undefined) =>
  cursor === undefined ? path : `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;

async function insertFullDriver(context: RecordsContext) {
  const group = await insertGroup(context.owner, { name: "Night shift" });
  const driver = await insertDriver(context.owner, {
    status: "inactive",
    firstName: "Ada",
    middleName: "M.",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "+1 555 0100",
    username: "alovelace",
    license: { state: "CA", number: "D1234567" },
    groupIds: [group.id],
    sourceCreatedAt: new Date("2023-05-01T00:00:00.000Z"),
    sourceUpdatedAt: new Date("2025-12-01T00:00:00.000Z"),
    addedAt: new Date("2026-01-01T00:00:00.000Z"),
    modifiedAt: new Date("2026-01-02T00:00:00.000Z"),
    raw: rawEntry("fleet/drivers", { id: "d-1" }),
  });
  return { driver, group };
}

describe("GET /drivers: shape", () => {
  it("answers every field of contract 2.5", async () => {
    const context = await createRecordsContext();
    const { driver, group } = await insertFullDriver(context);
    const result = await context.get("/drivers");
    expect(result.status).toBe(200);
    expectRequestId(result);
    expect(result.body).toEqual({
      results: [
        {
          id: driver.id,
          sourceId: driver.sourceId,
          provider: "sandbox",
          status: "inactive",
          metadata: {
            addedAt: "2026-01-01T00:00:00.000Z",
            modifiedAt: "2026-01-02T00:00:00.000Z",
            visibility: "visible",
          },
          firstName: "Ada",
          middleName: "M.",
          lastName: "Lovelace",
          email: "ada@example.com",
          phone: "+1 555 0100",
          username: "alovelace",
          license: { state: "CA", number: "D1234567" },
          groups: [group.id],
          createdAt: "2023-05-01T00:00:00.000Z",
          updatedAt: "2025-12-01T00:00:00.000Z",
        },
      ],
    });
    expect(result.body.results[0].id).toMatch(idRegex("drv_"));
  });

  it("omits absent optional fields", async () => {
    const context = await createRecordsContext();
    await insertDriver(context.owner);
    const [driver] = (await context.get("/drivers")).body.results;
    expect(Object.keys(driver).sort()).toEqual(["groups", "id", "metadata", "provider", "sourceId", "status"]);
  });
});

describe("GET /drivers: visibility, modification window, raw", () => {
  it("lists visible drivers by default; hidden=true and deleted=true add the others", async () => {
    const context = await createRecordsContext();
    const visible = await insertDriver(context.owner);
    const hidden = await insertDriver(context.owner, { visibility: "hidden_by_exclude_list" });
    const byStatus = await insertDriver(context.owner, { visibility: "hidden_by_status" });
    const deleted = await insertDriver(context.owner, { visibility: "deleted", deletedAt: new Date() });
    expect(ids(await context.get("/drivers"))).toEqual([visible.id]);
    expect(ids(await context.get("/drivers?hidden=true"))).toEqual(sortedIds([visible, hidden, byStatus]));
    expect(ids(await context.get("/drivers?deleted=true"))).toEqual(sortedIds([visible, deleted]));
    expect(ids(await context.get("/drivers?hidden=true&deleted=true"))).toEqual(
      sortedIds([visible, hidden, byStatus, deleted]),
    );
  });

  it("modifiedAfter is inclusive and modifiedBefore exclusive", async () => {
    const context = await createRecordsContext();
    const early = await insertDriver(context.owner, { modifiedAt: new Date("2026-01-01T00:00:00.000Z") });
    const late = await insertDriver(context.owner, { modifiedAt: new Date("2026-01-02T00:00:00.000Z") });
    expect(ids(await context.get("/drivers?modifiedAfter=2026-01-02T00:00:00.000Z"))).toEqual([late.id]);
    expect(ids(await context.get("/drivers?modifiedBefore=2026-01-02T00:00:00.000Z"))).toEqual([early.id]);
    expect(ids(await context.get("/drivers?modifiedAfter=2026-01-01T00:00:00.000Z"))).toEqual(sortedIds([early, late]));
  });

  it("raw=true adds the raw entries", async () => {
    const context = await createRecordsContext();
    const { driver } = await insertFullDriver(context);
    expect((await context.get("/drivers?raw=true")).body.results[0].raw).toEqual([driver.raw]);
    expect((await context.get("/drivers?raw=false")).body.results[0]).not.toHaveProperty("raw");
  });
});

describe("GET /drivers: expand=groups", () => {
  it("turns the group ids into groups; a group of another connection stays an id", async () => {
    const context = await createRecordsContext();
    const other = await addConnection(context);
    const parent = await insertGroup(context.owner);
    const group = await insertGroup(context.owner, { parentId: parent.id });
    const foreign = await insertGroup(other.owner);
    await insertDriver(context.owner, { groupIds: [group.id, foreign.id] });
    const [driver] = (await context.get("/drivers?expand=groups")).body.results;
    expect(driver.groups).toEqual([
      {
        id: group.id,
        sourceId: group.sourceId,
        provider: "sandbox",
        name: group.name,
        parent: parent.id,
        metadata: {
          addedAt: group.addedAt.toISOString(),
          modifiedAt: group.modifiedAt.toISOString(),
          visibility: "visible",
        },
      },
      foreign.id,
    ]);
  });

  it.each(["devices", "groups,devices", "parent"])("refuses expand=%s", async (expand) => {
    const context = await createRecordsContext();
    detailAt(expectBadRequest(await context.get(`/drivers?expand=${expand}`)), "{requestQuery}.expand");
  });
});

describe("GET /drivers: pagination", () => {
  it("walks every driver exactly once", async () => {
    const context = await createRecordsContext();
    const rows = await insertMany(5, () => insertDriver(context.owner));
    const { pages, all } = await walkPages<{ id: string }>((cursor) =>
      context.get(withCursor("/drivers?limit=2", cursor)),
    );
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(all.map((driver) => driver.id)).toEqual(sortedIds(rows));
  });

  it("refuses a tampered cursor and a cursor reused with other filters", async () => {
    const context = await createRecordsContext();
    await insertMany(3, () => insertDriver(context.owner));
    const { next } = (await context.get("/drivers?limit=1")).body;
    expect(next).toMatch(CURSOR_REGEX);
    detailAt(
      expectBadRequest(await context.get(withCursor("/drivers?limit=1", flipMiddleCharacter(next)))),
      "{requestQuery}.cursor",
    );
    detailAt(
      expectBadRequest(await context.get(withCursor("/drivers?limit=1&deleted=true", next))),
      "{requestQuery}.cursor",
    );
    detailAt(expectBadRequest(await context.get(withCursor("/vehicles?limit=1", next))), "{requestQuery}.cursor");
  });

  it("refuses limit=501", async () => {
    const context = await createRecordsContext();
    detailAt(expectBadRequest(await context.get("/drivers?limit=501")), "{requestQuery}.limit");
  });
});

describe("GET /drivers/{id}", () => {
  it("answers the driver, with raw and expand=groups", async () => {
    const context = await createRecordsContext();
    const { driver, group } = await insertFullDriver(context);
    const plain = await context.get(`/drivers/${driver.id}`);
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual((await context.get("/drivers")).body.results[0]);
    const full = await context.get(`/drivers/${driver.id}?raw=true&expand=groups`);
    expect(full.body.raw).toEqual([driver.raw]);
    expect(full.body.groups).toEqual([expect.objectContaining({ id: group.id, name: "Night shift" })]);
  });

  it("answers hidden and deleted drivers by id", async () => {
    const context = await createRecordsContext();
    const hidden = await insertDriver(context.owner, { visibility: "hidden_by_include_list" });
    const deleted = await insertDriver(context.owner, { visibility: "deleted", deletedAt: new Date() });
    expect((await context.get(`/drivers/${hidden.id}`)).body.metadata.visibility).toBe("hidden_by_include_list");
    expect((await context.get(`/drivers/${deleted.id}`)).body.metadata.visibility).toBe("deleted");
  });

  it("an unknown id, or another connection's driver, is not_found", async () => {
    const context = await createRecordsContext();
    const other = await addConnection(context);
    const theirs = await insertDriver(other.owner, { firstName: "Leaky" });
    expectError(await context.get(`/drivers/${newId("driver")}`), 404, "not_found");
    const foreign = await context.get(`/drivers/${theirs.id}`);
    expectError(foreign, 404, "not_found");
    expect(JSON.stringify(foreign.body)).not.toContain("Leaky");
  });

  it("a malformed id is a bad_request at {requestPath}.id", async () => {
    const context = await createRecordsContext();
    detailAt(expectBadRequest(await context.get(`/drivers/${newId("vehicle")}`)), "{requestPath}.id");
  });
});
