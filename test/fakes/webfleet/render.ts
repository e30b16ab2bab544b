/**
 * The canonical fleet in WEBFLEET.connect's shapes (providers-more.md 2.3): flat snake_case rows,
 * micro-degree coordinates, integer km/h, trip `distance` in metres and `duration` in seconds,
 * odometers in 100 m steps. Vehicle and driver uids are the canonical ids (so every fake's fleet
 * normalizes to the same records); their numbers are the customer-visible `objectno`/`driverno`.
 */
import { type CanonicalDriver, dayOf, driversAt, type FleetOptions, GROUPS, vehiclesAt } from "../fleet.ts";
import { breadcrumbsBetween, type CanonicalTrip, latestOf, tripsBetween } from "../series.ts";

const DAY_MS = 86_400_000;

/** How times are written: ISO 8601 UTC with `useISO8601=true`, else the account's local time. */
export type TimeFormat = { iso: boolean; timeZone: string };

export function formatTime(ms: number, format: TimeFormat): string {
  if (format.iso) return new Date(ms).toISOString().replace(/\.000Z$/, "Z");
  // Without ISO 8601 Webfleet writes the account's local time, dd.MM.yyyy HH:mm:ss, without a zone.
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: format.timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export const microDegrees = (degrees: number) => Math.round(degrees * 1e6);
const indexOf = (id: string) => Number(id.slice(4));
export const objectNoOf = (vehicleId: string) => String(indexOf(vehicleId)).padStart(3, "0");
export const driverNoOf = (driverId: string) => `D${String(indexOf(driverId)).padStart(3, "0")}`;
const nameOf = (driver: CanonicalDriver) => `${driver.firstName} ${driver.lastName}`;

/** A trip's `tripid`: a number unique in the account (day, vehicle, leg). */
export function tripIdOf(trip: CanonicalTrip): number {
  const [date, leg] = [trip.id.slice(-12, -2), Number(trip.id.slice(-1))];
  return (Date.parse(`${date}T00:00:00Z`) / DAY_MS) * 1_000_000 + indexOf(trip.vehicleId) * 10 + leg;
}

/** `showObjectReportExtern`: every object with its last position at `now`. */
export function objectRows(fleet: FleetOptions, now: number, format: TimeFormat) {
  const drivers = new Map(driversAt(fleet).map((driver) => [driver.id, driver]));
  return vehiclesAt(fleet).map((vehicle) => {
    const latest = latestOf(fleet, vehicle.id, now);
    const driver = latest.driverId ? drivers.get(latest.driverId) : undefined;
    const moving = latest.engineState === "on";
    return {
      objectno: objectNoOf(vehicle.id),
      objectname: vehicle.name,
      objectclassname: "Truck",
      objectuid: vehicle.id,
      msgtime: formatTime(latest.time, format),
      pos_time: formatTime(latest.time, format),
      latitude_mdeg: microDegrees(latest.latitude),
      longitude_mdeg: microDegrees(latest.longitude),
      postext: `${latest.latitude.toFixed(5)} N, ${Math.abs(latest.longitude).toFixed(5)} W`,
      postext_short: `${latest.latitude.toFixed(2)}, ${latest.longitude.toFixed(2)}`,
      speed: Math.round(latest.speedKmh),
      course: Math.round(latest.heading),
      direction: 1 + Math.floor(((latest.heading + 22.5) % 360) / 45),
      ignition: moving ? 1 : 0,
      standstill: latest.speedKmh > 0 ? 0 : 1,
      ...(driver ? { driver: driverNoOf(driver.id), drivername: nameOf(driver) } : {}),
      odometer: Math.round(latest.odometerKm * 10),
    };
  });
}

/** A canonical group's Webfleet name (Webfleet's groups are flat and known by name). */
export const groupNameOf = (groupId: string) => GROUPS.find((group) => group.id === groupId)?.name ?? groupId;

/** `showObjectGroups`: every group, flat. */
export function groupRows(fleet: FleetOptions) {
  const vehicles = vehiclesAt(fleet);
  return GROUPS.map((group) => ({
    objectgroupname: group.name,
    objectcount: vehicles.filter((vehicle) => vehicle.groupIds.includes(group.id)).length,
  }));
}

/** `showObjectGroupObjects`: each object's membership of each group. */
export function groupObjectRows(fleet: FleetOptions) {
  return vehiclesAt(fleet).flatMap((vehicle) =>
    vehicle.groupIds.map((groupId) => ({
      objectgroupname: groupNameOf(groupId),
      objectno: objectNoOf(vehicle.id),
      objectname: vehicle.name,
      objectuid: vehicle.id,
    })),
  );
}

/** `showDriverReportExtern`: every driver. */
export function driverRows(fleet: FleetOptions) {
  return driversAt(fleet).map((driver) => ({
    driverno: driverNoOf(driver.id),
    driveruid: driver.id,
    name1: nameOf(driver),
    name2: "",
    name3: "",
    email: driver.email,
    telmobile: driver.phone,
    telprivate: "",
    company: "",
  }));
}

/** `showTripReportExtern`: the trips overlapping [from, to), every vehicle (or one). */
export function tripRows(fleet: FleetOptions, from: number, to: number, format: TimeFormat, vehicleId?: string) {
  const vehicles = vehiclesAt(fleet).filter((vehicle) => vehicleId === undefined || vehicle.id === vehicleId);
  const names = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.name]));
  const drivers = new Map(driversAt(fleet).map((driver) => [driver.id, driver]));
  return tripsBetween(
    fleet,
    vehicles.map((vehicle) => vehicle.id),
    from - DAY_MS,
    to,
  )
    .filter((trip) => trip.endedAt > from && trip.startedAt < to)
    .map((trip) => {
      const driver = trip.driverId ? drivers.get(trip.driverId) : undefined;
      const day = dayOf(fleet, trip.vehicleId, new Date(trip.startedAt).toISOString().slice(0, 10));
      const seconds = (trip.endedAt - trip.startedAt) / 1000;
      const first = trip.points[0]!;
      const last = trip.points.at(-1)!;
      return {
        tripid: tripIdOf(trip),
        tripmode: 0,
        objectno: objectNoOf(trip.vehicleId),
        objectname: names.get(trip.vehicleId),
        objectuid: trip.vehicleId,
        start_time: formatTime(trip.startedAt, format),
        start_odometer: Math.round(first.odometerKm * 10),
        start_latitude: microDegrees(trip.start.latitude),
        start_longitude: microDegrees(trip.start.longitude),
        end_time: formatTime(trip.endedAt, format),
        end_odometer: Math.round(last.odometerKm * 10),
        end_latitude: microDegrees(trip.end.latitude),
        end_longitude: microDegrees(trip.end.longitude),
        duration: seconds,
        idle_time: 0,
        distance: Math.round(trip.distanceKm * 1000),
        avg_speed: Math.round(trip.distanceKm / (seconds / 3600)),
        max_speed: Math.round(first.speedKmh),
        fuel_usage: Math.round((day.fuelLiters / 2) * 100) / 100,
        ...(driver ? { driverno: driverNoOf(driver.id), drivername: nameOf(driver), driveruid: driver.id } : {}),
      };
    });
}

/** `showTracks` of one vehicle over [from, to). */
export function trackRows(fleet: FleetOptions, vehicleId: string, from: number, to: number, format: TimeFormat) {
  return breadcrumbsBetween(fleet, vehicleId, from, to).map((point) => ({
    latitude: microDegrees(point.latitude),
    longitude: microDegrees(point.longitude),
    pos_time: formatTime(point.time, format),
    speed: Math.round(point.speedKmh),
    course: Math.round(point.heading),
  }));
}
