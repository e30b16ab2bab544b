/**
 * The canonical fleet's trailers, which every fake provider serves in its own shape: one
 * trailer for every two vehicles, each even-numbered one hitched to a vehicle of the fleet (it
 * goes where the vehicle goes), the others parked at their yard. Deterministic from
 * (seed, size, revision); a revision renames the first trailer.
 */

import { type FleetOptions, hash, vehiclesAt } from "./fleet.ts";
import { latestOf, yardOf } from "./series.ts";

const DAY_MS = 86_400_000;
const EPOCH = Date.parse("2025-01-01T00:00:00Z");
const MAKES = [
  ["Wabash", "DuraPlate"],
  ["Great Dane", "Champion"],
  ["Utility", "3000R"],
  ["Hyundai Translead", "HT CompositeLite"],
] as const;
const STATES = ["TX", "CA", "OH", "GA"];

export type CanonicalTrailer = {
  id: string;
  name: string;
  vin: string;
  serial: string;
  make: string;
  model: string;
  year: number;
  plate: { state: string; number: string };
  groupIds: string[];
  active: boolean;
  /** The vehicle it is hitched to now; absent when parked. */
  vehicleId?: string;
  createdAt: string;
  updatedAt: string;
};

/** Where a trailer is at an instant, in canonical units (km/h, degrees clockwise from north). */
export type CanonicalTrailerLocation = {
  trailerId: string;
  time: number;
  latitude: number;
  longitude: number;
  heading: number;
  speedKmh: number;
};

/** The trailers at a revision. */
export function trailersAt(options: FleetOptions): CanonicalTrailer[] {
  const vehicles = vehiclesAt(options);
  const count = Math.max(1, Math.ceil(options.vehicles / 2));
  return Array.from({ length: count }, (_, index) => {
    const [make, model] = MAKES[hash(options.seed, "trailer-make", index) % MAKES.length]!;
    const createdAt = new Date(EPOCH + (hash(options.seed, "trailer-created", index) % 200) * DAY_MS).toISOString();
    const renamed = index === 0 && options.revision > 0;
    const vehicle = index % 2 === 0 ? vehicles[index] : undefined;
    return {
      id: `trl-${index + 1}`,
      name: renamed ? `Trailer ${index + 1} (r${options.revision})` : `Trailer ${index + 1}`,
      vin: `1JJV${String(hash(options.seed, "trailer-vin", index))
        .padStart(11, "0")
        .slice(0, 11)}${String(index).padStart(2, "0")}`.slice(0, 17),
      serial: `TS${100000 + index}`,
      make,
      model,
      year: 2015 + (hash(options.seed, "trailer-year", index) % 10),
      plate: {
        state: STATES[hash(options.seed, "trailer-plate", index) % STATES.length]!,
        number: `TR${(hash(options.seed, "trailer-plate#", index) % 90000) + 10000}`,
      },
      groupIds: [index % 2 === 0 ? "g-west-la" : "g-east-atl"],
      active: hash(options.seed, "trailer-active", index) % 7 !== 0,
      ...(vehicle ? { vehicleId: vehicle.id } : {}),
      createdAt,
      updatedAt: renamed ? new Date(Date.parse(createdAt) + options.revision * DAY_MS).toISOString() : createdAt,
    };
  });
}

/** Where a trailer is now: with its vehicle when hitched, else parked at its yard since midnight. */
export function trailerLocationOf(
  options: FleetOptions,
  trailer: CanonicalTrailer,
  now: number,
): CanonicalTrailerLocation {
  if (trailer.vehicleId) {
    const latest = latestOf(options, trailer.vehicleId, now);
    return {
      trailerId: trailer.id,
      time: latest.time,
      latitude: latest.latitude,
      longitude: latest.longitude,
      heading: latest.heading,
      speedKmh: latest.speedKmh,
    };
  }
  const index = Number(trailer.id.slice(4)) - 1;
  const yard = yardOf(`veh-${index + 1}`);
  return {
    trailerId: trailer.id,
    time: Math.floor(now / DAY_MS) * DAY_MS,
    latitude: Math.round((yard.latitude + 0.001 * (index % 10)) * 1e5) / 1e5,
    longitude: yard.longitude,
    heading: 0,
    speedKmh: 0,
  };
}
