/**
 * The fake Verizon endpoints the adapter does not read, served for fidelity (passthrough, and
 * clients written against the fake): single vehicles and drivers, a vehicle's latest location
 * and status, its ECM status (with the production typo `EngineMintutes`), the fleet's active
 * DTCs (`ActiveDTCs` one comma-separated string) and the users (`{ user, _links }`, lower-case).
 */
import { faultsBetween } from "../faults.ts";
import { type CanonicalVehicle, driversAt, type FleetOptions, vehiclesAt } from "../fleet.ts";
import { json } from "../http-server.ts";
import { breadcrumbsBetween, latestOf } from "../series.ts";
import { driverNumber, vehicleIdOf, vehicleNumber, verizonTime } from "./ids.ts";
import { dtcOf, renderDriver, renderLocation, renderVehicle } from "./render.ts";

const notFound = (what: string) => json({ Message: `${what} not found.` }, 404);

function statusOf(fleet: FleetOptions, vehicle: CanonicalVehicle, now: number) {
  const latest = latestOf(fleet, vehicle.id, now);
  const location = renderLocation(latest, undefined);
  const driver = latest.driverId ? driversAt(fleet).find((candidate) => candidate.id === latest.driverId) : undefined;
  return {
    DeviceTimeZoneOffset: location.DeviceTimeZoneOffset,
    DeviceTimeZoneUseDST: true,
    DisplayState: location.DisplayState,
    DriverNumber: location.DriverNumber,
    Speed: latest.speedKmh,
    UpdateUTC: verizonTime(latest.time),
    DriverName: driver ? `${driver.firstName} ${driver.lastName}` : null,
    EngineMinutes: Math.round(latest.engineRuntimeMs / 60_000),
    CurrentOdometer: latest.odometerKm,
    IdleTime: 0,
    SensorValues: [],
    BatteryLevel: null,
    TractionBatteryChargingUtc: null,
    TractionBatteryChargingLastStartUtc: null,
    BatteryVoltage: 13.8,
  };
}

/** The answer of one of these endpoints, or undefined for any other path. */
export function extraRoute(request: Request, url: URL, fleet: FleetOptions, now: number): Response | undefined {
  if (request.method !== "GET") return undefined;
  const path = url.pathname;
  const vehicles = vehiclesAt(fleet);
  const byNumber = (number: string) =>
    vehicles.find((vehicle) => vehicle.id === vehicleIdOf(decodeURIComponent(number)));
  if (path === "/rad/v1/vehicles/getvehiclesactivedtcs") {
    const active = faultsBetween(fleet, now - 30 * 86_400_000, now + 1, now).filter(
      (fault) => fault.closedAt === undefined,
    );
    return json(
      vehicles
        .map((vehicle) => ({ vehicle, codes: active.filter((fault) => fault.vehicleId === vehicle.id).map(dtcOf) }))
        .filter(({ codes }) => codes.length > 0)
        .map(({ vehicle, codes }) => ({
          VehicleNumber: vehicleNumber(vehicle.id),
          VehicleName: vehicle.name,
          ActiveDTCs: codes.join(", "),
          LastUpdatedDateTime: verizonTime(now),
        })),
    );
  }
  if (path === "/cmd/v1/users") {
    return json(
      driversAt(fleet).map((driver) => ({
        user: {
          employeeId: driverNumber(driver.id),
          firstName: driver.firstName,
          lastName: driver.lastName,
          email: driver.email,
        },
        _links: {
          self: { href: `${url.origin}/cmd/v1/users/${driverNumber(driver.id)}` },
          groups: { href: `${url.origin}/cmd/v1/users/${driverNumber(driver.id)}/groups` },
        },
      })),
    );
  }
  const driver = /^\/cmd\/v1\/drivers\/([^/]+)$/.exec(path);
  if (driver) {
    const found = driversAt(fleet).find((candidate) => driverNumber(candidate.id) === decodeURIComponent(driver[1]!));
    return found ? json(renderDriver(found, url.origin)) : notFound("Driver");
  }
  const vehicle = /^\/cmd\/v1\/vehicles\/([^/]+)$/.exec(path);
  if (vehicle) {
    const found = byNumber(vehicle[1]!);
    return found ? json(renderVehicle(found)) : notFound("Vehicle");
  }
  const live = /^\/rad\/v1\/vehicles\/([^/]+)\/(location|status|getecmstatusbyvehiclenumber)$/.exec(path);
  if (!live) return undefined;
  const found = byNumber(live[1]!);
  if (!found) return notFound("Vehicle");
  if (live[2] === "location") {
    const latest = latestOf(fleet, found.id, now);
    return json(renderLocation(latest, breadcrumbsBetween(fleet, found.id, latest.time - 60_000, latest.time).at(-1)));
  }
  const { EngineMinutes, ...status } = statusOf(fleet, found, now);
  if (live[2] === "status") return json({ ...status, EngineMinutes });
  const active = faultsBetween(fleet, now - 30 * 86_400_000, now + 1, now).filter(
    (fault) => fault.vehicleId === found.id && fault.closedAt === undefined,
  );
  return json({
    ...status,
    // As in production: the minutes field of the ECM status is misspelled.
    EngineMintutes: EngineMinutes,
    DTCs: active.map(dtcOf),
    FuelLevelPercentage: latestOf(fleet, found.id, now).fuelPercent,
    TotalFuelUsed: null,
    TotalIdleFuel: null,
    TotalPTOFuel: null,
    TotalPTOTime: null,
    VIN: found.vin,
  });
}
