/**
 * The contract's comparisons of the platforms' time series (contract-platforms.test.ts): latest
 * locations, breadcrumbs, trips, utilization, stat logs and fault codes of yesterday (UTC), read
 * through the API, against the canonical series.
 */
import { expect } from "vitest";
import { faultsBetween } from "../fakes/faults.ts";
import { dayOf } from "../fakes/fleet.ts";
import { breadcrumbsBetween, latestOf, tripsBetween } from "../fakes/series.ts";
import { type Context, DAY_MS, FLEET, iso, near, round2 } from "./contract-platforms";

/** Each family's comparison of what the API answers with the canonical series. */
export const COMPARE_SERIES = {
  // The latest location is a canonical breadcrumb of the sync's read: no older than the vehicle's
  // latest when the sync was requested, no newer than its latest when it completed.
  async latestVehicleLocations({ synced, precision, listed, canonicalOf, driverOf, expectedDriver }) {
    const latest = new Map(
      (await synced.get("/vehicles/locations")).map((item) => [canonicalOf.get(item.vehicle)!, item]),
    );
    const shown = listed.filter((vehicle) => !precision.privacy?.latest(vehicle.id));
    expect([...latest.keys()].sort()).toEqual(shown.map((vehicle) => vehicle.id).sort());
    const [requested, completed] = [Date.parse(synced.job.requestedAt), Date.parse(synced.job.completedAt!)];
    for (const vehicle of shown) {
      const item = latest.get(vehicle.id)!;
      const at = Date.parse(item.locatedAt);
      const canonical = latestOf(FLEET, vehicle.id, at);
      expect(iso(canonical.time), vehicle.name).toBe(item.locatedAt);
      expect(at, vehicle.name).toBeGreaterThanOrEqual(latestOf(FLEET, vehicle.id, requested).time);
      expect(at, vehicle.name).toBeLessThanOrEqual(latestOf(FLEET, vehicle.id, completed).time);
      expect(item.location, vehicle.name).toEqual({ latitude: canonical.latitude, longitude: canonical.longitude });
      near(item.speed, canonical.speedKmh, precision.speedKmh, `${vehicle.name} speed`);
      if (item.heading !== undefined) expect(item.heading, vehicle.name).toBe(canonical.heading);
      expect(driverOf(item), vehicle.name).toBe(expectedDriver(canonical.driverId, precision.drivers.locations));
    }
  },

  async vehicleLocations({ synced, precision, from, window, listed, apiVehicleOf, driverOf, expectedDriver }) {
    for (const vehicle of listed) {
      const points = await synced.get(`/vehicles/${apiVehicleOf.get(vehicle.id).id}/locations?${window}`);
      const trips = tripsBetween(FLEET, [vehicle.id], from - DAY_MS, from + DAY_MS);
      const hidden = new Set(
        trips.filter((trip) => precision.privacy?.trip(trip)).flatMap((trip) => trip.points.map((point) => point.time)),
      );
      const driverAt = new Map(trips.flatMap((trip) => trip.points.map((point) => [point.time, trip.driverId])));
      const canonical = breadcrumbsBetween(FLEET, vehicle.id, from, from + DAY_MS).filter(
        (point) => !hidden.has(point.time),
      );
      expect(canonical.length).toBeGreaterThan(100);
      expect(
        points.map((point) => [point.locatedAt, point.location]),
        vehicle.name,
      ).toEqual(canonical.map((point) => [iso(point.time), { latitude: point.latitude, longitude: point.longitude }]));
      points.forEach((point, index) => {
        near(point.speed, canonical[index]!.speedKmh, precision.speedKmh, `${vehicle.name} ${point.locatedAt}`);
        if (point.heading !== undefined) expect(point.heading, point.locatedAt).toBe(canonical[index]!.heading);
        expect(driverOf(point), `${vehicle.name} ${point.locatedAt}`).toBe(
          expectedDriver(driverAt.get(canonical[index]!.time), precision.drivers.locations),
        );
      });
    }
  },

  async trips({ synced, precision, from, listed, canonicalOf, driverOf, expectedDriver }) {
    const trips = await synced.get(`/trips?startedAfter=${iso(from)}&startedBefore=${iso(from + DAY_MS)}`);
    const actual = new Map(trips.map((trip) => [`${canonicalOf.get(trip.vehicle)}|${trip.startedAt}`, trip]));
    const canonical = tripsBetween(
      FLEET,
      listed.map((vehicle) => vehicle.id),
      from,
      from + DAY_MS,
    );
    expect([...actual.keys()].sort()).toEqual(
      canonical.map((trip) => `${trip.vehicleId}|${iso(trip.startedAt)}`).sort(),
    );
    for (const trip of canonical) {
      const key = `${trip.vehicleId}|${iso(trip.startedAt)}`;
      const item = actual.get(key);
      const hidden = precision.privacy?.trip(trip);
      expect(
        {
          endedAt: item.endedAt,
          startLocation: item.startLocation,
          endLocation: item.endLocation,
          driver: driverOf(item),
        },
        key,
      ).toEqual({
        endedAt: iso(trip.endedAt),
        startLocation: hidden ? undefined : trip.start,
        endLocation: hidden ? undefined : trip.end,
        driver: expectedDriver(trip.driverId, precision.drivers.trips),
      });
      if (precision.distanceKm === null) expect(item.distance, `${key} distance`).toBeUndefined();
      else near(item.distance, round2(trip.distanceKm), precision.distanceKm, `${key} distance`);
    }
  },

  async vehicleUtilization({ synced, precision, from, listed, canonicalOf }) {
    const rule = precision.utilization;
    expect(rule, "PRECISION has no utilization rule").toBeDefined();
    expect(precision.distanceKm, "PRECISION has no distance rule").not.toBeNull();
    const date = iso(from).slice(0, 10);
    const days = (await synced.get("/vehicles/utilization")).filter((day) => day.startAt.slice(0, 10) === date);
    expect(days.map((day) => canonicalOf.get(day.vehicle)).sort()).toEqual(listed.map((vehicle) => vehicle.id).sort());
    for (const day of days) {
      const canonical = dayOf(FLEET, canonicalOf.get(day.vehicle)!, date);
      const label = `${canonical.vehicleId} ${date}`;
      expect(day.startAt, label).toBe(canonical.startAt);
      near(Date.parse(day.endAt), Date.parse(canonical.endAt), rule!.drivingMs, `${label} end`);
      near(day.distance, round2(canonical.distanceKm), 2 * precision.distanceKm!, `${label} distance`);
      near(day.fuelConsumed, round2(canonical.fuelLiters), rule!.fuelLitres, `${label} fuel`);
      near(day.durations.driving, canonical.drivingMs, rule!.drivingMs, `${label} driving`);
      if (rule!.idling) expect(day.durations.idling, label).toBe(canonical.idlingMs);
    }
  },

  // The readings each breadcrumb carries, at every breadcrumb (private ones too: privacy hides
  // where a vehicle was, not how far it went).
  async vehicleStatLogs({ synced, precision, from, window, listed, apiVehicleOf }) {
    const rule = precision.statsPerBreadcrumb;
    expect(rule, "PRECISION has no stat logs rule").toBeDefined();
    for (const vehicle of listed) {
      const readings = await synced.get(`/vehicles/${apiVehicleOf.get(vehicle.id).id}/stats/historical?${window}`);
      const canonical = breadcrumbsBetween(FLEET, vehicle.id, from, from + DAY_MS);
      expect(
        readings.map((reading) => [reading.type, reading.timestamp]),
        vehicle.name,
      ).toEqual(canonical.map((point) => [rule!.type, iso(point.time)]));
      readings.forEach((reading, index) => {
        near(
          reading[rule!.type],
          canonical[index]!.odometerKm,
          rule!.tolerance,
          `${vehicle.name} ${reading.timestamp}`,
        );
      });
    }
  },

  // The faults that came on yesterday: closed where they cleared before the sync, open where
  // they cleared after it (one clearing while the sync ran may be either).
  async faultCodeEvents({ synced, from, listed, canonicalOf }) {
    const [requested, completed] = [Date.parse(synced.job.requestedAt), Date.parse(synced.job.completedAt!)];
    const ids = new Set(listed.map((vehicle) => vehicle.id));
    const canonical = faultsBetween(FLEET, from, from + DAY_MS, requested).filter(
      (fault) => ids.has(fault.vehicleId) && fault.openedAt >= from,
    );
    const events = (await synced.get("/fault-codes/events")).filter(
      (event) => Date.parse(event.firstObservedAt) >= from && Date.parse(event.firstObservedAt) < from + DAY_MS,
    );
    const actual = new Map(
      events.map((event) => [`${canonicalOf.get(event.vehicle)}|${event.code}|${event.firstObservedAt}`, event]),
    );
    const key = (fault: (typeof canonical)[number]) => `${fault.vehicleId}|${fault.code}|${iso(fault.openedAt)}`;
    expect([...actual.keys()].sort()).toEqual(canonical.map(key).sort());
    for (const fault of canonical) {
      const event = actual.get(key(fault));
      expect({ protocol: event.protocol, fmi: event.j1939?.fmi }, key(fault)).toEqual({
        protocol: fault.protocol,
        fmi: fault.j1939?.fmi,
      });
      if (fault.closedAt !== undefined && fault.closedAt < requested) {
        expect([event.status, event.observedAt], key(fault)).toEqual(["closed", iso(fault.closedAt)]);
      } else if (fault.closedAt === undefined || fault.closedAt > completed) {
        expect(event.status, key(fault)).not.toBe("closed");
      }
    }
  },
} satisfies Record<string, (context: Context) => Promise<void>>;
