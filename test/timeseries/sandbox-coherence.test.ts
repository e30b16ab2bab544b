/**
 * The sandbox fleet read end to end: a connection created through the API, its backfill synced
 * by the real queue consumer and Durable Object, then its breadcrumbs, trips, utilization, stat
 * logs and latest locations read back through the API, where the relations of a real fleet hold:
 * a trip starts and ends at a breadcrumb, a day's trips add up to its utilization distance, the
 * odometer advances by the distance driven, the engine runs during trips, and the latest
 * location is the last breadcrumb.
 */
import { describe, expect, it } from "vitest";
import { walkPages } from "../helpers/api-assertions";
import { createSandboxConnection, createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

type Point = { locatedAt: string; location: { latitude: number; longitude: number }; speed?: number };
type Trip = {
  startedAt: string;
  endedAt: string;
  distance: number;
  startLocation: Point["location"];
  endLocation: Point["location"];
};
type Stat = { type: string; timestamp: string; odometer?: number; state?: string };

describe("a sandbox connection's time series", () => {
  it("hold together as a real fleet's do, read through the API", async () => {
    const app = await createTestApplication({ timeSeries: true });
    const key = app.keys.sandbox.secret;
    const connection = await createSandboxConnection(app, {
      syncMode: "manual",
      backfill: { days: 3 },
      options: { sandbox: { fleetSize: 6 } },
    });
    const token = connection.token;
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 });
    expect(job.status).toBe("completed");
    const get = (path: string) => call("GET", `${BASE.sandbox}${path}`, { key, token });
    const all = async <T>(path: string, limit: number) =>
      (
        await walkPages<T>(
          (cursor) =>
            get(
              `${path}${path.includes("?") ? "&" : "?"}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
            ),
          { maxPages: 200, pageSize: limit },
        )
      ).all;

    const latest = await all<{
      vehicle: string;
      locatedAt: string;
      location: Point["location"];
      odometer: number;
      engineState: string;
    }>("/vehicles/locations", 100);
    expect(latest.length).toBeGreaterThan(0);
    const today = Math.floor(Date.parse(job.requestedAt) / DAY_MS) * DAY_MS;
    let checkedTrips = 0;
    for (const snapshot of latest) {
      const vehicle = snapshot.vehicle;
      // The latest location is the vehicle's last breadcrumb.
      const recent = await all<Point>(
        `/vehicles/${vehicle}/locations?startAt=${iso(today - 3 * DAY_MS)}&endAt=${iso(Date.now())}`,
        1000,
      );
      expect(recent.at(-1)?.locatedAt, vehicle).toBe(snapshot.locatedAt);
      expect(recent.at(-1)?.location, vehicle).toEqual(snapshot.location);

      for (let day = today - 3 * DAY_MS; day < today; day += DAY_MS) {
        const window = `startAt=${iso(day)}&endAt=${iso(day + DAY_MS)}`;
        const points = await all<Point>(`/vehicles/${vehicle}/locations?${window}`, 1000);
        const trips = await all<Trip>(
          `/trips?vehicleIds=${vehicle}&startedAfter=${iso(day)}&startedBefore=${iso(day + DAY_MS)}`,
          100,
        );
        const date = iso(day).slice(0, 10);
        const [utilization] = (
          await get(`/vehicles/utilization?vehicleIds=${vehicle}&startDate=${date}&endDate=${date}`)
        ).body.results as { distance: number }[];
        const distance = trips.reduce((sum, trip) => sum + trip.distance, 0);
        // A day's trips add up to its utilization distance (within 1 %).
        expect(Math.abs(distance - (utilization?.distance ?? 0)), `${vehicle} ${date}`).toBeLessThanOrEqual(
          0.01 * Math.max(1, utilization?.distance ?? 0),
        );
        if (trips.length === 0) continue;
        const at = new Map(points.map((point) => [point.locatedAt, point]));
        for (const trip of trips) {
          // A trip starts and ends at its first and last breadcrumb.
          expect(at.get(trip.startedAt)?.location, `${vehicle} ${trip.startedAt}`).toEqual(trip.startLocation);
          expect(at.get(trip.endedAt)?.location, `${vehicle} ${trip.endedAt}`).toEqual(trip.endLocation);
          checkedTrips++;
        }
        const stats = await all<Stat>(
          `/vehicles/${vehicle}/stats/historical?${window}&types=engine_state,odometer`,
          1000,
        );
        // The engine is on during trips: the last state change at or before each breadcrumb of a trip is "on".
        const states = stats.filter((stat) => stat.type === "engine_state");
        for (const trip of trips) {
          const during = points.filter((point) => point.locatedAt >= trip.startedAt && point.locatedAt < trip.endedAt);
          for (const point of during) {
            const state = states.filter((stat) => stat.timestamp <= point.locatedAt).at(-1)?.state;
            expect(state, `${vehicle} ${point.locatedAt}`).toBe("on");
          }
        }
        // The odometer advances by the distance driven: first trip's start to last trip's end.
        const odometer = new Map(
          stats.filter((stat) => stat.type === "odometer").map((stat) => [stat.timestamp, stat.odometer!]),
        );
        const first = odometer.get(trips[0]!.startedAt);
        const last = odometer.get(trips.at(-1)!.endedAt);
        expect(first, `odometer at ${trips[0]!.startedAt}`).toBeDefined();
        expect(last! - first!).toBeCloseTo(distance, 0);
      }
    }
    expect(checkedTrips).toBeGreaterThan(5);
  }, 90_000);
});
