/**
 * The cross-provider contract: the same canonical fleet, served by each fake provider in its
 * own shapes and units (Samsara: meters, mL, ms; Motive: wrapped items, metric or imperial;
 * Geotab: JSON-RPC, km, TimeSpan strings), synced end to end through POST /connections and
 * read through the API, normalizes to the same records — and to the canonical values. The newer
 * platforms (Verizon Connect Reveal, Webfleet, GPS Insight, Azuga, MiX) are compared with the same
 * canonical fleet in contract-platforms.test.ts.
 */
import { describe, expect, it } from "vitest";
import { STAT_FIELDS } from "../../src/families/vehicle-stat-logs/stat-fields";
import { dayOf, driversAt, type FleetOptions, vehiclesAt } from "../fakes/fleet.ts";
import { trailersAt } from "../fakes/trailers.ts";
import { connectThrough, PROVIDERS, type Provider } from "./contract-helpers";

const DAY_MS = 86_400_000;
const round2 = (value: number) => Math.round(value * 100) / 100;

type Normalized = {
  vehicles: Map<string, { name?: string; status: string }>;
  drivers: string[];
  days: Map<string, { distance: number; fuelConsumed: number; driving: number; idling: number }>;
};

/** Syncs the fleet from one provider's fake and reads it back through the API, keyed by canonical facts (VIN, day). */
async function syncThrough(provider: Provider, fleet: FleetOptions, suffix: string): Promise<Normalized> {
  const { get } = await connectThrough(provider, fleet, suffix, { days: 4 });
  const vehicles = await get("/vehicles");
  const drivers = await get("/drivers");
  const days = await get("/vehicles/utilization?expand=vehicle");
  return {
    vehicles: new Map(vehicles.map((vehicle) => [vehicle.vin, { name: vehicle.name, status: vehicle.status }])),
    drivers: drivers.map((driver) => `${driver.firstName} ${driver.lastName} ${driver.status}`).sort(),
    days: new Map(
      days.map((day) => [
        `${day.vehicle.vin}|${day.startAt.slice(0, 10)}`,
        {
          distance: day.distance,
          fuelConsumed: day.fuelConsumed,
          driving: day.durations.driving,
          idling: day.durations.idling,
        },
      ]),
    ),
  };
}

type Series = {
  provider: Provider["code"];
  /** VIN|startedAt → the trip. */
  trips: Map<string, any>;
  /** VIN → the day's breadcrumbs, in time order. */
  breadcrumbs: Map<string, any[]>;
  /** VIN|type|timestamp → the reading's value. */
  stats: Map<string, unknown>;
  /** VIN → the vehicle's latest location, and trailer name → the trailer's. */
  vehicleAt: Map<string, { latitude: number; longitude: number }>;
  trailerAt: Map<string, { latitude: number; longitude: number }>;
};

/** One provider's time series of yesterday (UTC), keyed by canonical facts: VIN, instant, stat type. */
async function seriesThrough(provider: Provider, fleet: FleetOptions, suffix: string): Promise<Series> {
  const { get, requestedAt } = await connectThrough(provider, fleet, suffix, { days: 1, timeSeries: true });
  const from = Math.floor(Date.parse(requestedAt) / DAY_MS) * DAY_MS - DAY_MS;
  const window = `startAt=${new Date(from).toISOString()}&endAt=${new Date(from + DAY_MS).toISOString()}`;
  const vehicles = await get("/vehicles");
  const vinOf = new Map(vehicles.map((vehicle) => [vehicle.id as string, vehicle.vin as string]));
  const trips = await get(
    `/trips?startedAfter=${new Date(from).toISOString()}&startedBefore=${new Date(from + DAY_MS).toISOString()}`,
  );
  const series: Series = {
    provider: provider.code,
    trips: new Map(trips.map((trip) => [`${vinOf.get(trip.vehicle)}|${trip.startedAt}`, trip])),
    breadcrumbs: new Map(),
    stats: new Map(),
    vehicleAt: new Map(
      (await get("/vehicles/locations?expand=vehicle")).map((latest) => [latest.vehicle.vin, latest.location]),
    ),
    trailerAt: new Map(
      (await get("/trailers/locations?expand=trailer")).map((latest) => [latest.trailer.name, latest.location]),
    ),
  };
  for (const vehicle of vehicles) {
    series.breadcrumbs.set(vehicle.vin, await get(`/vehicles/${vehicle.id}/locations?${window}`));
    for (const reading of await get(`/vehicles/${vehicle.id}/stats/historical?${window}`)) {
      const field = STAT_FIELDS[reading.type as keyof typeof STAT_FIELDS].field;
      series.stats.set(`${vehicle.vin}|${reading.type}|${reading.timestamp}`, reading[field]);
    }
  }
  return series;
}

describe("the same fleet through every provider", () => {
  it("normalizes to the same vehicles, drivers and utilization, equal to the canonical fleet", async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const fleet: FleetOptions = { seed: `contract-${suffix}`, vehicles: 6, revision: 0 };
    const results = await Promise.all(PROVIDERS.map((provider) => syncThrough(provider, fleet, suffix)));

    const canonicalVehicles = vehiclesAt(fleet);
    const canonicalDrivers = driversAt(fleet)
      .map((driver) => `${driver.firstName} ${driver.lastName} ${driver.active ? "active" : "inactive"}`)
      .sort();
    const pastDays = [1, 2, 3].map((back) => new Date(Date.now() - back * DAY_MS).toISOString().slice(0, 10));

    for (const [index, result] of results.entries()) {
      const provider = PROVIDERS[index]!.code;
      expect([...result.vehicles.keys()].sort(), provider).toEqual(
        canonicalVehicles.map((vehicle) => vehicle.vin).sort(),
      );
      for (const vehicle of canonicalVehicles) {
        expect(result.vehicles.get(vehicle.vin), `${provider} ${vehicle.vin}`).toEqual({
          name: vehicle.name,
          // Samsara vehicles carry no status (providers.md 1.5): every one is active there.
          status: vehicle.active || provider === "samsara" ? "active" : "inactive",
        });
        for (const date of pastDays) {
          const day = dayOf(fleet, vehicle.id, date);
          expect(result.days.get(`${vehicle.vin}|${date}`), `${provider} ${vehicle.vin} ${date}`).toEqual({
            distance: round2(day.distanceKm),
            fuelConsumed: round2(day.fuelLiters),
            driving: day.drivingMs,
            idling: day.idlingMs,
          });
        }
      }
      expect(result.drivers, provider).toEqual(canonicalDrivers);
    }
  }, 120_000);

  it("normalizes to the same trips, breadcrumbs and stat readings, within each provider's precision", async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const fleet: FleetOptions = { seed: `contract-series-${suffix}`, vehicles: 2, revision: 0 };
    const [samsara, motive, geotab] = await Promise.all(
      PROVIDERS.map((provider) => seriesThrough(provider, fleet, `s${suffix}`)),
    );
    const all = [samsara!, motive!, geotab!];

    // Breadcrumbs: the same instants and positions everywhere; speeds as precise as each provider
    // carries them (Samsara mph to 2 decimals, Motive km/h to 2, Geotab whole km/h).
    for (const vehicle of vehiclesAt(fleet)) {
      const [first, ...others] = all.map((series) => series.breadcrumbs.get(vehicle.vin) ?? []);
      expect(first!.length, vehicle.vin).toBeGreaterThan(100);
      for (const [index, other] of others.entries()) {
        const provider = all[index + 1]!.provider;
        expect(
          other.map((point) => [point.locatedAt, point.location]),
          `${provider} ${vehicle.vin}`,
        ).toEqual(first!.map((point) => [point.locatedAt, point.location]));
        other.forEach((point, at) => {
          expect(Math.abs(point.speed - first![at].speed), `${provider} ${point.locatedAt}`).toBeLessThanOrEqual(0.6);
        });
      }
    }

    // Trips: the same starts and start points everywhere. Geotab ends a day's last trip when its
    // utilization day ends, and Samsara carries no distance: ends are compared between Samsara and
    // Motive, distances between Motive and Geotab (both to 10 m).
    const starts = [...samsara!.trips.keys()].sort();
    expect(starts.length).toBeGreaterThan(0);
    for (const series of [motive!, geotab!]) expect([...series.trips.keys()].sort(), series.provider).toEqual(starts);
    for (const key of starts) {
      const [s, m, g] = all.map((series) => series.trips.get(key));
      expect(m.startLocation, key).toEqual(s.startLocation);
      expect(g.startLocation, key).toEqual(s.startLocation);
      expect([m.endedAt, m.endLocation], key).toEqual([s.endedAt, s.endLocation]);
      expect(Math.abs(m.distance - g.distance), key).toBeLessThanOrEqual(0.011);
    }

    // Stat readings: every reading two providers both carry is the same reading (fuel level to half
    // a percent: Samsara's are whole percents). Motive has no rpm or coolant temperature, and the
    // Geotab device adds its fuel counter at each trip's stop; what all three carry is most of it.
    // The Geotab device's counter at a trip's stop replaces a reading at the same instant.
    const geotabStops = new Set(
      [...geotab!.trips.entries()].map(([key, trip]) => `${key.split("|")[0]}|total_fuel_consumption|${trip.endedAt}`),
    );
    let shared = 0;
    for (const [index, series] of all.entries()) {
      for (const other of all.slice(index + 1)) {
        const pair = `${series.provider}/${other.provider}`;
        for (const [key, value] of series.stats) {
          if (!other.stats.has(key)) continue;
          if (geotabStops.has(key) && (series.provider === "geotab" || other.provider === "geotab")) continue;
          shared++;
          const theirs = other.stats.get(key);
          if (key.includes("|fuel_level|")) {
            expect(Math.abs((value as number) - (theirs as number)), `${pair} ${key}`).toBeLessThanOrEqual(0.5);
          } else {
            expect(theirs, `${pair} ${key}`).toEqual(value);
          }
        }
      }
    }
    const inAll = [...motive!.stats.keys()].filter((key) => samsara!.stats.has(key) && geotab!.stats.has(key));
    expect(inAll.length).toBeGreaterThan(motive!.stats.size * 0.9);
    expect(shared).toBeGreaterThan(0);

    // The hitched trailer is where its vehicle was when the snapshots were read (within a
    // breadcrumb or two of a moving vehicle), at every provider: its own tracker's position at
    // Samsara and Motive, its tractor's at Geotab.
    const vinOf = new Map(vehiclesAt(fleet).map((vehicle) => [vehicle.id, vehicle.vin]));
    for (const trailer of trailersAt(fleet).filter((candidate) => candidate.vehicleId)) {
      for (const series of all) {
        const at = series.trailerAt.get(trailer.name);
        const vehicle = series.vehicleAt.get(vinOf.get(trailer.vehicleId!)!);
        expect(at, `${series.provider} ${trailer.name}`).toBeDefined();
        expect(Math.abs(at!.latitude - vehicle!.latitude), series.provider).toBeLessThan(0.05);
        expect(Math.abs(at!.longitude - vehicle!.longitude), series.provider).toBeLessThan(0.05);
      }
    }
  }, 120_000);
});
