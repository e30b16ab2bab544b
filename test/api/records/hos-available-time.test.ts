/**
 * GET /hos/available-time over logs written directly into the connection's shard: the clocks
 * computed now from each driver's recent logs (src/hos/rules.ts), the connection's cycle option,
 * drivers without logs left out, driverIds, expand, paging, and 501 for a provider whose hours of
 * service are not read.
 */
import { describe, expect, it } from "vitest";
import { expectBadRequest, expectError, walkPages } from "../../helpers/api-assertions";
import { BASE, call } from "../../helpers/http";
import {
  createRecordsContext,
  insertDriver,
  insertHosLog,
  insertMany,
  type RecordOwner,
} from "../../helpers/records-factories";

const HOUR = 3_600_000;
/** The requests below come within this of the instant the logs were written relative to. */
const SLACK_MS = 60_000;

/** A day so far, relative to now: 10 hours off, an hour on duty, 5 hours driving, then on duty since 4 hours ago. */
async function dayOfWork(owner: RecordOwner, driver: { id: string }, now: number) {
  const steps = [
    ["off_duty", now - 20 * HOUR, now - 10 * HOUR],
    ["on_duty", now - 10 * HOUR, now - 9 * HOUR],
    ["driving", now - 9 * HOUR, now - 4 * HOUR],
    ["on_duty", now - 4 * HOUR, null],
  ] as const;
  for (const [status, start, end] of steps) {
    await insertHosLog(owner, driver, {
      status,
      startedAt: new Date(start),
      endedAt: end === null ? null : new Date(end),
    });
  }
}

const within = (expected: number) => expect.toSatisfy((ms: number) => ms <= expected && ms >= expected - SLACK_MS);

describe("GET /hos/available-time", () => {
  it("computes each driver's clocks now from their logs, and says so", async () => {
    const context = await createRecordsContext();
    const [worked, idle] = [await insertDriver(context.owner), await insertDriver(context.owner)];
    const now = Date.now();
    await dayOfWork(context.owner, worked, now);
    const result = await context.get("/hos/available-time");
    expect(result.status).toBe(200);
    // The driver without logs is left out.
    expect(result.body.results).toEqual([
      {
        provider: "sandbox",
        driver: worked.id,
        currentStatus: "on_duty",
        availableTime: {
          // 14 hours from coming on duty 10 hours ago: 4 left, less than the 6 of driving.
          drive: within(4 * HOUR),
          shift: within(4 * HOUR),
          cycle: within(60 * HOUR),
          // The 4 hours on duty were a break.
          break: 8 * HOUR,
        },
        source: "computed",
        cycleRule: "70_8",
      },
    ]);
    expect(result.body.results.some((row: { driver: string }) => row.driver === idle.id)).toBe(false);
    const expanded = await context.get(`/hos/available-time?driverIds=${worked.id}&expand=driver`);
    expect(expanded.body.results[0].driver).toMatchObject({ id: worked.id });
    expect((await context.get(`/hos/available-time?driverIds=${idle.id}`)).body.results).toEqual([]);
    expectBadRequest(await context.get("/hos/available-time?expand=vehicle"));
    expectBadRequest(await context.get("/hos/available-time?driverIds=vcl_x"));
  });

  it("counts the cycle the connection's options name: 60 hours in 7 days", async () => {
    const context = await createRecordsContext({ options: { hos: { cycle: "60_7" } } });
    const driver = await insertDriver(context.owner);
    await dayOfWork(context.owner, driver, Date.now());
    const [row] = (await context.get("/hos/available-time")).body.results;
    expect(row).toMatchObject({ cycleRule: "60_7", availableTime: { cycle: within(50 * HOUR) } });
  });

  it("takes the cycle from the connection's options as they are changed, and refuses one that is not a rule", async () => {
    const context = await createRecordsContext();
    const driver = await insertDriver(context.owner);
    await dayOfWork(context.owner, driver, Date.now());
    const patch = (options: unknown) =>
      call("PATCH", `${BASE.sandbox}/connections/current`, {
        key: context.app.keys.sandbox.secret,
        token: context.connection.token,
        body: { options },
      });
    for (const bad of [{ hos: { cycle: "80_8" } }, { hos: { cycles: "60_7" } }, { hos: "60_7" }]) {
      expectBadRequest(await patch(bad));
    }
    expect((await context.get("/hos/available-time")).body.results[0].cycleRule).toBe("70_8");
    expect((await patch({ hos: { cycle: "60_7" } })).status).toBe(200);
    const [row] = (await context.get("/hos/available-time")).body.results;
    expect(row).toMatchObject({ cycleRule: "60_7", availableTime: { cycle: within(50 * HOUR) } });
  });

  it("pages through the drivers in id order", async () => {
    const context = await createRecordsContext();
    const now = Date.now();
    const drivers = await insertMany(7, () => insertDriver(context.owner));
    for (const driver of drivers) await dayOfWork(context.owner, driver, now);
    const { all, pages } = await walkPages<{ driver: string }>(
      (cursor) => context.get(`/hos/available-time?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
      { pageSize: 3 },
    );
    expect(pages).toHaveLength(3);
    expect(all.map((row) => row.driver)).toEqual(drivers.map((driver) => driver.id).sort());
  });

  it("answers 501 for a provider whose hours of service are not read", async () => {
    // Every provider of the registry reads them today: a connection of a provider a deployment no longer has.
    const context = await createRecordsContext({ provider: "retired-provider" });
    expectError(await context.get("/hos/available-time"), 501, "not_implemented");
  });
});
