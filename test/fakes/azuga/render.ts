/**
 * The canonical fleet (../fleet.ts, ../series.ts) in Azuga's v3 OAuth shapes (providers-more.md
 * §5): UUID-like ids, epoch-ms times, km and km/h; trackees carry `name` (not `trackeeName`) and
 * the lower-case `odo` fields; latest locations `trackeeName` and the driver's names.
 */
import type { CanonicalDriver, CanonicalVehicle, FleetOptions } from "../fleet.ts";
import { driversAt, GROUPS, vehiclesAt } from "../fleet.ts";
import type { CanonicalLatest, CanonicalPoint, CanonicalTrip } from "../series.ts";

const indexOf = (canonicalId: string) => Number(canonicalId.slice(canonicalId.lastIndexOf("-") + 1));
const uuid = (prefix: string, index: number) => `${prefix}-0000-4000-8000-${String(index).padStart(12, "0")}`;
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Azuga ids of the canonical records (and back). */
export const azugaIds = {
  vehicle: (canonicalId: string) => uuid("7f3c0a1e", indexOf(canonicalId)),
  driver: (canonicalId: string) => uuid("5d1e9b2c", indexOf(canonicalId)),
  trip: (trip: CanonicalTrip) => `${uuid("3a7b4c5d", indexOf(trip.vehicleId))}-${trip.startedAt}`,
  canonicalVehicle: (id: string) => `veh-${Number(id.slice(-12))}`,
};

/** The trackees and drivers the account lists: those in service. */
export const listedVehicles = (fleet: FleetOptions) => vehiclesAt(fleet).filter((vehicle) => vehicle.active);
export const listedDrivers = (fleet: FleetOptions) => driversAt(fleet).filter((driver) => driver.active);

/** The listed driver of a canonical driver id, if any. */
export const listedDriver = (fleet: FleetOptions, id: string | undefined) =>
  id === undefined ? undefined : listedDrivers(fleet).find((driver) => driver.id === id);

const groupName = (vehicle: CanonicalVehicle) =>
  GROUPS.find((group) => group.id === vehicle.groupIds.at(-1))?.name ?? "Default Group";

export function renderTrackee(vehicle: CanonicalVehicle, latest: CanonicalLatest, driver: CanonicalDriver | undefined) {
  return {
    trackeeId: azugaIds.vehicle(vehicle.id),
    name: vehicle.name,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    vin: vehicle.vin,
    licensePlateNo: vehicle.plate.number,
    assetno: `A-${indexOf(vehicle.id)}`,
    ownership: "Owned",
    trackeeTypeId: 1,
    odoSource: "Vehicle",
    vehicleSupportedOdoValue: 1,
    vehicleDeviceCurrentodoReading: latest.odometerKm,
    vehicleDeviceOdoReading: latest.odometerKm,
    lastContactDate: latest.time,
    userId: driver ? azugaIds.driver(driver.id) : null,
    groupName: groupName(vehicle),
  };
}

export function renderUser(driver: CanonicalDriver) {
  return {
    id: azugaIds.driver(driver.id),
    firstName: driver.firstName,
    lastName: driver.lastName,
    email: driver.email,
    primaryContactNumber: driver.phone,
    licenseNumber: driver.license.number,
    licenseState: driver.license.state,
    licenseExpiry: "2029-06-30",
    userName: driver.username,
    userType: "driver",
  };
}

const address = (latitude: number, longitude: number) => `${round(latitude, 4)}, ${round(longitude, 4)}`;

export function renderLatest(vehicle: CanonicalVehicle, latest: CanonicalLatest, driver: CanonicalDriver | undefined) {
  return {
    trackeeId: azugaIds.vehicle(vehicle.id),
    trackeeName: vehicle.name,
    firstName: driver?.firstName ?? "",
    lastName: driver?.lastName ?? "",
    driverId: driver ? azugaIds.driver(driver.id) : null,
    address: address(latest.latitude, latest.longitude),
    lastKnownAddress: address(latest.latitude, latest.longitude),
    storedLocation: false,
    latitude: latest.latitude,
    longitude: latest.longitude,
    speed: latest.speedKmh,
    heading: latest.heading,
    odometer: latest.odometerKm,
    tripStateId: latest.engineState === "on" ? 1 : 0,
    eventTime: latest.time,
  };
}

export function renderTripRow(vehicle: CanonicalVehicle, trip: CanonicalTrip, driver: CanonicalDriver | undefined) {
  return {
    tripId: azugaIds.trip(trip),
    vehicleId: azugaIds.vehicle(vehicle.id),
    vehicleName: vehicle.name,
    driverId: driver ? azugaIds.driver(driver.id) : null,
    driverName: driver ? `${driver.firstName} ${driver.lastName}` : "",
    startTime: trip.startedAt,
    endTime: trip.endedAt,
    startLatitude: trip.start.latitude,
    startLongitude: trip.start.longitude,
    endLatitude: trip.end.latitude,
    endLongitude: trip.end.longitude,
    startAddress: address(trip.start.latitude, trip.start.longitude),
    endAddress: address(trip.end.latitude, trip.end.longitude),
    distance: round(trip.distanceKm, 2),
    duration: Math.round((trip.endedAt - trip.startedAt) / 1000),
  };
}

export function renderBreadcrumb(
  vehicle: CanonicalVehicle,
  point: CanonicalPoint,
  driver: CanonicalDriver | undefined,
) {
  return {
    vehicleId: azugaIds.vehicle(vehicle.id),
    vehicleName: vehicle.name,
    driverId: driver ? azugaIds.driver(driver.id) : null,
    eventTime: point.time,
    latitude: point.latitude,
    longitude: point.longitude,
    speed: point.speedKmh,
    heading: point.heading,
    address: address(point.latitude, point.longitude),
    odometer: round(point.odometerKm, 2),
  };
}
