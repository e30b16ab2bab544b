/**
 * Samsara's own hours-of-service clocks, read live (`GET /fleet/hos/clocks`, providers-families.md
 * 1.3): payloads in Samsara's real shape → the normalized clocks (the reference example, every
 * status, a disconnected app's empty status, a driver over a limit, malformed payloads refused);
 * the fake Samsara's endpoint over real HTTP (its filters, `limit` cap and cursors); then the
 * adapter's live read of every page against the canonical fleet's clocks (test/fakes/hos.ts) at
 * the instant the fake's clock is stopped at.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { samsaraAdapter } from "../../src/providers/samsara/adapter";
import { encodeSamsaraCursor } from "../../src/providers/samsara/cursor";
import { mapHosClock } from "../../src/providers/samsara/models/hos-clocks";
import type { HosClockSource, ProviderPage } from "../../src/providers/types";
import { driversAt, type FleetOptions } from "../fakes/fleet.ts";
import { clocksOf, loggingDriverIds } from "../fakes/hos.ts";
import { createSamsaraAccount, denySamsaraScopes, samsaraLog } from "./samsara-helpers";

const clocks = samsaraAdapter.models.hosAvailableTime as HosClockSource;

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

/** The reference example of `GET /fleet/hos/clocks` (providers-families.md 1.3). */
const EXAMPLE = {
  driver: { id: "88668", name: "Susan Bob" },
  currentDutyStatus: { hosStatusType: "driving" },
  currentVehicle: { id: "281474978683353", name: "Truck 104" },
  clocks: {
    drive: { driveRemainingDurationMs: 12600000 },
    shift: { shiftRemainingDurationMs: 21600000 },
    cycle: {
      cycleRemainingDurationMs: 143280000,
      cycleStartedAtTime: "2025-10-29T12:00:00Z",
      cycleTomorrowDurationMs: 151200000,
    },
    break: { timeUntilBreakDurationMs: 5400000 },
  },
  violations: { cycleViolationDurationMs: 0, shiftDrivingViolationDurationMs: 0 },
};

/** The example with other clock values (a partial `clocks` replaces those it names). */
const withClocks = (values: Partial<Record<"drive" | "shift" | "cycle" | "break", number>>) => ({
  ...EXAMPLE,
  clocks: {
    drive: { driveRemainingDurationMs: values.drive ?? 12600000 },
    shift: { shiftRemainingDurationMs: values.shift ?? 21600000 },
    cycle: { ...EXAMPLE.clocks.cycle, cycleRemainingDurationMs: values.cycle ?? 143280000 },
    break: { timeUntilBreakDurationMs: values.break ?? 5400000 },
  },
});

describe("Samsara clocks → the normalized clocks", () => {
  it("maps the reference example: ms left, the driver, the status", () => {
    expect(clocks.normalize(EXAMPLE)).toEqual({
      driverSourceId: "88668",
      currentStatus: "driving",
      drive: 12_600_000,
      shift: 21_600_000,
      cycle: 143_280_000,
      break: 5_400_000,
    });
  });

  it("maps every hosStatusType as the HOS logs do; an empty one (app disconnected) or an unknown one is no status", () => {
    const statusOf = (hosStatusType: unknown) =>
      mapHosClock({ ...EXAMPLE, currentDutyStatus: { hosStatusType } }).currentStatus;
    expect(statusOf("offDuty")).toBe("off_duty");
    expect(statusOf("sleeperBed")).toBe("sleeper_bed");
    expect(statusOf("driving")).toBe("driving");
    expect(statusOf("onDuty")).toBe("on_duty");
    expect(statusOf("yardMove")).toBe("yard_move");
    expect(statusOf("personalConveyance")).toBe("personal_conveyance");
    for (const none of ["", null, "waitingTime", "toString"]) {
      expect(mapHosClock({ ...EXAMPLE, currentDutyStatus: { hosStatusType: none } })).not.toHaveProperty(
        "currentStatus",
      );
    }
    const { currentDutyStatus: _status, ...withoutStatus } = EXAMPLE;
    expect(mapHosClock(withoutStatus)).toEqual({
      driverSourceId: "88668",
      drive: 12_600_000,
      shift: 21_600_000,
      cycle: 143_280_000,
      break: 5_400_000,
    });
  });

  it("a driver over a limit has 0 left (the payload keeps the negative value); fractions round to whole ms", () => {
    const over = withClocks({ drive: -1_800_000, shift: -0.4, cycle: 3_600_000.6, break: 0 });
    expect(mapHosClock(over)).toEqual({
      driverSourceId: "88668",
      currentStatus: "driving",
      drive: 0,
      shift: 0,
      cycle: 3_600_001,
      break: 0,
    });
    expect(Object.is(mapHosClock(over).shift, 0)).toBe(true);
    expect(over.clocks.drive.driveRemainingDurationMs).toBe(-1_800_000);
  });

  it("refuses a payload without a clock value or a driver id as malformed", () => {
    const { drive: _drive, ...noDrive } = EXAMPLE.clocks;
    const clocksWith = (changed: object) => ({ ...EXAMPLE, clocks: { ...EXAMPLE.clocks, ...changed } });
    malformed(() => mapHosClock({ ...EXAMPLE, clocks: noDrive }));
    malformed(() => mapHosClock(clocksWith({ break: {} })));
    malformed(() => mapHosClock(clocksWith({ shift: { shiftRemainingDurationMs: null } })));
    malformed(() => mapHosClock(clocksWith({ cycle: { cycleRemainingDurationMs: "143280000" } })));
    malformed(() => mapHosClock({ ...EXAMPLE, clocks: null }));
    malformed(() => mapHosClock({ ...EXAMPLE, driver: { name: "Susan Bob" } }));
    malformed(() => mapHosClock({ ...EXAMPLE, driver: { id: "" } }));
    malformed(() => mapHosClock(null));
  });

  it("is a supported model, read live in the HOS logs' pace bucket", () => {
    expect(samsaraAdapter.supportedModels.hosAvailableTime).toBe("supported");
    expect(clocks.pace).toBe("hosLogs");
    expect(samsaraAdapter.paceBucket.hosAvailableTime).toBe("hosLogs");
  });
});

function get(path: string, token: string) {
  return fetch(`${env.SAMSARA_BASE_URL}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

/** Stops the fake's clock for a token: its answers are computed at `now` (ms). */
async function stopClock(token: string, now: number) {
  const response = await fetch(`${env.SAMSARA_BASE_URL}/__fake/samsara/clock/${encodeURIComponent(token)}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ now }),
  });
  expect(response.status).toBe(200);
}

/** A driver's canonical clocks as the normalized model carries them. */
function expectedClock(fleet: FleetOptions, driverId: string, now: number) {
  const { currentStatus, ...left } = clocksOf(fleet, driverId, now);
  return { driverSourceId: driverId, ...(currentStatus ? { currentStatus } : {}), ...left };
}

/** Every page of the clocks through the adapter, cursor after cursor. */
async function readAll(apiToken: string, pageSize: number) {
  const pages: ProviderPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await clocks.read({
      context: { env },
      credentials: { apiToken },
      options: {},
      connection: { id: "conn_test", sourceId: null, createdAt: new Date() },
      pageSize,
      // Samsara lists every driver: the connection's drivers are not asked for.
      drivers: ["drv-1"],
      ...(cursor === undefined ? {} : { cursor }),
    });
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length, "pages").toBeLessThan(50);
  } while (cursor !== undefined);
  return { pages, items: pages.flatMap((page) => page.items) };
}

describe("the fake Samsara's clocks", () => {
  it("serves each logging driver's clocks in Samsara's shape, filtered, limited and paged", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 6 });
    const now = Date.now() - 3_600_123;
    await stopClock(token, now);
    const response = await get("/fleet/hos/clocks", token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    const drivers = loggingDriverIds(fleet);
    expect(body.data.map((item: any) => item.driver.id)).toEqual(drivers);
    expect(body.pagination).toEqual({ endCursor: "", hasNextPage: false });
    const first = clocksOf(fleet, drivers[0]!, now);
    expect(body.data[0]).toMatchObject({
      driver: { id: drivers[0], name: expect.any(String) },
      currentVehicle: { id: expect.any(String), ExternalIds: { "samsara.vin": expect.any(String) } },
      currentDutyStatus: { hosStatusType: expect.stringMatching(/^(offDuty|onDuty|driving)$/) },
      clocks: {
        drive: { driveRemainingDurationMs: first.drive },
        shift: { shiftRemainingDurationMs: first.shift },
        cycle: {
          cycleRemainingDurationMs: first.cycle,
          cycleStartedAtTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/),
          cycleTomorrowDurationMs: expect.any(Number),
        },
        break: { timeUntilBreakDurationMs: first.break },
      },
      violations: { cycleViolationDurationMs: 0, shiftDrivingViolationDurationMs: 0 },
    });

    const ids = async (query: string) =>
      ((await (await get(`/fleet/hos/clocks?${query}`, token)).json()) as any).data.map((item: any) => item.driver.id);
    const west = driversAt(fleet).flatMap((driver) => (driver.groupIds.includes("g-west-la") ? [driver.id] : []));
    expect(await ids(`driverIds=${drivers[1]},${drivers[2]}`)).toEqual([drivers[1], drivers[2]]);
    expect(await ids("tagIds=g-west-la")).toEqual(drivers.filter((id) => west.includes(id)));

    const page = (await (await get("/fleet/hos/clocks?limit=2", token)).json()) as any;
    expect(page.data).toHaveLength(2);
    expect(page.pagination.hasNextPage).toBe(true);
    const next = await get(`/fleet/hos/clocks?limit=2&after=${page.pagination.endCursor}`, token);
    expect(((await next.json()) as any).data.map((item: any) => item.driver.id)).toEqual(drivers.slice(2, 4));

    for (const query of ["limit=513", "limit=0", "limit=two", "after=not-a-cursor"]) {
      const refused = await get(`/fleet/hos/clocks?${query}`, token);
      expect(refused.status, query).toBe(400);
      expect(await refused.json()).toEqual({ message: expect.any(String), requestId: expect.any(String) });
    }
    const reused = await get(`/fleet/hos/clocks?limit=2&tagIds=g-west-la&after=${page.pagination.endCursor}`, token);
    expect(reused.status).toBe(400);
  });
});

describe("Samsara: the drivers' clocks, read live", () => {
  it("reads every page, whose clocks are the canonical fleet's at the fake's instant", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 14 });
    const now = Date.now() - 86_400_000 + 12_345;
    await stopClock(token, now);
    const drivers = loggingDriverIds(fleet);
    expect(drivers.length).toBeGreaterThan(10);

    const { pages, items } = await readAll(token, 4);
    expect(pages).toHaveLength(Math.ceil(drivers.length / 4));
    for (const page of pages) expect(page.schema).toBe("samsara.fleet.hos.clocks");
    expect(pages.at(-1)!.nextCursor).toBeUndefined();
    expect(items.map((item) => clocks.normalize(item))).toEqual(drivers.map((id) => expectedClock(fleet, id, now)));
    // The payloads are Samsara's, untouched.
    expect(items[0]).toMatchObject({ currentVehicle: expect.any(Object), violations: expect.any(Object) });

    const requests = (await samsaraLog(token)).filter((request) => request.path === "/fleet/hos/clocks");
    expect(requests).toHaveLength(pages.length);
    for (const request of requests) {
      expect(request.status).toBe(200);
      expect(request.query.limit).toBe("4");
      expect(request.query).not.toHaveProperty("driverIds");
    }

    // A page size beyond Samsara's is clamped to 512: one page.
    const large = await readAll(token, 5_000);
    expect(large.pages).toHaveLength(1);
    expect(large.items).toEqual(items);
    expect((await samsaraLog(token)).at(-1)!.query.limit).toBe("512");
  });

  it("refuses a cursor it did not issue, and refuses the read as not supported when the token lacks the ELD scope", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 2 });
    const read = (cursor: string) =>
      clocks.read({
        context: { env },
        credentials: { apiToken: token },
        options: {},
        connection: { id: "conn_test", sourceId: null, createdAt: new Date() },
        pageSize: 10,
        drivers: [],
        cursor,
      });
    // Garbage, and a cursor of the synced HOS logs' listing.
    for (const cursor of ["not-a-cursor", encodeSamsaraCursor({ model: "hosLogs", after: "x" })]) {
      const error = await read(cursor).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).kind).toBe("malformed");
    }

    await denySamsaraScopes(token, ["Read ELD Compliance Settings (US)"]);
    const refused = await readAll(token, 10).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ kind: "not_supported", message: expect.stringContaining("403") });
  });
});
