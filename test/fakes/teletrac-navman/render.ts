/**
 * The canonical fleet in TN360's shapes (providers-more.md section 7): vehicles (`id`, `name`,
 * `registration`, `registrationState`, `vin`, `externalId`), the stats' `GPS` objects (`Spd` km/h,
 * `Alt` m, `Dir` degrees) with `updatedAt` in local time, positions and ignition events
 * (`timeAt` epoch ms, `createdAt` local, `tripId`, action `ON`/`OFF`).
 */
import type { CanonicalVehicle } from "../fleet.ts";
import type { CanonicalLatest, CanonicalPoint, CanonicalTrip } from "../series.ts";
import { eventIdOf, localTime, offsetMinutesOf, tripIdOf, vehicleIdOf } from "./ids.ts";

type Json = Record<string, unknown>;

export function renderVehicle(vehicle: CanonicalVehicle): Json {
  return {
    id: vehicleIdOf(vehicle.id),
    name: vehicle.name,
    registration: vehicle.plate.number,
    registrationState: vehicle.plate.state,
    vin: vehicle.vin,
    externalId: vehicle.id.toUpperCase(),
    make: vehicle.make,
    model: vehicle.model,
  };
}

const gps = (point: Pick<CanonicalPoint, "latitude" | "longitude" | "speedKmh" | "heading">) => ({
  valid: true,
  Lat: point.latitude,
  Lng: point.longitude,
  Spd: point.speedKmh,
  Alt: 90,
  Dir: point.heading,
  NSat: 9,
  HDOP: 0.9,
});

/** A vehicle's last fix as `/v1/vehicles/stats?embed=vehicles&gps=true` answers it. */
export function renderStats(vehicle: CanonicalVehicle, latest: CanonicalLatest): Json {
  return {
    GPS: gps(latest),
    updatedAt: localTime(latest.time, offsetMinutesOf(vehicle.id)),
    vehicle: renderVehicle(vehicle),
  };
}

/** A point of `/v1/vehicles/{id}/positions`: `Lat`, `Lng` and the GPS readings, `timeAt` epoch ms. */
export function renderPosition(vehicleId: string, point: CanonicalPoint): Json {
  return {
    timeAt: point.time,
    updatedAt: localTime(point.time, offsetMinutesOf(vehicleId)),
    Lat: point.latitude,
    Lng: point.longitude,
    Spd: point.speedKmh,
    Alt: 90,
    Dir: point.heading,
    NSat: 9,
  };
}

/** A trip's ignition event (`ON` at its start, `OFF` at its end), as `/v1/events` answers it. */
export function renderIgnition(trip: CanonicalTrip, action: "ON" | "OFF", companyId: number): Json {
  const at = action === "ON" ? trip.startedAt : trip.endedAt;
  const place = action === "ON" ? trip.start : trip.end;
  return {
    id: eventIdOf(trip.id, action),
    companyId,
    deviceId: 520_000 + vehicleIdOf(trip.vehicleId),
    vehicleId: vehicleIdOf(trip.vehicleId),
    tripId: tripIdOf(trip.id),
    type: "ignition",
    action,
    location: "",
    timeAt: at,
    createdAt: localTime(at + 2000, offsetMinutesOf(trip.vehicleId)),
    odometer: null,
    origin: "DEVICE",
    attributes: {},
    GPS: { valid: true, Lat: place.latitude, Lng: place.longitude, Spd: 0, Alt: 90, Dir: 0 },
  };
}
