/**
 * Geotab's hours of service end to end: a connection to the fake MyGeotab syncs through the real
 * queue consumer and Durable Object, then GET /hos/logs and GET /hos/daily-logs answer the
 * canonical fleet's hours of service (test/fakes/hos.ts) of the synced window, normalized: each
 * duty status with its end (the driver's next log; none for the one under way), its location and
 * remark; each driver's UTC days in ms per status, their driving distance in km; GET
 * /hos/available-time Geotab's own clocks, read live. A second sync of
 * the same window changes nothing. And the fake's DutyStatusLog itself, against the fidelity
 * checklist (providers-families.md §5).
 */
import { describe, expect, it } from "vitest";
import { DURATION_KEY_OF, DUTY_STATUSES } from "../../src/hos/duty-status";
import { dailyLogOf, dutyPeriodsBetween, loggingDriverIds } from "../fakes/hos.ts";
import { BASE, call } from "../helpers/http";
import { lastSyncId, type SyncJob, waitForSync } from "../helpers/sync";
import { expectClocksWithin } from "../hos/clocks-within";
import { isoDate, setup, startOfDay } from "./geotab-canonical";
import { createGeotabAccount, DAY, type GeotabAccount, geotabRpc, geotabStats, listAll } from "./geotab-helpers";

const iso = (ms: number) => new Date(ms).toISOString();
/** At revision 1 of a 4-vehicle fleet, drv-1 has no vehicle (no logs) and veh-2 no driver (unassigned driving). */
const FLEET = { vehicles: 4, revision: 1 };
const BACKFILL_DAYS = 2;
/** The API's distances have 2 decimals; the fake's odometers are whole meters at each end of a drive. */
const KM_TOLERANCE = 0.02;

/** What the API answers of a connection's hours of service, and the record ids of its drivers and vehicles. */
async function read(key: string, token: string) {
  const [logs, days, drivers, vehicles] = await Promise.all([
    listAll("/hos/logs", key, token),
    listAll("/hos/daily-logs", key, token),
    listAll("/drivers", key, token),
    listAll("/vehicles", key, token),
  ]);
  const ids = new Map<string, string>([...drivers, ...vehicles].map((record) => [record.sourceId, record.id]));
  return { logs, days, idOf: (sourceId: string) => ids.get(sourceId) };
}

/** The canonical logs of a driver overlapping [from, to), as they stood at `now`, in the API's shape. */
function expectedLogs(
  account: GeotabAccount,
  driverId: string,
  from: number,
  to: number,
  now: number,
  idOf: (id: string) => string | undefined,
) {
  return dutyPeriodsBetween(account.fleet, driverId, from, to, now).map((period) => ({
    status: period.status,
    sourceId: period.id,
    driver: idOf(period.driverId),
    vehicle: idOf(period.vehicleId),
    location: period.location,
    remarks: period.remark
      ? [{ sourceId: expect.any(String), submittedAt: iso(period.startedAt), notes: period.remark }]
      : [],
    startedAt: iso(period.startedAt),
    ...(period.endedAt !== undefined ? { endedAt: iso(period.endedAt) } : {}),
  }));
}

/** Passes when `actual` equals one of the candidates (the fleet as it stood at one instant of the sync). */
function expectOneOf(actual: unknown, candidates: readonly unknown[], label: string) {
  let first: unknown;
  for (const candidate of candidates) {
    try {
      expect(actual, label).toEqual(candidate);
      return;
    } catch (error) {
      first ??= error;
    }
  }
  throw first;
}

const withoutMetadata = ({ id: _id, provider, metadata: _metadata, ...record }: any) => {
  expect(provider).toBe("geotab");
  return record;
};

function expectStored(account: GeotabAccount, job: SyncJob, stored: Awaited<ReturnType<typeof read>>) {
  const from = startOfDay(Date.parse(job.startFrom!));
  const to = startOfDay(Date.parse(job.requestedAt)) + DAY;
  const [early, late] = [Date.parse(job.requestedAt), Date.parse(job.completedAt!)];
  const drivers = loggingDriverIds(account.fleet);
  expect(drivers).toEqual(["drv-3", "drv-4", "drv-5"]);

  // Logs: a driver's logs were read at one instant of the sync.
  expect(new Set(stored.logs.map((log) => log.driver))).toEqual(new Set(drivers.map(stored.idOf)));
  for (const driverId of drivers) {
    const actual = stored.logs
      .filter((log) => log.driver === stored.idOf(driverId))
      .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
      .map(withoutMetadata);
    const candidates = [early, late].map((now) => expectedLogs(account, driverId, from, to, now, stored.idOf));
    expectOneOf(actual, candidates, driverId);
  }

  // Days: those over before the sync exactly; today's as far as it had gone when it was read.
  let expectedDays = 0;
  for (const driverId of drivers) {
    for (let day = from / DAY; day * DAY < to; day++) {
      const date = isoDate(day * DAY);
      const row = stored.days.find(
        (candidate) => candidate.driver === stored.idOf(driverId) && candidate.date === date,
      );
      const [before, after] = [
        dailyLogOf(account.fleet, driverId, day, early),
        dailyLogOf(account.fleet, driverId, day, late),
      ];
      if (!after) continue;
      expectedDays++;
      expect(row, `${driverId} ${date}`).toBeDefined();
      const { sourceId, statusDurations, distances } = withoutMetadata(row);
      expect(sourceId).toBe(`${driverId}:${date}`);
      for (const status of DUTY_STATUSES) {
        const ms = statusDurations[DURATION_KEY_OF[status]];
        expect(ms, `${driverId} ${date} ${status}`).toBeGreaterThanOrEqual(before?.durations[status] ?? 0);
        expect(ms, `${driverId} ${date} ${status}`).toBeLessThanOrEqual(after.durations[status]);
      }
      expect(distances.driving, `${driverId} ${date}`).toBeGreaterThanOrEqual((before?.drivingKm ?? 0) - KM_TOLERANCE);
      expect(distances.driving, `${driverId} ${date}`).toBeLessThanOrEqual(after.drivingKm + KM_TOLERANCE);
      expect(distances).toMatchObject({ total: distances.driving, personalConveyance: 0, yardMove: 0 });
      if ((day + 1) * DAY <= early) {
        const total = Object.values(statusDurations as Record<string, number>).reduce((sum, ms) => sum + ms, 0);
        expect(total, `${driverId} ${date}`).toBe(DAY);
      }
    }
  }
  expect(stored.days).toHaveLength(expectedDays);
}

describe("a Geotab connection's hours of service, through the API", () => {
  it("are the canonical duty-status logs and days of the synced window, and a second sync changes nothing", async () => {
    const { account, key, token } = await setup(FLEET, { backfill: { days: BACKFILL_DAYS } });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 });
    expect(job.status, job.failureReason).toBe("completed");
    const first = await read(key, token);
    expect(first.logs.length).toBeGreaterThan(3 * BACKFILL_DAYS * 6);
    expectStored(account, job, first);
    // One Get DutyStatusLog a driver (logging or not: drv-1 has no vehicle) for each model.
    const stats = await geotabStats(account);
    expect(stats.calls["Get DutyStatusLog"]).toBe(2 * 4);

    // Geotab's own clocks, read live for each of the connection's drivers (drv-1, who logs nothing, has none).
    const askedAt = Date.now();
    const clocks = await call("GET", `${BASE.sandbox}/hos/available-time`, { key, token });
    const answeredAt = Date.now();
    expect(clocks.status).toBe(200);
    expect((await geotabStats(account)).calls["Get DutyStatusAvailability"]).toBe(4);
    const logging = loggingDriverIds(account.fleet);
    expect(clocks.body.results.map((row: any) => row.driver)).toEqual(logging.map(first.idOf).sort());
    for (const row of clocks.body.results) {
      expect(row).toMatchObject({ provider: "geotab", source: "provider" });
      expect(row).not.toHaveProperty("cycleRule");
      const driverId = logging.find((id) => first.idOf(id) === row.driver)!;
      expectClocksWithin(account.fleet, driverId, row.availableTime, askedAt, answeredAt);
    }

    const raw = await call("GET", `${BASE.sandbox}/hos/logs?raw=true&limit=1`, { key, token });
    expect(raw.body.results[0].raw[0]).toMatchObject({ provider: "geotab", schema: "geotab.DutyStatusLog" });
    expect(raw.body.results[0].raw[0].data).toMatchObject({
      dutyStatusLog: {
        status: expect.stringMatching(/^(OFF|ON|D)$/),
        state: "Active",
        driver: { id: expect.any(String) },
      },
      nextDutyStatusLog: { dateTime: raw.body.results[0].endedAt },
    });

    const again = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { startFrom: job.startFrom } });
    expect(again.status).toBe(201);
    const { job: second } = await waitForSync(key, token, again.body.id, { timeoutMs: 60_000 });
    expect(second.status, second.failureReason).toBe("completed");
    const after = await read(key, token);
    expectStored(account, second, after);
    // Unchanged, unless a status began between the two syncs (then that driver's logs moved on).
    const from = startOfDay(Date.parse(job.startFrom!));
    const to = startOfDay(Date.parse(job.requestedAt)) + DAY;
    for (const driverId of loggingDriverIds(account.fleet)) {
      const moved =
        JSON.stringify(expectedLogs(account, driverId, from, to, Date.parse(job.requestedAt), first.idOf)) !==
        JSON.stringify(expectedLogs(account, driverId, from, to, Date.parse(second.completedAt!), first.idOf));
      if (moved) continue;
      const own = (logs: any[]) =>
        logs.filter((log) => log.driver === first.idOf(driverId)).map((log) => [log.id, log.metadata.modifiedAt]);
      expect(own(after.logs), driverId).toEqual(own(first.logs));
    }
    const today = isoDate(Date.parse(second.requestedAt));
    const days = (rows: any[]) => rows.map((row) => [row.id, row.date === today ? "today" : row.metadata.modifiedAt]);
    expect(days(after.days)).toEqual(days(first.days));
  }, 120_000);
});

describe("the fake's DutyStatusLog", () => {
  it("answers logs without an end, statuses as codes, events and edits among them, bare system ids, the boundary log", async () => {
    const account = await createGeotabAccount(FLEET);
    const { result } = await geotabRpc("Authenticate", {
      database: account.database,
      userName: account.userName,
      password: account.password,
    });
    const { credentials } = result;
    const now = Date.now();
    const fromDate = iso(startOfDay(now) - DAY);
    const toDate = iso(now);
    const all = (await geotabRpc("Get", { typeName: "DutyStatusLog", search: { fromDate, toDate }, credentials }))
      .result;
    const statuses = new Set(all.map((log: any) => log.status));
    for (const status of ["OFF", "ON", "D", "INT_D", "Login", "Logoff"])
      expect(statuses.has(status), status).toBe(true);
    expect(all.some((log: any) => log.state === "Requested")).toBe(true);
    // Unassigned driving (veh-2 has no driver) is the bare system id, beside references.
    expect(all.filter((log: any) => log.driver === "UnknownDriverId").map((log: any) => log.device.id)).toContain(
      "veh-2",
    );
    expect(all.some((log: any) => typeof log.driver === "object")).toBe(true);
    for (const log of all) {
      expect(log.dateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(log.version).toMatch(/^[0-9a-f]{16}$/);
      expect(Date.parse(log.dateTime)).toBeGreaterThanOrEqual(Date.parse(fromDate));
      expect(Date.parse(log.dateTime)).toBeLessThanOrEqual(now);
      expect(log).not.toHaveProperty("location");
      expect(log).not.toHaveProperty("odometer");
      for (const field of ["endDateTime", "endTime", "duration"]) expect(log).not.toHaveProperty(field);
    }
    expect(all.map((log: any) => log.dateTime)).toEqual([...all.map((log: any) => log.dateTime)].sort());

    const search = {
      userSearch: { id: "drv-3" },
      fromDate,
      toDate,
      statuses: ["OFF", "SB", "D", "ON", "PC", "YM", "WT"],
      includeBoundaryLogs: true,
      includeLocations: true,
      includeCompliance: true,
    };
    const own = (await geotabRpc("Get", { typeName: "DutyStatusLog", search, credentials })).result;
    expect(Date.parse(own[0].dateTime)).toBeLessThan(Date.parse(fromDate));
    expect(own[0]).toMatchObject({ status: "OFF", state: "Active" });
    for (const log of own) {
      expect(log.driver).toEqual({ id: "drv-3" });
      expect(search.statuses).toContain(log.status);
      expect(log.location).toEqual({ location: { x: expect.any(Number), y: expect.any(Number) } });
      expect(Number.isInteger(log.odometer)).toBe(true);
    }
    expect(own.filter((log: any) => log.status === "D").every((log: any) => log.device.id === "veh-3")).toBe(true);
    const cut = await geotabRpc("Get", { typeName: "DutyStatusLog", search, resultsLimit: 2, credentials });
    expect(cut.result).toEqual(own.slice(0, 2));
    const byDevice = (
      await geotabRpc("Get", {
        typeName: "DutyStatusLog",
        search: { deviceSearch: { id: "veh-2" }, fromDate, toDate },
        credentials,
      })
    ).result;
    expect(byDevice.length).toBeGreaterThan(0);
    expect(byDevice.every((log: any) => log.driver === "UnknownDriverId")).toBe(true);
    const undated = await geotabRpc("Get", {
      typeName: "DutyStatusLog",
      search: { userSearch: { id: "drv-3" } },
      credentials,
    });
    expect(undated.error.data.type).toBe("ArgumentException");
  });
});
