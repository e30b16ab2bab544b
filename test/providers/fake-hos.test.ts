/**
 * The canonical hours of service every fake provider serves (test/fakes/hos.ts): a driver's
 * periods follow one another, the driving periods are the vehicle's trips, and a day's totals are
 * its periods clipped to it, 24 hours for a day that is over.
 */
import { describe, expect, it } from "vitest";
import { dailyLogOf, dutyPeriodsBetween, loggingDriverIds, vehicleOfDriver } from "../fakes/hos";
import { tripsOfDay } from "../fakes/series";

const DAY_MS = 86_400_000;
const OPTIONS = { seed: "fake-hos", vehicles: 5, revision: 2 };
const DAY = Math.floor(Date.parse("2026-03-10T00:00:00Z") / DAY_MS);
const NOW = (DAY + 3) * DAY_MS + 9 * 3_600_000;

describe("the fakes' canonical hours of service", () => {
  it("tile each driver's time, drive exactly the trips, and sum each day to 24 hours", () => {
    const drivers = loggingDriverIds(OPTIONS);
    expect(drivers.length).toBeGreaterThan(2);
    for (const driverId of drivers) {
      const periods = dutyPeriodsBetween(OPTIONS, driverId, DAY * DAY_MS, NOW, NOW);
      for (const [index, period] of periods.entries()) {
        const next = periods[index + 1];
        if (next) expect(period.endedAt).toBe(next.startedAt);
        else expect(period.endedAt).toBeUndefined();
      }
      for (let day = DAY; day < DAY + 3; day++) {
        const trips = tripsOfDay(OPTIONS, vehicleOfDriver(driverId), day);
        const driving = periods.filter(
          (period) => period.status === "driving" && period.startedAt < (day + 1) * DAY_MS,
        );
        for (const trip of trips) {
          expect(driving.some((period) => period.startedAt === trip.startedAt && period.endedAt === trip.endedAt)).toBe(
            true,
          );
        }
        const daily = dailyLogOf(OPTIONS, driverId, day, NOW)!;
        expect(Object.values(daily.durations).reduce((sum, ms) => sum + ms, 0)).toBe(DAY_MS);
        expect(daily.durations.driving).toBe(trips.reduce((sum, trip) => sum + trip.endedAt - trip.startedAt, 0));
        expect(daily.drivingKm).toBeCloseTo(
          trips.reduce((sum, trip) => sum + trip.distanceKm, 0),
          6,
        );
      }
    }
  });
});
