/**
 * The canonical fleet in MiX Integrate's shapes (providers-more.md section 3): PascalCase, ids as
 * 64-bit integers, UTC times, km, km/h, litres.
 */
import { type CanonicalDriver, type CanonicalGroup, type CanonicalVehicle, GROUPS } from "../fleet.ts";
import { type CanonicalLatest, type CanonicalPoint, type CanonicalTrip, yardOf } from "../series.ts";
import type { CanonicalTrailer } from "../trailers.ts";
import {
  assetIdOf,
  driverIdOf,
  groupIdOf,
  mixTime,
  positionIdOf,
  SYSTEM_DRIVER_ID,
  trailerAssetIdOf,
  tripIdOf,
} from "./ids.ts";

type Json = Record<string, unknown>;
const FUEL_TYPES = { diesel: "Diesel", gasoline: "Petrol", electric: "Electric" } as const;

/** The organisation as `api/organisationgroups/subgroups/{orgId}` answers it: a tree of its groups. */
export function renderGroupTree(orgId: string, name: string): Json {
  const node = (group: CanonicalGroup): Json => ({
    GroupId: groupIdOf(group.id),
    Name: group.name,
    Type: group.parentId ? "Site" : "DefaultGroup",
    SubGroups: GROUPS.filter((child) => child.parentId === group.id).map(node),
  });
  return {
    GroupId: orgId,
    Name: name,
    Type: "Organisation",
    SubGroups: GROUPS.filter((group) => !group.parentId).map(node),
  };
}

export function renderAsset(vehicle: CanonicalVehicle, defaultDriverId: string | undefined): Json {
  return {
    AssetId: assetIdOf(vehicle.id),
    AssetTypeId: 1,
    Description: vehicle.name,
    RegistrationNumber: vehicle.plate.number,
    SiteId: groupIdOf(vehicle.groupIds[0]!),
    FleetNumber: vehicle.id.toUpperCase(),
    Make: vehicle.make,
    Model: vehicle.model,
    Year: String(vehicle.year),
    VinNumber: vehicle.vin,
    SerialNumber: null,
    EngineNumber: "",
    FuelType: FUEL_TYPES[vehicle.fuelType],
    FuelTankCapacity: vehicle.tankCapacity ?? 0,
    DefaultDriverId: defaultDriverId ? driverIdOf(defaultDriverId) : "0",
    Odometer: 0,
    EngineHours: "00:00:00",
    IsConnectedTrailer: false,
    UserState: vehicle.active ? "Active" : "Inactive",
    CreatedDate: mixTime(Date.parse(vehicle.createdAt)),
    Country: "United States",
  };
}

/** A trailer: an `Asset` of the trailer type (`api/assets/organisation/{orgId}/trailers`). */
export function renderTrailer(trailer: CanonicalTrailer): Json {
  return {
    AssetId: trailerAssetIdOf(trailer.id),
    AssetTypeId: 2,
    Description: trailer.name,
    RegistrationNumber: trailer.plate.number,
    SiteId: groupIdOf(trailer.groupIds[0]!),
    FleetNumber: trailer.id.toUpperCase(),
    Make: trailer.make,
    Model: trailer.model,
    Year: String(trailer.year),
    VinNumber: trailer.vin,
    SerialNumber: trailer.serial,
    EngineNumber: "",
    FuelType: null,
    FuelTankCapacity: 0,
    DefaultDriverId: 0,
    Odometer: 0,
    EngineHours: "00:00:00",
    IsConnectedTrailer: Boolean(trailer.vehicleId),
    UserState: trailer.active ? "Active" : "Inactive",
    CreatedDate: mixTime(Date.parse(trailer.createdAt)),
    Country: "United States",
  };
}

export function renderDriver(driver: CanonicalDriver): Json {
  return {
    DriverId: driverIdOf(driver.id),
    SiteId: groupIdOf(driver.groupIds[0]!),
    Name: `${driver.firstName} ${driver.lastName}`,
    EmployeeNumber: driver.username,
    MobileNumber: driver.phone,
    Email: driver.email,
    ExtendedDriverId: "",
    ExtendedDriverIdType: "None",
    FmDriverId: Number(driver.id.slice(4)),
    IsSystemDriver: false,
    Country: "United States",
  };
}

/** The system driver every MiX organisation lists ("Unknown Driver"). */
export function renderSystemDriver(siteId: string): Json {
  return {
    DriverId: SYSTEM_DRIVER_ID,
    SiteId: siteId,
    Name: "Unknown Driver",
    EmployeeNumber: "",
    MobileNumber: "",
    Email: "",
    ExtendedDriverId: "",
    ExtendedDriverIdType: "None",
    FmDriverId: 0,
    IsSystemDriver: true,
    Country: "United States",
  };
}

const address = (vehicleId: string) =>
  yardOf(vehicleId).longitude < -100
    ? "1200 S Alameda St, Los Angeles, CA 90021, USA"
    : "400 Fulton Industrial Blvd, Atlanta, GA 30336, USA";

type Positioned = Pick<CanonicalPoint, "time" | "latitude" | "longitude" | "heading" | "speedKmh" | "odometerKm">;

export function renderPosition(vehicleId: string, point: Positioned, driverId: string | undefined): Json {
  return {
    PositionId: positionIdOf(vehicleId, point.time),
    AssetId: assetIdOf(vehicleId),
    DriverId: driverId ? driverIdOf(driverId) : "0",
    Timestamp: mixTime(point.time),
    Latitude: point.latitude,
    Longitude: point.longitude,
    SpeedKilometresPerHour: point.speedKmh,
    SpeedLimit: 0,
    AltitudeMetres: 90,
    Heading: point.heading,
    NumberOfSatellites: 9,
    Hdop: 0.9,
    AgeOfReadingSeconds: 0,
    DistanceSinceReadingKilometres: 0,
    OdometerKilometres: point.odometerKm,
    FormattedAddress: address(vehicleId),
    Source: "Normal",
    IsAvl: false,
  };
}

export const renderLatest = (latest: CanonicalLatest) => renderPosition(latest.vehicleId, latest, latest.driverId);

export function renderTrip(trip: CanonicalTrip): Json {
  const first = trip.points[0]!;
  const last = trip.points.at(-1)!;
  const seconds = (trip.endedAt - trip.startedAt) / 1000;
  return {
    TripId: tripIdOf(trip.id),
    AssetId: assetIdOf(trip.vehicleId),
    DriverId: trip.driverId ? driverIdOf(trip.driverId) : "0",
    TripStart: mixTime(trip.startedAt),
    TripEnd: mixTime(trip.endedAt),
    StartPosition: renderPosition(trip.vehicleId, { ...first, ...trip.start }, trip.driverId),
    EndPosition: renderPosition(trip.vehicleId, { ...last, ...trip.end }, trip.driverId),
    FirstDepart: mixTime(trip.startedAt),
    LastHalt: mixTime(trip.endedAt),
    DrivingTime: seconds,
    StandingTime: 0,
    Duration: seconds,
    DistanceKilometers: trip.distanceKm,
    StartOdometerKilometers: first.odometerKm,
    EndOdometerKilometers: last.odometerKm,
    StartEngineSeconds: 0,
    EndEngineSeconds: seconds,
    FuelUsedLitres: 0,
    MaxSpeedKilometersPerHour: Math.max(...trip.points.map((point) => point.speedKmh)),
    MaxRpm: 1800,
    SubTrips: null,
  };
}
