/**
 * Samsara's hours of service end to end: the fake Samsara's HOS endpoints over real HTTP (their
 * shapes and refusals), then a connection made through the API, its first sync by the real queue
 * consumer and Durable Object, and what GET /hos/logs and GET /hos/daily-logs answer, against
 * the canonical fleet's hours of service (test/fakes/hos.ts) as Samsara carries them: statuses
 * by name, times to the second, driver and vehicle ids resolved to ours, metres back to km. A
 * second sync changes nothing that was over. The fleet is big enough for several pages of both.
 *
 * The fake answers at its own instant, somewhere within the sync: what is still going on (the
 * status under way, today's totals) is checked between the canonical fleet at the sync's request
 * and at its completion.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DURATION_KEY_OF } from "../../src/hos/duty-status";
import { driversAt, type FleetOptions, vehiclesAt } from "../fakes/fleet.ts";
import { type CanonicalDutyPeriod, dailyLogOf, dutyPeriodsBetween, loggingDriverIds } from "../fakes/hos.ts";
import { DAILY_LOGS_PAGE_SIZE, HOS_LOGS_PAGE_SIZE } from "../fakes/samsara/hos-routes.ts";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { connectSamsara, createSamsaraAccount, listAll, samsaraLog } from "./samsara-helpers";

const DAY_MS = 86_400_000;
const BACKFILL_DAYS = 6;
const iso = (ms: number) => new Date(ms).toISOString();
const round2 = (value: number) => Math.round(value * 100) / 100;

function get(path: string, token: string) {
  return fetch(`${env.SAMSARA_BASE_URL}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

describe("the fake Samsara's hours of service", () => {
  it("groups logs by driver with the tiny vehicle's capital-E ExternalIds, and days in ms and metres", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 2 });
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const logs = await get(`/fleet/hos/logs?startTime=${iso(today - DAY_MS)}&endTime=${iso(today)}`, token);
    expect(logs.status).toBe(200);
    const body = (await logs.json()) as any;
    expect(body.pagination).toEqual({ endCursor: "", hasNextPage: false });
    expect(body.data[0]).toMatchObject({ driver: { id: expect.any(String), name: expect.any(String) } });
    expect(body.data[0].hosLogs[0]).toMatchObject({
      hosStatusType: expect.stringMatching(/^(offDuty|onDuty|driving)$/),
      logStartTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      vehicle: { id: expect.any(String), ExternalIds: { "samsara.vin": expect.any(String) } },
    });

    const date = iso(today - DAY_MS).slice(0, 10);
    const days = (await (await get(`/fleet/hos/daily-logs?startDate=${date}&endDate=${date}`, token)).json()) as any;
    expect(days.data[0]).toMatchObject({
      startTime: `${date}T00:00:00+00:00`,
      dutyStatusDurations: { driveDurationMs: expect.any(Number), waitingTimeDurationMs: 0 },
      distanceTraveled: { driveDistanceMeters: expect.any(Number) },
    });
  });

  it("refuses what Samsara refuses with a 400 { message, requestId }", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 1 });
    for (const path of [
      "/fleet/hos/daily-logs?endDate=2026-03-01",
      "/fleet/hos/daily-logs?startDate=2026-02-30&endDate=2026-03-01",
      "/fleet/hos/daily-logs?startDate=2026-03-01T00:00:00Z&endDate=2026-03-02",
      "/fleet/hos/daily-logs?startDate=2026-03-02&endDate=2026-03-01",
      "/fleet/hos/daily-logs?startDate=2026-03-01&endDate=2026-03-01&driverActivationStatus=all",
      "/fleet/hos/logs?startTime=yesterday",
      "/fleet/hos/logs?startTime=2026-03-02T00:00:00Z&endTime=2026-03-01T00:00:00Z",
      "/fleet/hos/logs?after=not-a-cursor",
    ]) {
      const response = await get(path, token);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ message: expect.any(String), requestId: expect.any(String) });
    }
  });
});

type ApiLog = { id: string; sourceId: string; driver: string; vehicle?: string; [field: string]: any };
type ApiDay = { id: string; sourceId: string; driver: string; date: string; [field: string]: any };

/** A canonical period as the API answers it once synced from Samsara (ids by source id). */
function expectedLog(period: CanonicalDutyPeriod) {
  return {
    sourceId: `${period.driverId}:${iso(period.startedAt)}`,
    status: period.status,
    driver: period.driverId,
    vehicle: period.vehicleId,
    location: period.location,
    remarks: period.remark ? [{ notes: period.remark }] : [],
    startedAt: iso(period.startedAt),
    ...(period.endedAt === undefined ? {} : { endedAt: iso(period.endedAt) }),
  };
}

describe("a Samsara connection's hours of service", () => {
  it("sync to the canonical fleet's logs and days over several pages, and sync again to no change", async () => {
    const app = await createTestApplication();
    const account = await createSamsaraAccount({ vehicles: 16 });
    const { fleet } = account;
    const connection = await connectSamsara(app, account.token, { backfill: { days: BACKFILL_DAYS } });
    const key = app.keys.sandbox.secret;
    const token = connection.token;
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 });
    expect(job).toMatchObject({ status: "completed" });
    expect(job.issues).toEqual([]);

    const sourceOf = new Map<string, string>();
    for (const path of ["/drivers", "/vehicles"]) {
      for (const record of await listAll(key, token, path)) sourceOf.set(record.id, record.sourceId);
    }
    const [requested, completed] = [Date.parse(job.requestedAt), Date.parse(job.completedAt!)];
    const firstDay = Math.floor(Date.parse(job.startFrom!) / DAY_MS) * DAY_MS;
    const today = Math.floor(requested / DAY_MS) * DAY_MS;
    const drivers = loggingDriverIds(fleet);
    expect(drivers).toHaveLength(vehiclesAt(fleet).length);

    const logs = await listAll<ApiLog>(key, token, "/hos/logs");
    expectLogsOfCanonical(fleet, logs, sourceOf, { drivers, firstDay, requested, completed });
    const days = await listAll<ApiDay>(key, token, "/hos/daily-logs");
    expectDaysOfCanonical(fleet, days, sourceOf, { drivers, firstDay, today, requested, completed });

    // Several pages of each: a driver's logs run over from one page to the next.
    const requests = await samsaraLog(account.token);
    const logPages = requests.filter((request) => request.path === "/fleet/hos/logs");
    expect(logPages.length).toBeGreaterThanOrEqual(Math.ceil(logs.length / HOS_LOGS_PAGE_SIZE));
    expect(logPages.length).toBeGreaterThan(2);
    expect(logPages.slice(1).every((request) => request.query.after)).toBe(true);
    expect(logPages[0]!.query).toMatchObject({ startTime: iso(firstDay), endTime: iso(today + DAY_MS) });
    // Active drivers' days, then deactivated drivers' (Samsara lists active drivers unless asked).
    const dayPages = requests.filter((request) => request.path === "/fleet/hos/daily-logs");
    const pagesOf = (status: string) => dayPages.filter((r) => r.query.driverActivationStatus === status).length;
    const daysPerDriver = (today - firstDay) / DAY_MS + 1;
    const active = driversAt(fleet).filter((driver) => driver.active && drivers.includes(driver.id)).length;
    expect(pagesOf("active")).toBe(Math.max(1, Math.ceil((active * daysPerDriver) / DAILY_LOGS_PAGE_SIZE)));
    expect(pagesOf("active")).toBeGreaterThan(1);
    expect(pagesOf("deactivated")).toBe(
      Math.max(1, Math.ceil(((drivers.length - active) * daysPerDriver) / DAILY_LOGS_PAGE_SIZE)),
    );
    expect(dayPages[0]!.query).toMatchObject({
      startDate: iso(firstDay).slice(0, 10),
      endDate: iso(today).slice(0, 10),
    });

    // Samsara's own payloads as the raw entries: a log with its driver, a day as Samsara sent it.
    const [rawLog] = (await call("GET", `${BASE.sandbox}/hos/logs?raw=true&limit=1`, { key, token })).body.results;
    expect(rawLog.raw[0]).toMatchObject({
      provider: "samsara",
      schema: "samsara.fleet.hos.logs",
      data: { driver: { id: sourceOf.get(rawLog.driver) }, hosLog: { vehicle: { ExternalIds: expect.any(Object) } } },
    });
    const [rawDay] = (await call("GET", `${BASE.sandbox}/hos/daily-logs?raw=true&limit=1`, { key, token })).body
      .results;
    expect(rawDay.raw[0]).toMatchObject({
      schema: "samsara.fleet.hos.daily-logs",
      data: { dutyStatusDurations: expect.any(Object), distanceTraveled: expect.any(Object) },
    });

    // A second sync: the same ids, and what was over then is untouched.
    const again = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    expect(again.status).toBe(201);
    const second = (await waitForSync(key, token, again.body.id, { timeoutMs: 60_000 })).job;
    expect(second).toMatchObject({ status: "completed", issues: [] });
    const logsAfter = new Map((await listAll<ApiLog>(key, token, "/hos/logs")).map((log) => [log.sourceId, log]));
    for (const log of logs) {
      const after = logsAfter.get(log.sourceId);
      expect(after?.id, log.sourceId).toBe(log.id);
      if (log.endedAt) expect(after).toEqual(log);
    }
    for (const log of logsAfter.values()) {
      if (!logs.some((before) => before.sourceId === log.sourceId)) {
        expect(Date.parse(log.startedAt)).toBeGreaterThanOrEqual(requested);
      }
    }
    const daysAfter = new Map((await listAll<ApiDay>(key, token, "/hos/daily-logs")).map((day) => [day.sourceId, day]));
    expect(daysAfter.size).toBe(days.length);
    for (const day of days) {
      const after = daysAfter.get(day.sourceId);
      expect(after?.id, day.sourceId).toBe(day.id);
      if (day.date < iso(today).slice(0, 10)) expect(after).toEqual(day);
    }
  }, 150_000);
});

type Bounds = { drivers: string[]; firstDay: number; requested: number; completed: number };

/**
 * Each driver's logs are the canonical periods overlapping the synced window, as they stood at
 * the sync's request or at its completion (one of them, should a status end during the sync).
 */
function expectLogsOfCanonical(fleet: FleetOptions, logs: ApiLog[], sourceOf: Map<string, string>, bounds: Bounds) {
  const projected = logs.map(({ id: _id, metadata: _metadata, provider: _provider, driver, vehicle, ...rest }) => ({
    ...rest,
    driver: sourceOf.get(driver),
    vehicle: vehicle && sourceOf.get(vehicle),
  }));
  expect(new Set(projected.map((log) => log.driver))).toEqual(new Set(bounds.drivers));
  const end = Math.floor(bounds.requested / DAY_MS) * DAY_MS + DAY_MS;
  for (const driverId of bounds.drivers) {
    const actual = projected.filter((log) => log.driver === driverId);
    const at = (now: number) => dutyPeriodsBetween(fleet, driverId, bounds.firstDay, end, now).map(expectedLog);
    expect([at(bounds.requested), at(bounds.completed)], driverId).toContainEqual(actual);
  }
}

/**
 * Each driver's days from the first synced day to today: a day that is over exactly, today's
 * every total between the canonical day at the sync's request and at its completion (totals
 * only grow). Distances through metres (2 decimals) back to km (2 decimals).
 */
function expectDaysOfCanonical(
  fleet: FleetOptions,
  days: ApiDay[],
  sourceOf: Map<string, string>,
  bounds: Bounds & { today: number },
) {
  expect(days).toHaveLength(bounds.drivers.length * ((bounds.today - bounds.firstDay) / DAY_MS + 1));
  for (const day of days) {
    const driverId = sourceOf.get(day.driver)!;
    const dayIndex = Date.parse(`${day.date}T00:00:00Z`) / DAY_MS;
    expect(day.sourceId).toBe(`${driverId}:${day.date}`);
    const low = dailyLogOf(fleet, driverId, dayIndex, bounds.requested)!;
    const high = dailyLogOf(fleet, driverId, dayIndex, bounds.completed)!;
    for (const [status, key] of Object.entries(DURATION_KEY_OF)) {
      const ms = day.statusDurations[key];
      expect(ms, `${day.sourceId} ${key}`).toBeGreaterThanOrEqual(low.durations[status as keyof typeof low.durations]);
      expect(ms, `${day.sourceId} ${key}`).toBeLessThanOrEqual(high.durations[status as keyof typeof high.durations]);
    }
    const km = day.distances.driving;
    expect(km, day.sourceId).toBeGreaterThanOrEqual(round2(low.drivingKm) - 0.01);
    expect(km, day.sourceId).toBeLessThanOrEqual(round2(high.drivingKm) + 0.01);
    expect(day.distances).toMatchObject({ total: km, personalConveyance: 0, yardMove: 0 });
  }
}
