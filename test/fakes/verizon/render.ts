/**
 * The canonical fleet in Verizon Connect's shapes (providers-more.md 1.3): PascalCase, dates in
 * UTC without a zone, km and km/h, drivers wrapped with their links, the history's `UpdateUtc`
 * beside the location's `UpdateUTC`.
 */
import type { CanonicalFault } from "../faults.ts";
import { type CanonicalDriver, type CanonicalVehicle, hash } from "../fleet.ts";
import { type CanonicalLatest, type CanonicalPoint, type CanonicalTrip, yardOf } from "../series.ts";
import { driverNumber, hasPrivateLocation, isPrivateTrip, mpgOf, vehicleNumber, verizonTime } from "./ids.ts";

type Json = Record<string, unknown>;
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const LITRES_PER_US_GALLON = 3.785411784;
/** Verizon's `FuelType` enum values are undocumented: these are invented. */
const FUEL_TYPES = { gasoline: 1, diesel: 2, electric: 5 } as const;

export function renderVehicle(vehicle: CanonicalVehicle): Json {
  const mpg = vehicle.fuelEfficiency === undefined ? null : round(mpgOf(vehicle.fuelEfficiency), 4);
  return {
    Name: vehicle.name,
    VehicleNumber: vehicleNumber(vehicle.id),
    RegistrationNumber: vehicle.plate.number,
    VIN: vehicle.vin,
    Make: vehicle.make,
    Year: vehicle.year,
    Model: vehicle.model,
    // A US account: gallons (the unit is undocumented; the adapter does not read it).
    TankCapacity: vehicle.tankCapacity === undefined ? null : round(vehicle.tankCapacity / LITRES_PER_US_GALLON, 1),
    HighwayMPG: mpg,
    CityMPG: mpg,
    FuelType: FUEL_TYPES[vehicle.fuelType],
    VehicleSize: vehicle.make === "Ford" ? 1 : 3,
    HasNavigationDevice: false,
    HasTachograph: false,
    VehicleId: 70_000 + Number(vehicle.id.slice(4)),
  };
}

export function renderDriver(driver: CanonicalDriver, origin: string): Json {
  const number = driverNumber(driver.id);
  return {
    Driver: {
      CreatedDateUTC: verizonTime(Date.parse(driver.createdAt)),
      DriverNumber: number,
      EmailAddress: driver.email,
      FirstName: driver.firstName,
      LastName: driver.lastName,
      EnableMobileAccess: driver.active,
      PhoneNumber: driver.phone,
      UserApiInsteadOfSts: false,
    },
    Links: {
      Self: { Href: `${origin}/cmd/v1/drivers/${number}` },
      KeyFobs: { Href: `${origin}/cmd/v1/drivers/${number}/keys` },
    },
  };
}

/** The yard's address, the whole of it in AddressLine1 as Verizon often sends it [OBS]. */
export function addressOf(vehicleId: string): Json {
  const west = yardOf(vehicleId).longitude < -100;
  const [street, locality, area, postal] = west
    ? ["1200 S Alameda St", "Los Angeles", "CA", "90021"]
    : ["400 Fulton Industrial Blvd", "Atlanta", "GA", "30336"];
  return {
    AddressLine1: `${street}, ${locality}, ${area} ${postal}, USA`,
    AddressLine2: "",
    Locality: locality,
    AdministrativeArea: area,
    PostalCode: postal,
    Country: "USA",
  };
}

const COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/** `/rad/v1/vehicles/{n}/location` and the bulk read's `Value`. */
export function renderLocation(latest: CanonicalLatest, previous: CanonicalPoint | undefined): Json {
  const west = yardOf(latest.vehicleId).longitude < -100;
  return {
    Address: addressOf(latest.vehicleId),
    DeltaDistance: previous ? round(latest.odometerKm - previous.odometerKm, 2) : 0,
    DeltaTime: previous ? Math.round((latest.time - previous.time) / 1000) : 0,
    DeviceTimeZoneOffset: west ? -8 : -5,
    DeviceTimeZoneUseDST: true,
    DisplayState: latest.speedKmh > 0 ? "Moving" : latest.engineState === "on" ? "Idle" : "Stop",
    Direction: Math.round(latest.heading) % 360,
    Heading: COMPASS[Math.round(latest.heading / 45) % 8],
    DriverNumber: latest.driverId ? driverNumber(latest.driverId) : null,
    GeoFenceName: latest.speedKmh > 0 ? null : west ? "LA Yard" : "ATL Yard",
    Latitude: latest.latitude,
    Longitude: latest.longitude,
    Speed: latest.speedKmh,
    UpdateUTC: verizonTime(latest.time),
    IsPrivate: hasPrivateLocation(latest.vehicleId),
  };
}

/** A point of `/rad/v1/vehicles/{n}/status/history` (note `UpdateUtc`). */
export function renderHistoryPoint(
  vehicle: CanonicalVehicle,
  trip: CanonicalTrip,
  point: CanonicalPoint,
  driver: CanonicalDriver | undefined,
): Json {
  return {
    VehicleNumber: vehicleNumber(vehicle.id),
    VehicleName: vehicle.name,
    UpdateUtc: verizonTime(point.time),
    OdometerInKM: round(point.odometerKm, 1),
    IsPrivate: isPrivateTrip(trip),
    DriverNumber: driver ? driverNumber(driver.id) : null,
    FirstName: driver?.firstName ?? null,
    LastName: driver?.lastName ?? null,
    Address: addressOf(vehicle.id),
    Latitude: point.latitude,
    Longitude: point.longitude,
    Speed: point.speedKmh,
    BatteryLevel: null,
  };
}

function segmentPlace(vehicleId: string, place: { latitude: number; longitude: number }, hidden: boolean): Json {
  return hidden
    ? {
        AddressLine1: null,
        Locality: null,
        AdministrativeArea: null,
        PostalCode: null,
        Country: null,
        Latitude: null,
        Longitude: null,
      }
    : { ...addressOf(vehicleId), Latitude: place.latitude, Longitude: place.longitude };
}

/** A segment; one still running at `now` is `IsComplete: false` with its end null. */
export function renderSegment(trip: CanonicalTrip, now: number): Json {
  const hidden = isPrivateTrip(trip);
  const complete = trip.endedAt <= now;
  return {
    StartDateUtc: verizonTime(trip.startedAt),
    StartLocation: segmentPlace(trip.vehicleId, trip.start, hidden),
    StartLocationIsPrivate: hidden,
    EndDateUtc: complete ? verizonTime(trip.endedAt) : null,
    EndLocation: complete ? segmentPlace(trip.vehicleId, trip.end, hidden) : null,
    EndLocationIsPrivate: complete ? hidden : null,
    IsComplete: complete,
    DistanceKilometers: complete ? trip.distanceKm : null,
  };
}

/** A vehicle's segments answer: one group per driver (a vehicle-day has one), each with the vehicle. */
export function renderSegmentGroups(
  vehicle: CanonicalVehicle,
  trips: CanonicalTrip[],
  drivers: ReadonlyMap<string, CanonicalDriver>,
  now: number,
): Json[] {
  const byDriver = new Map<string, CanonicalTrip[]>();
  for (const trip of trips) byDriver.set(trip.driverId ?? "", [...(byDriver.get(trip.driverId ?? "") ?? []), trip]);
  return [...byDriver].map(([driverId, group]) => {
    const driver = drivers.get(driverId);
    return {
      Driver: driver
        ? { FirstName: driver.firstName, LastName: driver.lastName, Number: driverNumber(driver.id) }
        : null,
      Vehicle: { Name: vehicle.name, Number: vehicleNumber(vehicle.id) },
      Segments: group.map((trip) => renderSegment(trip, now)),
    };
  });
}

/** A stable, opaque token. */
export const newToken = (credential: string, count: number) =>
  `${hash(credential, count).toString(36)}${crypto.randomUUID().replaceAll("-", "")}`;

/** A fault's code as Verizon writes it: the OBD-II code, or (an invented format) `SPN 110 FMI 0`. */
export const dtcOf = (fault: CanonicalFault) =>
  fault.j1939 ? `SPN ${fault.j1939.spn} FMI ${fault.j1939.fmi}` : fault.code;

/** A vehicle's DTC history: each fault's entry when it came on and, once cleared, when it went off. */
export function renderDtcHistory(vehicle: CanonicalVehicle, faults: readonly CanonicalFault[]): Json {
  return {
    VehicleNumber: vehicleNumber(vehicle.id),
    VehicleName: vehicle.name,
    DTCs: faults.flatMap((fault) => [
      { DTC: dtcOf(fault), IsActive: true, LastUpdatedDateTime: verizonTime(fault.openedAt) },
      ...(fault.closedAt === undefined
        ? []
        : [{ DTC: dtcOf(fault), IsActive: false, LastUpdatedDateTime: verizonTime(fault.closedAt) }]),
    ]),
  };
}
