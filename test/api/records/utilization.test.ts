import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { shardD1 } from "../../../src/db/shards";
import { utilizationQuery } from "../../../src/families/vehicle-utilization/read";
import type { UtilizationRow } from "../../../src/families/vehicle-utilization/table";
import type { VehicleRow } from "../../../src/families/vehicles/table";
import { newId } from "../../../src/lib/ids";
import {
  CURSOR_REGEX,
  detailAt,
  expectBadRequest,
  expectRequestId,
  flipMiddleCharacter,
  walkPages,
} from "../../helpers/api-assertions";
import { SHARDS, shardDb } from "../../helpers/factories";
import {
  addConnection,
  createRecordsContext,
  insertGroup,
  insertMany,
  insertUtilization,
  insertVehicle,
  type RecordsContext,
  rawEntry,
} from "../../helpers/records-factories";

type Day = { vehicle: string; startAt: string; [field: string]: any };

const withCursor = (path: string, cursor: string | undefined) =>
  cursor === undefined ? path : `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;

/** (vehicle, day) of each result, for order assertions: the day is the date of startAt. */
const keys = (results: Day[]) => results.map((day) => `${day.vehicle}|${day.startAt.slice(0, 10)}`);
const rowKey = (row: UtilizationRow) => `${row.vehicleId}|${row.date}`;

/** Rows in the order of the date index (date, vehicle) or the vehicle index (vehicle, date). */
function ordered(rows: UtilizationRow[], order: "date" | "vehicle") {
  const sortKey = (row: UtilizationRow) =>
    order === "date" ? `${row.date}|${row.vehicleId}` : `${row.vehicleId}|${row.date}`;
  return [...rows].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1)).map(rowKey);
}

/** `vehicles` visible vehicles with one row per day of `dates` each. */
async function insertFleet(context: RecordsContext, vehicleCount: number, dates: string[]) {
  const vehicles = await insertMany(vehicleCount, () => insertVehicle(context.owner));
  const rows: UtilizationRow[] = [];
  for (const vehicle of vehicles) {
    for (const date of dates) rows.push(await insertUtilization(context.owner, vehicle, { date }));
  }
  return { vehicles, rows };
}

describe("GET /vehicles/utilization: shape", () => {
  it("answers provider, vehicle, startAt, endAt, distance, fuelConsumed and durations (contract 2.6), rounded", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner);
    await insertUtilization(context.owner, vehicle, {
      date: "2026-01-05",
      startAt: new Date("2026-01-05T06:30:00.000Z"),
      endAt: new Date("2026-01-05T18:15:00.000Z"),
      distance: 312.45678,
      fuelConsumed: 98.123,
      drivingMs: 14_400_000,
      idlingMs: 1_800_000,
    });
    const result = await context.get("/vehicles/utilization");
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expectRequestId(result);
    expect(result.body).toEqual({
      results: [
        {
          provider: "sandbox",
          vehicle: vehicle.id,
          startAt: "2026-01-05T06:30:00.000Z",
          endAt: "2026-01-05T18:15:00.000Z",
          distance: 312.46,
          fuelConsumed: 98.12,
          durations: { driving: 14_400_000, idling: 1_800_000 },
        },
      ],
    });
  });

  it("raw=true adds the raw entries; expand=vehicle turns vehicle into the vehicle object", async () => {
    const context = await createRecordsContext();
    const group = await insertGroup(context.owner);
    const vehicle = await insertVehicle(context.owner, { name: "Truck 3", groupIds: [group.id] });
    const raw = rawEntry("fleet/vehicles/stats", { distanceMeters: 312456.78 });
    await insertUtilization(context.owner, vehicle, { raw });
    const [withRaw] = (await context.get("/vehicles/utilization?raw=true")).body.results;
    expect(withRaw.raw).toEqual([raw]);
    expect(withRaw.vehicle).toBe(vehicle.id);
    const [plain] = (await context.get("/vehicles/utilization?raw=false")).body.results;
    expect(plain).not.toHaveProperty("raw");
    const [expanded] = (await context.get("/vehicles/utilization?expand=vehicle")).body.results;
    expect(expanded.vehicle).toEqual({
      id: vehicle.id,
      sourceId: vehicle.sourceId,
      provider: "sandbox",
      status: "active",
      name: "Truck 3",
      metadata: {
        addedAt: vehicle.addedAt.toISOString(),
        modifiedAt: vehicle.modifiedAt.toISOString(),
        visibility: "visible",
      },
      groups: [group.id],
      devices: [],
    });
    detailAt(expectBadRequest(await context.get("/vehicles/utilization?expand=groups")), "{requestQuery}.expand");
  });

  it("is not read as GET /vehicles/{id}", async () => {
    const context = await createRecordsContext();
    const result = await context.get("/vehicles/utilization");
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ results: [] });
  });
});

describe("GET /vehicles/utilization: vehicle visibility", () => {
  it("leaves out the days of vehicles that are hidden or deleted now", async () => {
    const context = await createRecordsContext();
    const visible = await insertVehicle(context.owner);
    const hidden = await insertVehicle(context.owner, { visibility: "hidden_by_exclude_list" });
    const byStatus = await insertVehicle(context.owner, { visibility: "hidden_by_status" });
    const deleted = await insertVehicle(context.owner, { visibility: "deleted", deletedAt: new Date() });
    for (const vehicle of [visible, hidden, byStatus, deleted]) await insertUtilization(context.owner, vehicle);
    const all = await context.get("/vehicles/utilization");
    expect(all.body.results.map((day: Day) => day.vehicle)).toEqual([visible.id]);
    // Asking for them by id does not bring them back either.
    const asked = await context.get(
      `/vehicles/utilization?vehicleIds=${[visible, hidden, deleted].map((v) => v.id).join(",")}`,
    );
    expect(asked.body.results.map((day: Day) => day.vehicle)).toEqual([visible.id]);
  });

  it("leaves out days whose vehicle row is missing, and days of a same-id vehicle of another connection", async () => {
    const context = await createRecordsContext();
    const other = await addConnection(context);
    const foreignVehicle = await insertVehicle(other.owner);
    // A day of this connection pointing at the other connection's vehicle must not count it as visible.
    await insertUtilization(context.owner, foreignVehicle);
    await insertUtilization(context.owner, { id: newId("vehicle"), sourceId: "ghost" });
    expect((await context.get("/vehicles/utilization")).body.results).toEqual([]);
  });
});

describe("GET /vehicles/utilization: startDate and endDate (inclusive)", () => {
  const dates = ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"];

  it("bounds the days on both ends, inclusively", async () => {
    const context = await createRecordsContext();
    const { rows } = await insertFleet(context, 2, dates);
    const inWindow = (from: string, to: string) =>
      ordered(
        rows.filter((row) => row.date >= from && row.date <= to),
        "date",
      );
    const window = await context.get("/vehicles/utilization?startDate=2026-01-02&endDate=2026-01-03");
    expect(keys(window.body.results)).toEqual(inWindow("2026-01-02", "2026-01-03"));
    const oneDay = await context.get("/vehicles/utilization?startDate=2026-01-04&endDate=2026-01-04");
    expect(keys(oneDay.body.results)).toEqual(inWindow("2026-01-04", "2026-01-04"));
    const from = await context.get("/vehicles/utilization?startDate=2026-01-03");
    expect(keys(from.body.results)).toEqual(inWindow("2026-01-03", "9999-12-31"));
    const until = await context.get("/vehicles/utilization?endDate=2026-01-01");
    expect(keys(until.body.results)).toEqual(inWindow("0000-01-01", "2026-01-01"));
  });

  it.each(["2026-1-5", "2026-02-30", "2026-13-01", "20260105", "2026-01-05T00:00:00Z", "today"])(
    "refuses the date %s",
    async (value) => {
      const context = await createRecordsContext();
      detailAt(
        expectBadRequest(await context.get(`/vehicles/utilization?startDate=${value}`)),
        "{requestQuery}.startDate",
      );
      detailAt(expectBadRequest(await context.get(`/vehicles/utilization?endDate=${value}`)), "{requestQuery}.endDate");
    },
  );

  it("refuses an endDate before the startDate", async () => {
    const context = await createRecordsContext();
    const result = await context.get("/vehicles/utilization?startDate=2026-01-05&endDate=2026-01-04");
    detailAt(expectBadRequest(result), "{requestQuery}.endDate");
  });

  it("accepts 29 February of a leap year", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner);
    await insertUtilization(context.owner, vehicle, { date: "2028-02-29" });
    const result = await context.get("/vehicles/utilization?startDate=2028-02-29&endDate=2028-02-29");
    expect(result.body.results).toHaveLength(1);
  });
});

describe("GET /vehicles/utilization: modifiedAfter (inclusive) and modifiedBefore (exclusive)", () => {
  it("bounds the days by modification time", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner);
    const early = await insertUtilization(context.owner, vehicle, {
      date: "2026-01-01",
      modifiedAt: new Date("2026-01-01T12:00:00.000Z"),
    });
    const late = await insertUtilization(context.owner, vehicle, {
      date: "2026-01-02",
      modifiedAt: new Date("2026-01-02T12:00:00.000Z"),
    });
    const after = await context.get("/vehicles/utilization?modifiedAfter=2026-01-02T12:00:00.000Z");
    expect(keys(after.body.results)).toEqual([rowKey(late)]);
    const before = await context.get("/vehicles/utilization?modifiedBefore=2026-01-02T12:00:00.000Z");
    expect(keys(before.body.results)).toEqual([rowKey(early)]);
    detailAt(
      expectBadRequest(await context.get("/vehicles/utilization?modifiedAfter=2026-01-02")),
      "{requestQuery}.modifiedAfter",
    );
  });
});

describe("GET /vehicles/utilization: vehicleIds", () => {
  it("keeps only the listed vehicles, with or without spaces around the commas", async () => {
    const context = await createRecordsContext();
    const { vehicles, rows } = await insertFleet(context, 3, ["2026-01-01", "2026-01-02"]);
    const [a, b] = vehicles as [VehicleRow, VehicleRow, VehicleRow];
    const expected = ordered(
      rows.filter((row) => row.vehicleId === a.id || row.vehicleId === b.id),
      "vehicle",
    );
    for (const list of [`${a.id},${b.id}`, `${b.id} , ${a.id}`, `${a.id}  ,${b.id}`, `${a.id},\t${b.id}`]) {
      const result = await context.get(`/vehicles/utilization?vehicleIds=${encodeURIComponent(list)}`);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(keys(result.body.results)).toEqual(expected);
    }
  });

  it("takes 50 ids and refuses 51 at {requestQuery}.vehicleIds", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner);
    await insertUtilization(context.owner, vehicle);
    const fifty = [vehicle.id, ...Array.from({ length: 49 }, () => newId("vehicle"))];
    const ok = await context.get(`/vehicles/utilization?vehicleIds=${fifty.join(",")}`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.results.map((day: Day) => day.vehicle)).toEqual([vehicle.id]);
    const fiftyOne = [...fifty, newId("vehicle")];
    const refused = await context.get(`/vehicles/utilization?vehicleIds=${fiftyOne.join(",")}`);
    const entry = detailAt(expectBadRequest(refused), "{requestQuery}.vehicleIds");
    expect(entry.context).toMatchObject({ maximum: 50 });
  });

  it("counts the ids as given: 51 with a repeated one is still too many", async () => {
    const context = await createRecordsContext();
    const id = newId("vehicle");
    const result = await context.get(`/vehicles/utilization?vehicleIds=${Array(51).fill(id).join(",")}`);
    detailAt(expectBadRequest(result), "{requestQuery}.vehicleIds");
  });

  it.each([
    ["an empty value", ""],
    ["a trailing comma", `${newId("vehicle")},`],
    ["a leading comma", `,${newId("vehicle")}`],
    ["a driver id", newId("driver")],
    ["a lowercase ULID", `vcl_${"0".repeat(25)}a`],
    ["a semicolon", `${newId("vehicle")};${newId("vehicle")}`],
    ["spaces only", " "],
  ])("refuses %s", async (_label, value) => {
    const context = await createRecordsContext();
    const result = await context.get(`/vehicles/utilization?vehicleIds=${encodeURIComponent(value)}`);
    detailAt(expectBadRequest(result), "{requestQuery}.vehicleIds");
  });
});

describe("GET /vehicles/utilization: the two orders and their pagination", () => {
  const dates = ["2026-01-01", "2026-01-02", "2026-01-03"];

  it("without vehicleIds: day by day across the fleet, (date, vehicle), every row exactly once", async () => {
    const context = await createRecordsContext();
    const { rows } = await insertFleet(context, 3, dates);
    const { pages, all } = await walkPages<Day>(
      (cursor) => context.get(withCursor("/vehicles/utilization?limit=2", cursor)),
      { pageSize: 2 },
    );
    expect(pages.length).toBe(5);
    expect(keys(all)).toEqual(ordered(rows, "date"));
  });

  it("with vehicleIds: vehicle by vehicle, each in date order, (vehicle, date), every row exactly once", async () => {
    const context = await createRecordsContext();
    const { vehicles, rows } = await insertFleet(context, 3, dates);
    const list = vehicles.map((vehicle) => vehicle.id).join(",");
    const { all } = await walkPages<Day>(
      (cursor) => context.get(withCursor(`/vehicles/utilization?limit=2&vehicleIds=${list}`, cursor)),
      { pageSize: 2 },
    );
    expect(keys(all)).toEqual(ordered(rows, "vehicle"));
    expect(keys(all)).not.toEqual(ordered(rows, "date"));
  });

  it("days inserted between pages are neither skipped nor repeated", async () => {
    const context = await createRecordsContext();
    const { vehicles, rows } = await insertFleet(context, 2, ["2026-01-01", "2026-01-02"]);
    const first = await context.get("/vehicles/utilization?limit=2");
    expect(first.body.next).toMatch(CURSOR_REGEX);
    const added = await insertUtilization(context.owner, vehicles[0] as VehicleRow, { date: "2026-01-03" });
    const rest = await walkPages<Day>((cursor) =>
      context.get(withCursor("/vehicles/utilization?limit=2", cursor ?? first.body.next)),
    );
    expect([...keys(first.body.results), ...keys(rest.all)]).toEqual(ordered([...rows, added], "date"));
  });

  it("a cursor of one order is refused in the other, and with any other filter", async () => {
    const context = await createRecordsContext();
    const { vehicles } = await insertFleet(context, 2, dates);
    const list = vehicles.map((vehicle) => vehicle.id).join(",");
    const byDate = (await context.get("/vehicles/utilization?limit=1")).body.next;
    const byVehicle = (await context.get(`/vehicles/utilization?limit=1&vehicleIds=${list}`)).body.next;
    const refused = [
      withCursor(`/vehicles/utilization?limit=1&vehicleIds=${list}`, byDate),
      withCursor("/vehicles/utilization?limit=1", byVehicle),
      withCursor(`/vehicles/utilization?limit=1&vehicleIds=${vehicles[0]?.id}`, byVehicle),
      withCursor("/vehicles/utilization?limit=1&startDate=2026-01-01", byDate),
      withCursor("/vehicles/utilization?limit=1&endDate=2026-01-03", byDate),
      withCursor("/vehicles/utilization?limit=1&modifiedAfter=2020-01-01T00:00:00Z", byDate),
      withCursor("/vehicles/utilization?limit=1&modifiedBefore=2100-01-01T00:00:00Z", byDate),
      withCursor("/vehicles/utilization?limit=1", flipMiddleCharacter(byDate)),
      withCursor("/vehicles?limit=1", byDate),
    ];
    for (const path of refused) detailAt(expectBadRequest(await context.get(path)), "{requestQuery}.cursor");
    // The same vehicle set spelled differently is the same filter.
    const reordered = [...vehicles]
      .reverse()
      .map((vehicle) => vehicle.id)
      .join(" , ");
    const same = await context.get(
      withCursor(`/vehicles/utilization?limit=1&vehicleIds=${encodeURIComponent(reordered)}`, byVehicle),
    );
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });

  it("refuses limit 0 and 501", async () => {
    const context = await createRecordsContext();
    for (const limit of ["0", "501"]) {
      detailAt(expectBadRequest(await context.get(`/vehicles/utilization?limit=${limit}`)), "{requestQuery}.limit");
    }
  });

  it("lists only the caller's connection's days", async () => {
    const context = await createRecordsContext();
    const mine = await insertVehicle(context.owner);
    await insertUtilization(context.owner, mine);
    const other = await addConnection(context);
    const theirs = await insertVehicle(other.owner);
    await insertUtilization(other.owner, theirs);
    const result = await context.get(`/vehicles/utilization?vehicleIds=${mine.id},${theirs.id}`);
    expect(result.body.results.map((day: Day) => day.vehicle)).toEqual([mine.id]);
  });
});

describe("the utilization query plans", () => {
  async function plan(filters: Parameters<typeof utilizationQuery>[2], after?: readonly [string, string]) {
    const query = utilizationQuery(shardDb(SHARDS[0]!), "conn_plan", filters, { limit: 10, after }).toSQL();
    const result = await shardD1(env, SHARDS[0]!)
      .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    return result.results.map((row) => row.detail).join("\n");
  }

  it("walks utilization_date_idx without sorting when no vehicle filter is given", async () => {
    for (const after of [undefined, ["2026-01-01", "vcl_x"] as const]) {
      const detail = await plan({ startDate: "2026-01-01", endDate: "2026-01-31" }, after);
      expect(detail).toContain("USING INDEX utilization_date_idx");
      expect(detail).not.toContain("TEMP B-TREE");
    }
  });

  it("walks utilization_vehicle_date_unique without sorting when vehicleIds is given", async () => {
    for (const after of [undefined, ["vcl_a", "2026-01-01"] as const]) {
      const detail = await plan({ vehicleIds: ["vcl_a", "vcl_b"] }, after);
      expect(detail).toContain("USING INDEX utilization_vehicle_date_unique");
      expect(detail).not.toContain("TEMP B-TREE");
    }
  });
});
