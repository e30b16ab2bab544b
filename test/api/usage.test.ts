import { describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids";
import {
  CURSOR_REGEX,
  detailAt,
  expectBadRequest,
  expectError,
  expectRequestId,
  flipMiddleCharacter,
  idRegex,
  walkPages,
} from "../helpers/api-assertions";
import { createTestApplication, insertUsage, type TestApplication } from "../helpers/factories";
import { BASE, call, type Environment } from "../helpers/http";

type UsageRecord = { connection: string; vehicle: string; backfillUnitCount: number };

function getUsage(app: TestApplication, query: string, environment: Environment = "sandbox") {
  return call("GET", `${BASE[environment]}/usage${query}`, { key: app.keys[environment].secret });
}

/** The wire form of inserted rows, in the order the contract's keyset gives: connection, then vehicle. */
function expectedRecords(rows: { connectionId: string; vehicleId: string; backfillUnitCount: number }[]) {
  return rows
    .map((row) => ({ connection: row.connectionId, vehicle: row.vehicleId, backfillUnitCount: row.backfillUnitCount }))
    .sort((a, b) =>
      a.connection === b.connection ? (a.vehicle < b.vehicle ? -1 : 1) : a.connection < b.connection ? -1 : 1,
    );
}

describe("GET /usage month parameter", () => {
  it("requires the month", async () => {
    const app = await createTestApplication();
    const result = await getUsage(app, "");
    const detail = expectBadRequest(result);
    detailAt(detail, "{requestQuery}.month");
  });

  it.each(["2026-13", "2026-1", "26-01", "2026-00", "2026/01", "2026-01-01", "january"])(
    "refuses the month %s",
    async (month) => {
      const app = await createTestApplication();
      const result = await getUsage(app, `?month=${encodeURIComponent(month)}`);
      const detail = expectBadRequest(result);
      detailAt(detail, "{requestQuery}.month");
    },
  );

  it("accepts a well-formed month with no usage as an empty last page", async () => {
    const app = await createTestApplication();
    const result = await getUsage(app, "?month=2026-12");
    expect(result.status).toBe(200);
    expectRequestId(result);
    expect(result.body).toEqual({ results: [] });
  });
});

describe("GET /usage records", () => {
  it("answers { connection, vehicle, backfillUnitCount } for each billable vehicle", async () => {
    const app = await createTestApplication();
    const connectionId = newId("connection");
    const rows = await insertUsage(app, "sandbox", "2026-01", connectionId, 3);

    const result = await getUsage(app, "?month=2026-01");
    expect(result.status).toBe(200);
    expect(result.body).not.toHaveProperty("next");
    expect(result.body.results).toEqual(expectedRecords(rows));
    for (const record of result.body.results as UsageRecord[]) {
      expect(Object.keys(record).sort()).toEqual(["backfillUnitCount", "connection", "vehicle"]);
      expect(record.connection).toMatch(idRegex("conn_"));
      expect(record.vehicle).toMatch(idRegex("vcl_"));
      expect(Number.isInteger(record.backfillUnitCount)).toBe(true);
    }
  });

  it("only answers this application's records of this environment and month", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const mine = await insertUsage(app, "sandbox", "2026-02", newId("connection"), 4);
    // The same month for another application, the other environment, and another month.
    const otherApplication = await insertUsage(other, "sandbox", "2026-02", newId("connection"), 2);
    const production = await insertUsage(app, "production", "2026-02", newId("connection"), 2);
    const otherMonth = await insertUsage(app, "sandbox", "2026-03", newId("connection"), 2);

    const sandbox = await getUsage(app, "?month=2026-02");
    expect(sandbox.status).toBe(200);
    expect(sandbox.body.results).toEqual(expectedRecords(mine));

    const productionResult = await getUsage(app, "?month=2026-02", "production");
    expect(productionResult.status).toBe(200);
    expect(productionResult.body.results).toEqual(expectedRecords(production));

    const otherApplicationResult = await getUsage(other, "?month=2026-02");
    expect(otherApplicationResult.body.results).toEqual(expectedRecords(otherApplication));

    const nextMonth = await getUsage(app, "?month=2026-03");
    expect(nextMonth.body.results).toEqual(expectedRecords(otherMonth));
  });

  it("refuses a key of the other environment", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.sandbox}/usage?month=2026-01`, { key: app.keys.production.secret });
    expectError(result, 401, "unauthorized");
  });
});

describe("GET /usage pagination", () => {
  it("walks every record exactly once, in (connection, vehicle) order", async () => {
    const app = await createTestApplication();
    // Two connections, so the keyset crosses from one connection to the next inside a page.
    const rows = [
      ...(await insertUsage(app, "sandbox", "2026-04", newId("connection"), 7)),
      ...(await insertUsage(app, "sandbox", "2026-04", newId("connection"), 6)),
    ];

    const { pages, all } = await walkPages<UsageRecord>(
      (cursor) => getUsage(app, `?month=2026-04&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
      { pageSize: 4 },
    );
    expect(pages.map((page) => page.length)).toEqual([4, 4, 4, 1]);
    expect(all).toEqual(expectedRecords(rows));
    expect(new Set(all.map((record) => `${record.connection}/${record.vehicle}`)).size).toBe(rows.length);
  });

  it("omits next when the last page is exactly full", async () => {
    const app = await createTestApplication();
    const rows = await insertUsage(app, "sandbox", "2026-05", newId("connection"), 3);
    const { pages, all } = await walkPages<UsageRecord>((cursor) =>
      getUsage(app, `?month=2026-05&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
    );
    expect(pages).toHaveLength(1);
    expect(all).toEqual(expectedRecords(rows));
  });

  it("answers a next cursor in the contract's alphabet", async () => {
    const app = await createTestApplication();
    await insertUsage(app, "sandbox", "2026-06", newId("connection"), 2);
    const first = await getUsage(app, "?month=2026-06&limit=1");
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(1);
    expect(first.body.next).toMatch(CURSOR_REGEX);
  });

  it("refuses a tampered cursor", async () => {
    const app = await createTestApplication();
    await insertUsage(app, "sandbox", "2026-07", newId("connection"), 3);
    const first = await getUsage(app, "?month=2026-07&limit=1");
    const tampered = flipMiddleCharacter(first.body.next);
    expect(tampered).not.toBe(first.body.next);
    const result = await getUsage(app, `?month=2026-07&limit=1&cursor=${encodeURIComponent(tampered)}`);
    detailAt(expectBadRequest(result), "{requestQuery}.cursor");
  });

  it("refuses a cursor of another month", async () => {
    const app = await createTestApplication();
    await insertUsage(app, "sandbox", "2026-08", newId("connection"), 3);
    await insertUsage(app, "sandbox", "2026-09", newId("connection"), 3);
    const first = await getUsage(app, "?month=2026-08&limit=1");
    const result = await getUsage(app, `?month=2026-09&limit=1&cursor=${encodeURIComponent(first.body.next)}`);
    detailAt(expectBadRequest(result), "{requestQuery}.cursor");
  });

  it("refuses a cursor of another application", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    await insertUsage(app, "sandbox", "2026-10", newId("connection"), 3);
    const first = await getUsage(app, "?month=2026-10&limit=1");
    const result = await getUsage(other, `?month=2026-10&limit=1&cursor=${encodeURIComponent(first.body.next)}`);
    detailAt(expectBadRequest(result), "{requestQuery}.cursor");
  });

  it("refuses a cursor outside the cursor alphabet", async () => {
    const app = await createTestApplication();
    const result = await getUsage(app, `?month=2026-01&cursor=${encodeURIComponent("not a cursor!")}`);
    detailAt(expectBadRequest(result), "{requestQuery}.cursor");
  });

  it.each(["0", "501", "abc", "-1", "1.5"])("refuses limit=%s", async (limit) => {
    const app = await createTestApplication();
    const result = await getUsage(app, `?month=2026-01&limit=${limit}`);
    detailAt(expectBadRequest(result), "{requestQuery}.limit");
  });

  it("accepts the maximum limit of 500", async () => {
    const app = await createTestApplication();
    const result = await getUsage(app, "?month=2026-01&limit=500");
    expect(result.status).toBe(200);
  });
});
