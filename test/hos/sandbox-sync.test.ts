/**
 * A sandbox connection's hours of service read end to end: created through the API, its backfill
 * synced by the real queue consumer and Durable Object, then its duty-status logs, daily logs and
 * trips read back through the API, where a real ELD's relations hold: a driver's logs follow one
 * another without gap or overlap, the driving logs are the trips, a day's durations are its logs
 * clipped to the day, 24 hours in all, its driving distance the day's trips', and the clocks of
 * /hos/available-time are the rules over the logs.
 */
import { describe, expect, it } from "vitest";
import { DURATION_KEY_OF, type DutyStatus } from "../../src/hos/duty-status";
import { availableTime } from "../../src/hos/rules";
import { syncedSandbox } from "./synced-sandbox";

const DAY_MS = 86_400_000;
const BACKFILL_DAYS = 6;

type Log = { driver: string; status: string; startedAt: string; endedAt?: string; vehicle?: string };
type Trip = { driver?: string; startedAt: string; endedAt: string; distance: number };
type Day = {
  driver: string;
  date: string;
  statusDurations: Record<string, number>;
  distances: { total: number; driving: number };
};

describe("a sandbox connection's hours of service", () => {
  it("hold together as a real ELD's logs do, read through the API", async () => {
    const { job, all } = await syncedSandbox({ days: BACKFILL_DAYS, fleetSize: 6, limit: 500 });
    const logs = await all<Log>("/hos/logs");
    const trips = await all<Trip>("/trips");
    const days = await all<Day>("/hos/daily-logs");
    const synced = Date.parse(job.requestedAt);
    const firstDay = Math.floor(synced / DAY_MS) * DAY_MS - BACKFILL_DAYS * DAY_MS;

    const drivers = [...new Set(logs.map((log) => log.driver))];
    expect(drivers.length).toBeGreaterThan(0);
    let checkedDays = 0;
    for (const driver of drivers) {
      const own = logs.filter((log) => log.driver === driver);
      // One after another: each ends where the next starts; only the last may be under way.
      for (const [index, log] of own.entries()) {
        const next = own[index + 1];
        if (next) expect(log.endedAt, `${driver} ${log.startedAt}`).toBe(next.startedAt);
        else if (log.endedAt !== undefined) expect(Date.parse(log.endedAt)).toBeLessThanOrEqual(Date.now());
      }
      // The driving logs are the driver's trips.
      const driving = own.filter((log) => log.status === "driving");
      const theirTrips = trips.filter((trip) => trip.driver === driver && Date.parse(trip.startedAt) >= firstDay);
      for (const trip of theirTrips) {
        const within = driving.find(
          (log) => log.startedAt <= trip.startedAt && log.endedAt !== undefined && trip.endedAt <= log.endedAt,
        );
        expect(within, `trip at ${trip.startedAt}`).toBeDefined();
      }
      const spanOf = (from: string, to: string) => Date.parse(to) - Date.parse(from);
      const drivingMs = driving
        .filter((log) => Date.parse(log.startedAt) >= firstDay && log.endedAt)
        .reduce((sum, log) => sum + spanOf(log.startedAt, log.endedAt!), 0);
      expect(drivingMs).toBe(theirTrips.reduce((sum, trip) => sum + spanOf(trip.startedAt, trip.endedAt), 0));

      // A whole day: its durations are its logs clipped to it, 24 hours in all; its driving, the trips'.
      for (const day of days.filter((candidate) => candidate.driver === driver)) {
        const start = Date.parse(`${day.date}T00:00:00.000Z`);
        if (start < firstDay || start + DAY_MS > synced) continue;
        const clipped: Record<string, number> = Object.fromEntries(
          Object.values(DURATION_KEY_OF).map((name) => [name, 0]),
        );
        for (const log of own) {
          const ms =
            Math.min(Date.parse(log.endedAt ?? job.requestedAt), start + DAY_MS) -
            Math.max(Date.parse(log.startedAt), start);
          if (ms > 0) clipped[DURATION_KEY_OF[log.status as DutyStatus]]! += ms;
        }
        expect(day.statusDurations, `${driver} ${day.date}`).toEqual(clipped);
        expect(Object.values(day.statusDurations).reduce((sum, ms) => sum + ms, 0)).toBe(DAY_MS);
        const km = theirTrips
          .filter((trip) => trip.startedAt.startsWith(day.date))
          .reduce((sum, trip) => sum + trip.distance, 0);
        expect(Math.abs(day.distances.driving - km), `${driver} ${day.date}`).toBeLessThan(0.1);
        checkedDays++;
      }
    }
    expect(checkedDays).toBeGreaterThan(drivers.length);

    // Each driver's clocks now are the rules over their logs, as read through the API.
    const clocks = await all<{ driver: string; currentStatus?: string; availableTime: Record<string, number> }>(
      "/hos/available-time",
    );
    expect(clocks.map((row) => row.driver).sort()).toEqual([...drivers].sort());
    const at = Date.now();
    for (const row of clocks) {
      const periods = logs
        .filter((log) => log.driver === row.driver)
        .map((log) => ({
          status: log.status as DutyStatus,
          startedAt: Date.parse(log.startedAt),
          ...(log.endedAt ? { endedAt: Date.parse(log.endedAt) } : {}),
        }));
      const expected = availableTime(periods, at, { cycle: "70_8" });
      expect(row.currentStatus, row.driver).toBe(expected.currentStatus);
      for (const clock of ["drive", "shift", "cycle", "break"] as const) {
        expect(Math.abs(row.availableTime[clock]! - expected[clock]), `${row.driver} ${clock}`).toBeLessThan(60_000);
      }
    }
  });
});
