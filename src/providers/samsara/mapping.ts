import type {
  NormalizedByModel,
  NormalizedDevice,
  NormalizedDriver,
  NormalizedGroup,
  NormalizedUtilizationDay,
  NormalizedVehicle,
  SyncModel,
} from "../../model/normalized";
import { ProviderError } from "../errors";
import { splitName } from "./names";
import {
  samsaraDeviceItem,
  samsaraDriver,
  samsaraTag,
  samsaraUtilizationItem,
  samsaraVehicle,
  samsaraVehicleReport,
} from "./payloads";
import { mapSafetyEvent } from "./safety";
import { isoTime, modelYear, optional, parse, present, round2, unique } from "./values";

/**
 * Samsara payloads → the normalized model, field by field, in the units of wire-compat.md:
 * metres → km, millilitres → litres (÷ 1000, 2 decimals), milliseconds kept (whole), RFC 3339
 * times → ISO 8601 UTC. A payload that does not validate is ProviderError("malformed"): the
 * engine skips it and reports it, rather than storing half a record.
 */

const DAY_MS = 86_400_000;

export function normalizeSamsara<M extends SyncModel>(model: M, payload: unknown): NormalizedByModel[M] {
  const mappers: { [K in SyncModel]: (payload: unknown) => NormalizedByModel[K] } = {
    groups: mapTag,
    vehicles: mapVehicle,
    drivers: mapDriver,
    devices: mapDevice,
    vehicleUtilization: mapUtilizationDay,
    safetyEvents: mapSafetyEvent,
  };
  if (!Object.hasOwn(mappers, model))
    throw new ProviderError("not_supported", `Samsara: no ${String(model)} payloads.`);
  return mappers[model](payload);
}

export function mapTag(payload: unknown): NormalizedGroup {
  const tag = parse(samsaraTag, payload, "tag");
  const parent = present(tag.parentTagId) ?? present(tag.parentTag?.id);
  return { sourceId: tag.id, name: tag.name, ...(parent ? { parentSourceId: parent } : {}) };
}

/**
 * Samsara vehicles have no status (every listed vehicle is active), no fuel type, economy or
 * tank, and a plate without its state. Devices are the gateway (by serial) and the dash cam.
 */
export function mapVehicle(payload: unknown): NormalizedVehicle {
  const vehicle = parse(samsaraVehicle, payload, "vehicle");
  const plate = present(vehicle.licensePlate);
  const year = modelYear(vehicle.year);
  const devices = [present(vehicle.gateway?.serial) ?? present(vehicle.serial), present(vehicle.cameraSerial)];
  return {
    sourceId: vehicle.id,
    status: "active",
    ...optional("name", present(vehicle.name)),
    ...optional("vin", present(vehicle.vin)),
    ...optional("make", present(vehicle.make)),
    ...optional("model", present(vehicle.model)),
    ...optional("year", year),
    ...(plate ? { licensePlate: { number: plate } } : {}),
    groupSourceIds: unique((vehicle.tags ?? []).map((tag) => tag.id)),
    deviceSourceIds: unique(devices.filter((serial): serial is string => serial !== undefined)),
    ...optional("createdAt", isoTime(vehicle.createdAtTime)),
    ...optional("updatedAt", isoTime(vehicle.updatedAtTime)),
  };
}

/** Names split by names.ts; a driver is inactive when deactivated (or, without a status, `isDeactivated`). */
export function mapDriver(payload: unknown): NormalizedDriver {
  const driver = parse(samsaraDriver, payload, "driver");
  const deactivated = driver.driverActivationStatus
    ? driver.driverActivationStatus === "deactivated"
    : driver.isDeactivated === true;
  const licenseState = present(driver.licenseState);
  const licenseNumber = present(driver.licenseNumber);
  return {
    sourceId: driver.id,
    status: deactivated ? "inactive" : "active",
    ...splitName(driver.name),
    ...optional("phone", present(driver.phone)),
    ...optional("username", present(driver.username)),
    ...(licenseState || licenseNumber
      ? { license: { ...optional("state", licenseState), ...optional("number", licenseNumber) } }
      : {}),
    groupSourceIds: unique((driver.tags ?? []).map((tag) => tag.id)),
    ...optional("createdAt", isoTime(driver.createdAtTime)),
    ...optional("updatedAt", isoTime(driver.updatedAtTime)),
  };
}

/** Samsara's dash cams are the accessories whose model is a CM (CM31, CM32, CM33, CM34…). */
export const isCameraModel = (model: string | null | undefined) => /^CM\d/i.test(model ?? "");

/** A gateway is a tracker in its asset; a camera accessory is a camera in its gateway's asset. */
export function mapDevice(payload: unknown): NormalizedDevice {
  const item = parse(samsaraDeviceItem, payload, "device");
  if ("accessory" in item) {
    const vehicle = present(item.gateway.asset?.id);
    const model = present(item.accessory.model);
    return {
      sourceId: item.accessory.serial,
      type: "camera",
      ...optional("vehicleSourceId", vehicle),
      ...optional("description", model),
      serialNumber: item.accessory.serial,
    };
  }
  const vehicle = present(item.asset?.id);
  return {
    sourceId: item.serial,
    type: "tracker",
    ...optional("vehicleSourceId", vehicle),
    ...optional("description", present(item.model)),
    serialNumber: item.serial,
    ...optional("lastConnectedAt", isoTime(item.connectionStatus?.lastConnected)),
  };
}

/**
 * One vehicle's UTC day from the fuel-energy report. The report has no trip times, so the day
 * covers the whole UTC day; driving is engine run time less idle time (Samsara gives no driving
 * time). Electric vehicles have no fuel and no engine times: 0 litres and 0 ms.
 */
export function mapUtilizationDay(payload: unknown): NormalizedUtilizationDay {
  const item = parse(samsaraUtilizationItem, payload, "utilization item");
  const report = parse(samsaraVehicleReport, item.vehicleReport, "vehicle report");
  const dayStart = Date.parse(`${item.date}T00:00:00.000Z`);
  const run = report.engineRunTimeDurationMs ?? 0;
  const idle = report.engineIdleTimeDurationMs ?? 0;
  return {
    vehicleSourceId: report.vehicle.id,
    date: item.date,
    startAt: new Date(dayStart).toISOString(),
    endAt: new Date(dayStart + DAY_MS).toISOString(),
    distance: round2(report.distanceTraveledMeters / 1000),
    fuelConsumed: round2((report.fuelConsumedMl ?? 0) / 1000),
    durations: { driving: Math.round(Math.max(0, run - idle)), idling: Math.round(idle) },
  };
}
