/**
 * Geotab's own hours-of-service clocks (providers-families.md, DutyStatusAvailability): the
 * mapping of its payloads (TimeSpans, with a day part and fractions, negative for a driver in
 * violation), and live reads of the fake MyGeotab over real HTTP, driver by driver and a few
 * drivers a page (batched in ExecuteMultiCall), whose clocks are the canonical fleet's
 * (test/fakes/hos.ts) at the instant the fake answered; and the fake's DutyStatusAvailability
 * against the fidelity checklist.
 */
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { geotabAdapter } from "../../src/providers/geotab/adapter";
import { encodeCursor } from "../../src/providers/geotab/cursor";
import { loggingDriverIds } from "../fakes/hos.ts";
import { expectClocksWithin } from "../hos/clocks-within";
import { createGeotabAccount, type GeotabAccount, geotabRpc, geotabStats, readRequest } from "./geotab-helpers";

const clocks = geotabAdapter.models.hosAvailableTime!;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** At revision 1 of a 6-vehicle fleet, drv-1 has no vehicle (no hours of service); drv-3 to drv-7 log. */
const FLEET = { vehicles: 6, revision: 1 };

/** The reference's example DutyStatusAvailability (providers-families.md §3.3). */
const EXAMPLE = {
  driver: { id: "b3A" },
  driving: "03:30:00",
  duty: "06:00:00",
  workday: "06:00:00",
  rest: "01:30:00",
  cycle: "1.15:48:00",
  cycleRest: "00:00:00",
  dutySinceCycleRest: "1.06:12:00",
  recap: [],
  availabilities: [],
  cycleAvailabilities: [],
  is16HourExemptionAvailable: true,
  isAdverseDrivingExemptionAvailable: true,
};
const EXAMPLE_CYCLE = 39 * HOUR + 48 * MINUTE;

function expectMalformed(payload: unknown) {
  try {
    clocks.normalize(payload);
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("malformed");
    return;
  }
  throw new Error(`${JSON.stringify(payload)} was accepted`);
}

describe("Geotab DutyStatusAvailability → HOS clocks", () => {
  it("maps the reference's example: drive ← driving, shift ← duty, cycle ← cycle, break ← rest, no duty status", () => {
    expect(clocks.normalize(EXAMPLE)).toStrictEqual({
      driverSourceId: "b3A",
      drive: 3.5 * HOUR,
      shift: 6 * HOUR,
      cycle: EXAMPLE_CYCLE,
      break: 1.5 * HOUR,
    });
    // Every field Geotab's object model lists, the exemption flags included, is read too.
    const full = {
      ...EXAMPLE,
      isAdverseDrivingApplied: false,
      isOffDutyDeferralExemptionAvailable: false,
      isRailroadExemptionAvailable: false,
    };
    expect(clocks.normalize(full)).toStrictEqual(clocks.normalize(EXAMPLE));
  });

  it("reads day parts and fractions of a second, rounded to whole ms", () => {
    const clock = clocks.normalize({
      ...EXAMPLE,
      driving: "00:00:01.9999999",
      duty: "10:00:00.0004000",
      rest: "00:29:59.5000000",
      cycle: "2.03:04:05.1234567",
    });
    expect(clock).toMatchObject({
      drive: 2000,
      shift: 10 * HOUR,
      break: 29 * MINUTE + 59_500,
      cycle: 51 * HOUR + 4 * MINUTE + 5_000 + 123,
    });
  });

  it("takes a negative TimeSpan (a driver in violation) as nothing left", () => {
    const clock = clocks.normalize({
      ...EXAMPLE,
      driving: "-00:12:30",
      duty: "-1.02:00:00.5000000",
      rest: "-00:00:00.0001000",
    });
    expect(clock).toStrictEqual({ driverSourceId: "b3A", drive: 0, shift: 0, cycle: EXAMPLE_CYCLE, break: 0 });
    expect(Object.is(clock.break, -0)).toBe(false);
  });

  it("refuses payloads without the driver or a clock, or with something other than a TimeSpan", () => {
    const { driver: _driver, ...noDriver } = EXAMPLE;
    const { rest: _rest, ...noRest } = EXAMPLE;
    expectMalformed(noDriver);
    expectMalformed(noRest);
    expectMalformed({ ...EXAMPLE, driver: "UnknownDriverId" });
    expectMalformed({ ...EXAMPLE, driver: { id: "" } });
    expectMalformed({ ...EXAMPLE, driving: "3:30" });
    expectMalformed({ ...EXAMPLE, duty: "24:00:00" });
    expectMalformed({ ...EXAMPLE, cycle: 143_280_000 });
    expectMalformed({ ...EXAMPLE, rest: null });
    expectMalformed([EXAMPLE]);
    expectMalformed(null);
  });
});

/** Every page of clocks for the drivers, each page with the instants before and after it was read. */
async function readAllClocks(account: GeotabAccount, drivers: readonly string[], pageSize: number) {
  const pages: { items: unknown[]; schema: string; before: number; after: number }[] = [];
  let cursor: string | undefined;
  do {
    const before = Date.now();
    const page = await clocks.read({ ...readRequest(account, { pageSize }), drivers, ...(cursor ? { cursor } : {}) });
    pages.push({ items: page.items, schema: page.schema, before, after: Date.now() });
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(20);
  } while (cursor !== undefined);
  return pages;
}

describe("Geotab HOS clocks read live", () => {
  it("are supported, and paced with MyGeotab's calls", () => {
    expect(geotabAdapter.supportedModels.hosAvailableTime).toBe("supported");
    expect(geotabAdapter.paceBucket.hosAvailableTime).toBe("calls");
  });

  it("are the canonical clocks of each driver with hours of service, a few drivers a page", async () => {
    const account = await createGeotabAccount(FLEET);
    const logging = loggingDriverIds(account.fleet);
    expect(logging).toEqual(["drv-3", "drv-4", "drv-5", "drv-6", "drv-7"]);
    // drv-1 has no hours of service and drv-404 is no user: both are left out. Duplicates are asked once.
    const drivers = ["drv-7", "drv-1", ...logging, "drv-404", "drv-3"];
    const pages = await readAllClocks(account, drivers, 2);
    // drv-1, drv-3 | drv-4, drv-404 | drv-5, drv-6 | drv-7 (alone: a plain Get).
    expect(pages.map((page) => page.items.length)).toEqual([1, 1, 2, 1]);
    const seen: string[] = [];
    for (const page of pages) {
      expect(page.schema).toBe("geotab.DutyStatusAvailability");
      for (const item of page.items) {
        expect(item).toMatchObject({ driving: expect.any(String), recap: [], dutySinceCycleRest: expect.any(String) });
        const clock = clocks.normalize(item);
        expect(clock).not.toHaveProperty("currentStatus");
        expectClocksWithin(account.fleet, clock.driverSourceId, clock, page.before, page.after);
        seen.push(clock.driverSourceId);
      }
    }
    expect(seen).toEqual(logging);
    const stats = await geotabStats(account);
    // One Get a driver, in one request a page.
    expect(stats.calls["Get DutyStatusAvailability"]).toBe(7);
    expect(stats.dataRequests).toBe(4);
  });

  it("reads no page for no drivers, and refuses a cursor it did not issue for this listing", async () => {
    const account = await createGeotabAccount(FLEET);
    const request = { ...readRequest(account), drivers: ["drv-3"] };
    expect(await clocks.read({ ...request, drivers: [] })).toStrictEqual({
      items: [],
      schema: "geotab.DutyStatusAvailability",
    });
    const foreign = encodeCursor("hosDailyLogs", { k: "after", id: "drv-3" });
    for (const cursor of [foreign, "not-a-cursor", ""]) {
      await expect(clocks.read({ ...request, cursor })).rejects.toMatchObject({ kind: "malformed" });
    }
    expect((await geotabStats(account)).dataRequests).toBe(0);
    // A page size past the batch is capped: 50 drivers a request at most.
    const many = Array.from({ length: 60 }, (_, index) => `drv-${index + 1}`);
    const first = await clocks.read({ ...request, drivers: many, pageSize: 500 });
    expect(first.nextCursor).toBeDefined();
    expect((await geotabStats(account)).calls["Get DutyStatusAvailability"]).toBe(50);
  });
});

describe("the fake's DutyStatusAvailability", () => {
  it("answers one driver's clocks as TimeSpans, and refuses a search without the driver", async () => {
    const account = await createGeotabAccount(FLEET);
    const { result } = await geotabRpc("Authenticate", {
      database: account.database,
      userName: account.userName,
      password: account.password,
    });
    const { credentials } = result;
    const get = (search: unknown) => ({ method: "Get", params: { typeName: "DutyStatusAvailability", search } });
    const before = Date.now();
    const answer = await geotabRpc("ExecuteMultiCall", {
      calls: [get({ userSearch: { id: "drv-3" } }), get({ userSearch: { id: "drv-1" } })],
      credentials,
    });
    const after = Date.now();
    const [[availability], none] = answer.result;
    expect(none).toEqual([]);
    expect(availability.driver).toEqual({ id: "drv-3" });
    for (const field of ["driving", "duty", "workday", "rest", "cycle", "cycleRest", "dutySinceCycleRest"]) {
      const span = availability[field] as string;
      const [, days, hours] = /^(?:(\d+)\.)?(\d{2}):\d{2}:\d{2}(?:\.\d{7})?$/.exec(span) ?? [];
      expect(hours, `${field}: ${span}`).toBeDefined();
      // The day part from 24 hours up and only then (hours stay below 24); a fraction only when there is one.
      expect(Number(hours), field).toBeLessThan(24);
      if (days !== undefined) expect(Number(days), field).toBeGreaterThan(0);
      expect(span, field).not.toMatch(/\.0{7}$/);
    }
    // dutySinceCycleRest is the cycle used (70 h less what is left): more than a day here.
    expect(availability.dutySinceCycleRest).toMatch(/^\d+\.\d{2}:/);
    expect(availability).not.toHaveProperty("currentDutyStatus");
    const clock = clocks.normalize(availability);
    expectClocksWithin(account.fleet, clock.driverSourceId, clock, before, after);

    for (const search of [{}, { userSearch: {} }, { fromDate: new Date().toISOString() }]) {
      const refused = await geotabRpc("Get", { typeName: "DutyStatusAvailability", search, credentials });
      expect(refused.error.data.type).toBe("ArgumentException");
    }
    const batched = await geotabRpc("ExecuteMultiCall", {
      calls: [get({ userSearch: { id: "drv-3" } }), get({})],
      credentials,
    });
    expect(batched.error.data).toMatchObject({ type: "ArgumentException", requestIndex: 1 });
  });
});
