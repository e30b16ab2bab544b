/**
 * The canonical time series (../series.ts) in Motive's shapes and units (providers-families.md
 * 2.1, 2.2): location points with `bearing` degrees and `speed` in kph, odometers in km or miles
 * and fuel in litres or US gallons as `X-Metric-Units` asks, engine hours as decimal hours, and
 * driving periods with their odometers in km. A point carries the ECM readings (odometer, engine
 * hours, fuel, fuel level, battery) only where the canonical series has a stat reading at its time
 * (every 5 minutes of a trip); the other breadcrumbs (every 30 s) have them null, as Motive's
 * GPS-only points do. As in render.ts, converted values are sent unrounded.
 */
import type { CanonicalDevice, CanonicalDriver, CanonicalVehicle } from "../fleet.ts";
import type { CanonicalLatest, CanonicalPoint, CanonicalStatType, CanonicalTrip } from "../series.ts";
import { yardOf } from "../series.ts";
import { drivingPeriodId, KM_PER_MILE, LITRES_PER_US_GALLON, locationPointId, motiveIds } from "./ids.ts";
import { motiveTime, renderEldDevice, vehicleReference } from "./render.ts";
import type { Json } from "./respond.ts";

const MS_PER_HOUR = 3_600_000;
const KM_PER_DEGREE = 111.32;
const COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/** The canonical stat readings at one instant, by type. */
export type PointReadings = Partial<Record<CanonicalStatType, number | "on" | "off">>;

const isoOf = (ms: number) => motiveTime(new Date(ms).toISOString());

/** Motive's `description` of a place: "6.2 mi NE of Atlanta, GA" from the vehicle's yard city. */
export function describePlace(vehicleId: string, latitude: number, longitude: number): string {
  const yard = yardOf(vehicleId);
  const city = yard.longitude < -100 ? "Los Angeles, CA" : "Atlanta, GA";
  const northKm = (latitude - yard.latitude) * KM_PER_DEGREE;
  const eastKm = (longitude - yard.longitude) * KM_PER_DEGREE * Math.cos((yard.latitude * Math.PI) / 180);
  const miles = Math.hypot(northKm, eastKm) / KM_PER_MILE;
  if (miles < 0.5) return city;
  const degrees = ((Math.atan2(eastKm, northKm) * 180) / Math.PI + 360) % 360;
  return `${miles.toFixed(1)} mi ${COMPASS[Math.round(degrees / 45) % 8]} of ${city}`;
}

/** The short user object Motive embeds (a point's or a period's driver, a vehicle's current driver). */
export function userReference(driver: CanonicalDriver | undefined): Json | null {
  if (!driver) return null;
  const id = motiveIds.user(driver.id);
  return {
    id,
    first_name: driver.firstName,
    last_name: driver.lastName,
    username: driver.username,
    email: driver.email,
    driver_company_id: `D-${id}`,
    status: driver.active ? "active" : "deactivated",
    role: "driver",
  };
}

const distance = (km: number, metric: boolean) => (metric ? km : km / KM_PER_MILE);
const volume = (litres: number, metric: boolean) => (metric ? litres : litres / LITRES_PER_US_GALLON);
const numberOf = (value: PointReadings[CanonicalStatType]) => (typeof value === "number" ? value : undefined);

/** The telemetry fields of a point: each null unless the reading is given. */
function telemetry(readings: PointReadings, metric: boolean): Json {
  const odometer = numberOf(readings.odometer);
  const runtime = numberOf(readings.engine_runtime);
  const fuel = numberOf(readings.total_fuel_consumption);
  const hours = runtime === undefined ? null : runtime / MS_PER_HOUR;
  const odometerValue = odometer === undefined ? null : distance(odometer, metric);
  return {
    odometer: odometerValue,
    // A Vehicle Gateway without OBD corrections reports the same value twice.
    true_odometer: odometerValue,
    engine_hours: hours,
    true_engine_hours: hours,
    fuel: fuel === undefined ? null : volume(fuel, metric),
    fuel_primary_remaining_percentage: numberOf(readings.fuel_level) ?? null,
    fuel_secondary_remaining_percentage: null,
    battery_voltage: numberOf(readings.battery_voltage) ?? null,
    veh_range: null,
    hvb_state_of_charge: null,
    hvb_charge_status: null,
    hvb_charge_source: null,
    hvb_lifetime_energy_output: null,
  };
}

/** One point of a vehicle's location history (`vehicle_location`). */
export function renderLocationPoint(input: {
  vehicleId: string;
  point: CanonicalPoint;
  /** `engine_start` at a trip's first point, `engine_stop` at its last, `vehicle_moving` between. */
  type: string;
  driver: CanonicalDriver | undefined;
  tracker: CanonicalDevice | undefined;
  readings: PointReadings;
  metric: boolean;
}): Json {
  const { vehicleId, point } = input;
  return {
    id: locationPointId(vehicleId, point.time),
    located_at: isoOf(point.time),
    lat: point.latitude,
    lon: point.longitude,
    bearing: point.heading,
    speed: point.speedKmh,
    type: input.type,
    description: describePlace(vehicleId, point.latitude, point.longitude),
    ...telemetry(input.readings, input.metric),
    driver: userReference(input.driver),
    eld_device: input.tracker ? renderEldDevice(input.tracker) : null,
  };
}

/** A vehicle of the live snapshot (`GET /v3/vehicle_locations`), its `current_location` the canonical latest. */
export function renderCurrentVehicle(
  vehicle: CanonicalVehicle,
  latest: CanonicalLatest,
  context: { type: string; driver: CanonicalDriver | undefined; tracker: CanonicalDevice | undefined; metric: boolean },
): Json {
  const { metric } = context;
  const odometer = distance(latest.odometerKm, metric);
  const hours = latest.engineRuntimeMs / MS_PER_HOUR;
  return {
    id: motiveIds.vehicle(vehicle.id),
    number: vehicle.name,
    year: String(vehicle.year),
    make: vehicle.make,
    model: vehicle.model,
    vin: vehicle.vin,
    current_location: {
      id: locationPointId(vehicle.id, latest.time),
      located_at: isoOf(latest.time),
      lat: latest.latitude,
      lon: latest.longitude,
      bearing: latest.heading,
      speed: latest.speedKmh,
      type: context.type,
      description: describePlace(vehicle.id, latest.latitude, latest.longitude),
      odometer,
      true_odometer: odometer,
      engine_hours: hours,
      true_engine_hours: hours,
      fuel: null,
      fuel_primary_remaining_percentage: latest.fuelPercent,
      fuel_secondary_remaining_percentage: null,
      battery_voltage: null,
      eld_device: context.tracker ? renderEldDevice(context.tracker) : null,
    },
    current_driver: userReference(context.driver),
  };
}

/**
 * A trip as a driving period (`driving_period`), as of `now`: one still under way is
 * `in_progress`, with every end-side field null (its destination an empty string) and its
 * duration so far, as Motive sends it. `distance` is the formatted string seen in production.
 */
export function renderDrivingPeriod(
  trip: CanonicalTrip,
  context: { vehicle: CanonicalVehicle; driver: CanonicalDriver | undefined; metric: boolean; now: number },
): Json {
  const { vehicle, metric, now } = context;
  const ended = trip.endedAt <= now;
  const first = trip.points[0]!;
  const last = trip.points.at(-1)!;
  const km = last.odometerKm - first.odometerKm;
  return {
    id: drivingPeriodId(trip.id),
    start_time: isoOf(trip.startedAt),
    end_time: ended ? isoOf(trip.endedAt) : null,
    status: ended ? "complete" : "in_progress",
    type: "driving",
    annotation_status: null,
    notes: null,
    duration: (Math.min(now, trip.endedAt) - trip.startedAt) / 1000,
    start_kilometers: first.odometerKm,
    end_kilometers: ended ? last.odometerKm : null,
    origin: describePlace(vehicle.id, trip.start.latitude, trip.start.longitude),
    origin_lat: trip.start.latitude,
    origin_lon: trip.start.longitude,
    destination: ended ? describePlace(vehicle.id, trip.end.latitude, trip.end.longitude) : "",
    destination_lat: ended ? trip.end.latitude : null,
    destination_lon: ended ? trip.end.longitude : null,
    distance: ended ? `${distance(km, metric).toFixed(1)} ${metric ? "km" : "mi"}` : null,
    driver: userReference(context.driver),
    vehicle: vehicleReference(vehicle, metric),
  };
}
