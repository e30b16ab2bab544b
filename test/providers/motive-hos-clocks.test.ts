/**
 * Motive's own hours-of-service clocks, read live (`GET /v1/available_time`,
 * providers-families.md 2.3): payloads in Motive's real shape → the normalized clocks (the
 * reference example, seconds → ms, every duty status, none or an unknown one, a driver over a
 * limit, malformed payloads refused); the fake Motive's endpoint over real HTTP (`driver_ids[]`,
 * paging, its refusals); then the adapter's live read of every page against the canonical
 * fleet's clocks (test/fakes/hos.ts) at the instant the fake's clock is stopped at, in the whole
 * seconds Motive answers.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { motiveAdapter } from "../../src/providers/motive/adapter";
import { mapAvailableTime } from "../../src/providers/motive/models/hos-clocks";
import type { HosClockSource, ProviderPage } from "../../src/providers/types";
import type { FleetOptions } from "../fakes/fleet.ts";
import { clocksOf, loggingDriverIds } from "../fakes/hos.ts";
import { motiveIds } from "../fakes/motive/ids.ts";
import { motiveControl } from "./motive-faults";
import { createMotiveAccount, fleetOf, type MotiveAccount } from "./motive-helpers";

const clocks = motiveAdapter.models.hosAvailableTime as HosClockSource;

const malformed = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("malformed");
    return;
  }
  throw new Error("expected a malformed payload to be refused");
};

/** The reference example's `users[0].user` (providers-families.md 2.3). */
const EXAMPLE = {
  id: 77210,
  first_name: "Ana",
  last_name: "Ruiz",
  driver_company_id: "D-17",
  duty_status: "driving",
  available_time: { drive: 12600, shift: 21600, cycle: 143280, break: 5400 },
  recap: {
    on_duty_duration: [{ date: "2025-11-03", duration: 39600.0 }],
    driving_duration: [{ date: "2025-11-03", duration: 30060.0 }],
  },
  last_hos_status: { status: "driving", time: "2025-11-03T14:02:00Z" },
  last_cycle_reset: { type: "34_hour", start_time: "2025-10-27T22:00:00Z", end_time: "2025-10-29T08:00:00Z" },
};

const withTimes = (times: Partial<Record<"drive" | "shift" | "cycle" | "break", unknown>>) => ({
  ...EXAMPLE,
  available_time: { ...EXAMPLE.available_time, ...times },
});

describe("Motive available time → the normalized clocks", () => {
  it("maps the reference example: seconds left as ms, the user as the driver, the status", () => {
    expect(clocks.normalize(EXAMPLE)).toEqual({
      driverSourceId: "77210",
      currentStatus: "driving",
      drive: 12_600_000,
      shift: 21_600_000,
      cycle: 143_280_000,
      break: 5_400_000,
    });
  });

  it("maps every duty status as the HOS logs do; none, a blank or an unknown one is no status", () => {
    const statusOf = (duty_status: unknown) => mapAvailableTime({ ...EXAMPLE, duty_status }).currentStatus;
    expect(statusOf("off_duty")).toBe("off_duty");
    expect(statusOf("on_duty")).toBe("on_duty");
    expect(statusOf("sleeper")).toBe("sleeper_bed");
    expect(statusOf("driving")).toBe("driving");
    expect(statusOf("yard_move")).toBe("yard_move");
    expect(statusOf("personal_conveyance")).toBe("personal_conveyance");
    expect(statusOf("waiting")).toBe("waiting_time");
    for (const none of [null, "", "off_duty_deferral", "constructor"]) {
      expect(mapAvailableTime({ ...EXAMPLE, duty_status: none })).not.toHaveProperty("currentStatus");
    }
    const { duty_status: _status, ...withoutStatus } = EXAMPLE;
    expect(mapAvailableTime(withoutStatus)).not.toHaveProperty("currentStatus");
  });

  it("a driver over a limit has 0 left (the payload keeps the negative value); fractions round to whole ms", () => {
    const over = withTimes({ drive: -1800, shift: -0.0004, cycle: 3600.0006, break: 0 });
    expect(mapAvailableTime(over)).toEqual({
      driverSourceId: "77210",
      currentStatus: "driving",
      drive: 0,
      shift: 0,
      cycle: 3_600_001,
      break: 0,
    });
    expect(Object.is(mapAvailableTime(over).shift, 0)).toBe(true);
    expect(over.available_time.drive).toBe(-1800);
  });

  it("refuses a payload without a clock value or a user id as malformed", () => {
    const { break: _break, ...noBreak } = EXAMPLE.available_time;
    malformed(() => mapAvailableTime({ ...EXAMPLE, available_time: noBreak }));
    malformed(() => mapAvailableTime(withTimes({ drive: null })));
    malformed(() => mapAvailableTime(withTimes({ cycle: "143280" })));
    malformed(() => mapAvailableTime({ ...EXAMPLE, available_time: null }));
    const { id: _id, ...noId } = EXAMPLE;
    malformed(() => mapAvailableTime(noId));
    malformed(() => mapAvailableTime({ ...EXAMPLE, id: null }));
    malformed(() => mapAvailableTime(null));
  });

  it("is a supported model, read live at the adapter's one pace", () => {
    expect(motiveAdapter.supportedModels.hosAvailableTime).toBe("supported");
    expect(clocks.pace).toBe("api");
    expect(motiveAdapter.paceBucket.hosAvailableTime).toBe("api");
  });
});

function get(path: string, account: MotiveAccount) {
  return fetch(`${env.MOTIVE_BASE_URL}${path}`, { headers: { "x-api-key": account.credential } });
}

/** Stops the fake's clock for an account: its answers are computed at `now` (ms). */
async function stopClock(account: MotiveAccount, now: number) {
  const response = await fetch(
    `${env.MOTIVE_BASE_URL}/__fake/motive/accounts/${encodeURIComponent(account.credential)}/clock`,
    { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ now }) },
  );
  expect(response.status).toBe(200);
}

/** Whole seconds, as ms: what is left of a clock once Motive has answered it in seconds. */
const wholeSeconds = (ms: number) => Math.floor(ms / 1000) * 1000;

/** A driver's canonical clocks as the normalized model carries them once read from Motive. */
function expectedClock(fleet: FleetOptions, driverId: string, now: number) {
  const { currentStatus, ...left } = clocksOf(fleet, driverId, now);
  return {
    driverSourceId: String(motiveIds.user(driverId)),
    ...(currentStatus ? { currentStatus } : {}),
    drive: wholeSeconds(left.drive),
    shift: wholeSeconds(left.shift),
    cycle: wholeSeconds(left.cycle),
    break: wholeSeconds(left.break),
  };
}

/** Every page of the clocks through the adapter, cursor after cursor. */
async function readAll(account: MotiveAccount, pageSize: number) {
  const pages: ProviderPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await clocks.read({
      context: { env },
      credentials: { apiKey: account.credential },
      options: {},
      connection: { id: "conn_test", sourceId: null, createdAt: new Date() },
      pageSize,
      // Motive lists every driver: the connection's drivers are not asked for.
      drivers: ["77001"],
      ...(cursor === undefined ? {} : { cursor }),
    });
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length, "pages").toBeLessThan(50);
  } while (cursor !== undefined);
  return { pages, items: pages.flatMap((page) => page.items) };
}

describe("the fake Motive's available time", () => {
  it("serves each logging driver's clocks in whole seconds, wrapped, paged and filtered by driver_ids[]", async () => {
    const account = await createMotiveAccount({ vehicles: 5 });
    const fleet = fleetOf(account);
    const now = Date.now() - 3_600_000 + 789;
    await stopClock(account, now);
    const response = await get("/v1/available_time", account);
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    const drivers = loggingDriverIds(fleet).sort((a, b) => motiveIds.user(a) - motiveIds.user(b));
    expect(body.users.map(({ user }: any) => user.id)).toEqual(drivers.map(motiveIds.user));
    expect(body.pagination).toEqual({ per_page: 25, page_no: 1, total: drivers.length });
    const first = clocksOf(fleet, drivers[0]!, now);
    expect(body.users[0].user).toMatchObject({
      first_name: expect.any(String),
      last_name: expect.any(String),
      driver_company_id: `D-${motiveIds.user(drivers[0]!)}`,
      duty_status: expect.stringMatching(/^(off_duty|on_duty|driving)$/),
      available_time: {
        drive: Math.floor(first.drive / 1000),
        shift: Math.floor(first.shift / 1000),
        cycle: Math.floor(first.cycle / 1000),
        break: Math.floor(first.break / 1000),
      },
      recap: { on_duty_duration: expect.any(Array), driving_duration: expect.any(Array) },
      last_hos_status: { status: expect.any(String), time: expect.stringMatching(/Z$/) },
      last_cycle_reset: null,
    });
    expect(body.users[0].user.recap.on_duty_duration).toHaveLength(8);

    const ids = async (query: string) =>
      ((await (await get(`/v1/available_time?${query}`, account)).json()) as any).users.map(({ user }: any) => user.id);
    const [a, b] = [motiveIds.user(drivers[1]!), motiveIds.user(drivers[3]!)];
    expect(await ids(`driver_ids[]=${a}&driver_ids[]=${b}`)).toEqual([a, b]);
    expect(await ids(`per_page=2&page_no=2`)).toEqual(drivers.slice(2, 4).map(motiveIds.user));

    const refused = await get("/v1/available_time?driver_ids[]=ana", account);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error_message: expect.any(String) });
  });
});

describe("Motive: the drivers' clocks, read live", () => {
  it("reads every page, whose clocks are the canonical fleet's at the fake's instant, in whole seconds", async () => {
    const account = await createMotiveAccount({ vehicles: 13 });
    const fleet = fleetOf(account);
    // Not on a whole second, so that Motive's seconds lose what is left of one.
    const now = Date.now() - 86_400_000 + 12_345;
    await stopClock(account, now);
    const drivers = loggingDriverIds(fleet).sort((a, b) => motiveIds.user(a) - motiveIds.user(b));
    expect(drivers.length).toBeGreaterThan(10);
    const before = await motiveControl(account, "stats");

    const { pages, items } = await readAll(account, 4);
    expect(pages).toHaveLength(Math.ceil(drivers.length / 4));
    for (const page of pages) expect(page.schema).toBe("/v1/available_time");
    expect(pages.at(-1)!.nextCursor).toBeUndefined();
    expect(items.map((item) => clocks.normalize(item))).toEqual(drivers.map((id) => expectedClock(fleet, id, now)));
    // The payloads are Motive's inner `user` objects, untouched.
    expect(items[0]).toMatchObject({ recap: expect.any(Object), last_hos_status: expect.any(Object) });
    expect((await motiveControl(account, "stats")).requests - before.requests).toBe(pages.length);

    // A page size beyond Motive's is clamped to 100: one page.
    const large = await readAll(account, 5_000);
    expect(large.pages).toHaveLength(1);
    expect(large.items).toEqual(items);
  });

  it("refuses a cursor it did not issue, and refuses the read as not supported when the key may not read clocks", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    for (const cursor of ["not-a-cursor", "2026-11-03/2", "0"]) {
      const error = await clocks
        .read({
          context: { env },
          credentials: { apiKey: account.credential },
          options: {},
          connection: { id: "conn_test", sourceId: null, createdAt: new Date() },
          pageSize: 10,
          drivers: [],
          cursor,
        })
        .catch((caught: unknown) => caught);
      expect(error, cursor).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).kind).toBe("malformed");
    }

    await motiveControl(account, "forbidden", { paths: ["/v1/available_time"] });
    const refused = await readAll(account, 10).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ kind: "not_supported", message: expect.stringContaining("403") });
  });
});
