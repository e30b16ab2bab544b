/**
 * GET /hos/daily-logs over drivers' days written directly into the connection's shard: the wire
 * shape (distances in km, durations in ms, EntityMetadata), date order, the date and modification
 * filters with their bounds, drivers, expand, raw, keyset paging, and no days of another connection.
 */
import { describe, expect, it } from "vitest";
import { expectBadRequest, idRegex, walkPages } from "../../helpers/api-assertions";
import {
  addConnection,
  createRecordsContext,
  insertDriver,
  insertHosDailyLog,
  rawEntry,
} from "../../helpers/records-factories";

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;
const datesOf = (result: { body: { results: { date: string }[] } }) => result.body.results.map((day) => day.date);

describe("GET /hos/daily-logs", () => {
  it("answers the wire shape: distances in km, status durations in ms, EntityMetadata", async () => {
    const context = await createRecordsContext();
    const driver = await insertDriver(context.owner);
    const durations = {
      onDuty: 2 * HOUR,
      offDuty: 13 * HOUR,
      driving: 8 * HOUR,
      waiting: 0,
      sleeperBed: 0,
      personalConveyance: 0.5 * HOUR,
      yardMove: 0.5 * HOUR,
    };
    const day = await insertHosDailyLog(context.owner, driver, {
      sourceId: "day-1",
      date: "2026-01-05",
      distances: { total: 651.12, driving: 640.5, personalConveyance: 10.12, yardMove: 0.5 },
      statusDurations: durations,
      addedAt: at("2026-01-06T01:00:00.000Z"),
      modifiedAt: at("2026-01-06T02:00:00.000Z"),
      raw: rawEntry("hos_daily_logs", { id: "d-1" }),
    });
    const result = await context.get("/hos/daily-logs");
    expect(result.status).toBe(200);
    expect(result.body.results).toEqual([
      {
        id: day.id,
        sourceId: "day-1",
        provider: "sandbox",
        driver: driver.id,
        date: "2026-01-05",
        distances: { total: 651.12, driving: 640.5, personalConveyance: 10.12, yardMove: 0.5 },
        statusDurations: durations,
        metadata: { addedAt: "2026-01-06T01:00:00.000Z", modifiedAt: "2026-01-06T02:00:00.000Z" },
      },
    ]);
    expect(day.id).toMatch(idRegex("hos_day_"));
    const raw = await context.get("/hos/daily-logs?raw=true&expand=driver");
    expect(raw.body.results[0].raw).toEqual([rawEntry("hos_daily_logs", { id: "d-1" })]);
    expect(raw.body.results[0].driver).toMatchObject({ id: driver.id });
  });

  it("lists days in date order and filters by dates (inclusive), modification time and drivers", async () => {
    const context = await createRecordsContext();
    const [driver, other] = [await insertDriver(context.owner), await insertDriver(context.owner)];
    for (const date of ["2026-01-07", "2026-01-05", "2026-01-06"]) {
      await insertHosDailyLog(context.owner, driver, { date, modifiedAt: at("2026-01-10T00:00:00.000Z") });
    }
    await insertHosDailyLog(context.owner, other, { date: "2026-01-04", modifiedAt: at("2026-02-01T00:00:00.000Z") });
    expect(datesOf(await context.get("/hos/daily-logs"))).toEqual([
      "2026-01-04",
      "2026-01-05",
      "2026-01-06",
      "2026-01-07",
    ]);
    expect(datesOf(await context.get("/hos/daily-logs?startDate=2026-01-05&endDate=2026-01-06"))).toEqual([
      "2026-01-05",
      "2026-01-06",
    ]);
    expect(datesOf(await context.get("/hos/daily-logs?modifiedAfter=2026-01-31T00:00:00.000Z"))).toEqual([
      "2026-01-04",
    ]);
    expect(datesOf(await context.get(`/hos/daily-logs?driverIds=${other.id}`))).toEqual(["2026-01-04"]);
    expectBadRequest(await context.get("/hos/daily-logs?startDate=2026-01-06&endDate=2026-01-05"));
    expectBadRequest(await context.get("/hos/daily-logs?startDate=2026-02-30"));
    expectBadRequest(await context.get("/hos/daily-logs?expand=vehicle"));
  });

  it("pages by key through many days, and never shows another connection's", async () => {
    const context = await createRecordsContext();
    const driver = await insertDriver(context.owner);
    const dates = Array.from({ length: 23 }, (_, index) =>
      new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10),
    );
    for (const date of dates) await insertHosDailyLog(context.owner, driver, { date });
    const other = await addConnection(context);
    await insertHosDailyLog(other.owner, await insertDriver(other.owner));
    const { all, pages } = await walkPages<{ date: string }>(
      (cursor) => context.get(`/hos/daily-logs?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
      { pageSize: 5 },
    );
    expect(pages).toHaveLength(5);
    expect(all.map((day) => day.date)).toEqual(dates);
  });
});
