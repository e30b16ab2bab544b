/**
 * The canonical fleet (../fleet.ts, ../series.ts) in GPS Insight API v2 shapes (providers-more.md
 * §4): ids like `CA4500000001`, US units (miles, mph), account-local times in Arizona time (MST,
 * UTC−7 all year: GPS Insight's home zone) beside the `*_gmt` ISO ones, and the quirk of numbers
 * sent as strings (odometer, voltage, driver ids; odd vehicles' trip distances).
 */
import type { CanonicalDriver, CanonicalGroup, CanonicalVehicle, FleetOptions } from "../fleet.ts";
import { driversAt, vehiclesAt } from "../fleet.ts";
import type { CanonicalLatest, CanonicalPoint, CanonicalTrip } from "../series.ts";

export const KM_PER_MILE = 1.609344;
/** Arizona: MST without daylight saving. */
export const OFFSET_MINUTES = -7 * 60;
export const TIMEZONE = "MST";
const DAY_MS = 86_400_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const indexOf = (canonicalId: string) => Number(canonicalId.slice(canonicalId.lastIndexOf("-") + 1));
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
export const miles = (km: number) => km / KM_PER_MILE;
export const mph = (kmh: number) => kmh / KM_PER_MILE;

/** GPS Insight ids of the canonical records (and back). */
export const gpsiIds = {
  vehicle: (canonicalId: string) => `CA45${String(indexOf(canonicalId)).padStart(8, "0")}`,
  serial: (canonicalId: string) => 4_531_000_000 + indexOf(canonicalId),
  driver: (canonicalId: string) => 1000 + indexOf(canonicalId),
  canonicalVehicle: (id: string) => `veh-${Number(id.slice(4))}`,
};

/** Numeric group ids of the canonical groups (../fleet.ts GROUPS), and the account's all-vehicles group. */
export const GROUP_IDS: Readonly<Record<string, number>> = {
  "g-west": 3811,
  "g-east": 3812,
  "g-west-la": 3813,
  "g-east-atl": 3814,
};
export const ALL_VEHICLES_GROUP = { group_id: 3838, label: "ALL VEHICLES" };

/** The vehicles and drivers the account lists: those in service (GPS Insight lists no others). */
export const listedVehicles = (fleet: FleetOptions) => vehiclesAt(fleet).filter((vehicle) => vehicle.active);
export const listedDrivers = (fleet: FleetOptions) => driversAt(fleet).filter((driver) => driver.active);

/** The local wall clock of an instant, as epoch ms read as UTC. */
const local = (utcMs: number) => utcMs + OFFSET_MINUTES * 60_000;
const two = (value: number) => String(value).padStart(2, "0");
const clock = (date: Date) => `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;

/** "7/15/15 07:18:08" (history's fix_time). */
export function shortDateTime(utcMs: number): string {
  const date = new Date(local(utcMs));
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${two(date.getUTCFullYear() % 100)} ${clock(date)}`;
}

/** "8/14/15 7:27:10 AM" (location's fix_time). */
export function meridiemDateTime(utcMs: number): string {
  const date = new Date(local(utcMs));
  const hour = date.getUTCHours();
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${two(date.getUTCFullYear() % 100)} ${hour % 12 || 12}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} ${hour < 12 ? "AM" : "PM"}`;
}

/** "May  8 2015 08:44:47" (trips: the day padded to two characters with a space). */
export function tripDateTime(utcMs: number): string {
  const date = new Date(local(utcMs));
  return `${MONTHS[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2, " ")} ${date.getUTCFullYear()} ${clock(date)}`;
}

/** "2015-08-14T14:27:10+00:00". */
export const gmt = (utcMs: number) => new Date(utcMs).toISOString().replace(/\.\d{3}Z$/, "+00:00");

/** "M/D/YYYY" or "M/D/YYYY HH:MM:SS" (account-local) → UTC ms; NaN when unreadable. */
export function parseLocalParam(text: string): number {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const [, m, d, y, hh = "0", mm = "0", ss = "0"] = match;
  return Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm), Number(ss)) - OFFSET_MINUTES * 60_000;
}

/** The UTC bounds [start, end) of the local day a `M/D/YYYY` names. */
export function localDayBounds(date: string): { start: number; end: number } | undefined {
  const start = parseLocalParam(date);
  return Number.isNaN(start) || date.includes(":") ? undefined : { start, end: start + DAY_MS };
}

function fuelTypeName(vehicle: CanonicalVehicle): string {
  return vehicle.fuelType === "diesel" ? "Diesel" : vehicle.fuelType === "electric" ? "Electric" : "Gasoline";
}

/** `vehicle/list`: `id, vin, label, serial_number`; `details=1` adds the static attributes. */
export function renderVehicle(vehicle: CanonicalVehicle, details: boolean): Record<string, unknown> {
  const base = {
    id: gpsiIds.vehicle(vehicle.id),
    vin: vehicle.vin,
    label: vehicle.name,
    serial_number: gpsiIds.serial(vehicle.id),
  };
  if (!details) return base;
  return {
    ...base,
    make: vehicle.make,
    model: vehicle.model,
    model_year: String(vehicle.year),
    license_state: vehicle.plate.state,
    license_number: vehicle.plate.number,
    fuel_type: fuelTypeName(vehicle),
    install_dt: new Date(Date.parse(vehicle.createdAt)).toISOString().slice(0, 10),
    report_interval: 30,
    idle_gph: vehicle.fuelType === "electric" ? "" : "0.8",
    ref_id: vehicle.id,
  };
}

/** `vehicle/listvehiclegroups`: the all-vehicles group and the vehicle's own groups. */
export function renderVehicleGroups(vehicle: CanonicalVehicle, groups: readonly CanonicalGroup[]) {
  return [
    ALL_VEHICLES_GROUP,
    ...vehicle.groupIds.map((id) => ({
      group_id: GROUP_IDS[id] ?? 3900,
      label: groups.find((group) => group.id === id)?.name ?? id,
    })),
  ];
}

/** `driver/list`: numeric ids. */
export function renderDriver(driver: CanonicalDriver): Record<string, unknown> {
  return {
    id: gpsiIds.driver(driver.id),
    firstname: driver.firstName,
    lastname: driver.lastName,
    email: driver.email,
    phone: driver.phone.replace(/^\+1/, ""),
  };
}

type DriverInfo = { id: string; firstName: string; lastName: string } | undefined;

const driverFields = (driver: DriverInfo) =>
  driver
    ? { driver_id: String(gpsiIds.driver(driver.id)), first_name: driver.firstName, last_name: driver.lastName }
    : { driver_id: "", first_name: "", last_name: "" };

/** `vehicle/location`: the latest point, with strings for odometer, voltage and driver id. */
export function renderLatest(
  vehicle: CanonicalVehicle,
  latest: CanonicalLatest,
  driver: DriverInfo,
  now: number,
): Record<string, unknown> {
  const speed = Math.round(mph(latest.speedKmh));
  return {
    id: gpsiIds.vehicle(vehicle.id),
    vin: vehicle.vin,
    label: vehicle.name,
    serial_number: gpsiIds.serial(vehicle.id),
    age_minutes: Math.max(0, Math.floor((now - latest.time) / 60_000)),
    timezone: TIMEZONE,
    fix_time: meridiemDateTime(latest.time),
    fix_time_mst: `${meridiemDateTime(latest.time)} MST`,
    fix_time_gmt: gmt(latest.time),
    exec_time: gmt(now),
    latitude: latest.latitude,
    longitude: latest.longitude,
    landmark_id: null,
    landmark: "",
    address: `${Math.abs(Math.round(latest.latitude * 1000))} Canonical Rd`,
    heading: Math.round(latest.heading),
    ignition: latest.engineState,
    max_speed: String(speed),
    avg_speed: speed,
    inst_speed: speed,
    speed_limit: 65,
    speed_label: speed > 0 ? `${speed} mph` : "Stopped",
    speed_icon: speed > 0 ? "green_arrow" : "red_dot",
    odometer: String(round(miles(latest.odometerKm), 1)),
    voltage: "12.6",
    ...driverFields(driver),
    phone_number: "",
  };
}

/** One `vehicle/history` point (numbers as numbers there). */
export function renderHistoryPoint(vehicle: CanonicalVehicle, point: CanonicalPoint, driver: DriverInfo, now: number) {
  const speed = Math.round(mph(point.speedKmh));
  return {
    id: gpsiIds.vehicle(vehicle.id),
    vin: vehicle.vin,
    label: vehicle.name,
    serial_number: gpsiIds.serial(vehicle.id),
    age_minutes: Math.max(0, Math.floor((now - point.time) / 60_000)),
    timezone: TIMEZONE,
    fix_time: shortDateTime(point.time),
    fix_time_mst: `${shortDateTime(point.time)} MST`,
    fix_time_gmt: gmt(point.time),
    latitude: point.latitude,
    longitude: point.longitude,
    heading: Math.round(point.heading),
    ignition: "on",
    max_speed: speed,
    avg_speed: speed,
    inst_speed: speed,
    speed_limit: 65,
    speed_label: `${speed} mph`,
    speed_icon: "green_arrow",
    odometer: round(miles(point.odometerKm), 1),
    ...driverFields(driver),
  };
}

/** A `vehicle/tripdetail` row: `T` (trip) or `S` (stop), local times, hours, miles, mph. */
export function renderTripRow(
  vehicle: CanonicalVehicle,
  row: {
    type: "T" | "S";
    start: number;
    end: number;
    trip?: CanonicalTrip;
    at?: { latitude: number; longitude: number };
  },
  now: number,
): Record<string, unknown> {
  const inProgress = row.end > now;
  const end = Math.min(row.end, now);
  const trip = row.trip;
  const hours = (end - row.start) / 3_600_000;
  const distance = trip ? round(miles(trip.distanceKm), 2) : 0;
  const avg = trip && hours > 0 ? Math.round(distance / hours) : 0;
  const odd = indexOf(vehicle.id) % 2 === 1;
  const from = trip?.start ?? row.at!;
  const to = trip?.end ?? row.at!;
  return {
    id: gpsiIds.vehicle(vehicle.id),
    label: vehicle.name,
    serial_number: gpsiIds.serial(vehicle.id),
    trip_type: row.type,
    trip_start: tripDateTime(row.start),
    trip_end: tripDateTime(end),
    duration: round(hours, 2),
    distance: odd ? String(distance) : distance,
    max_speed: odd ? String(avg) : avg,
    avg_speed: avg,
    speed_label: `${avg} mph`,
    latitude_start: from.latitude,
    longitude_start: from.longitude,
    latitude_end: to.latitude,
    longitude_end: to.longitude,
    in_progress: inProgress ? 1 : 0,
    points: trip ? trip.points.length : 0,
  };
}
