import type { z } from "@hono/zod-openapi";
import { round2 } from "../../lib/units";
import type {
  LicensePlate,
  NormalizedByModel,
  NormalizedDevice,
  NormalizedDriver,
  NormalizedGroup,
  NormalizedSafetyEvent,
  NormalizedUtilizationDay,
  NormalizedVehicle,
  SafetyEventType,
  SyncModel,
} from "../../model/normalized";
import { ProviderError } from "../errors";
import {
  type GeotabDevice,
  geotabDevice,
  geotabExceptionEvent,
  geotabGroup,
  geotabUser,
  geotabUtilizationDay,
} from "./payloads";
import { parseTimeSpan } from "./timespan";

/**
 * MyGeotab payloads → the normalized model, field by field (units of wire-compat.md: km,
 * litres, ms; 2 decimals). Geotab already speaks km and litres; its durations are TimeSpan
 * strings; "active" is an `activeTo` in the future (2050-01-01 for anything not archived).
 * A payload that does not validate is ProviderError("malformed"), never a half-filled record.
 */

/** The diagnostic whose StatusData is the cumulative fuel used, in litres. */
export const TOTAL_FUEL_DIAGNOSTIC = "DiagnosticDeviceTotalFuelId";
/** The driver id of trips and events with no identified driver. */
export const UNKNOWN_DRIVER_ID = "UnknownDriverId";
/** Geotab's MinDate, its "not set" for activeFrom. */
const MIN_DATE = Date.parse("1986-01-02T00:00:00.000Z");
const DAY_MS = 86_400_000;

/**
 * Geotab's stock safety rules (ids are the same in every database) → wire-compat event types.
 * Customer-defined rules have generated ids and no fixed meaning, so they are not safety
 * events here; neither are stock rules about something else (idling, engine light, zones).
 */
export const SAFETY_RULES: Readonly<Record<string, SafetyEventType>> = {
  RuleHarshBrakingId: "harsh_brake",
  RuleJackrabbitStartsId: "harsh_acceleration",
  RuleHarshCorneringId: "harsh_turn",
  RulePostedSpeedingId: "speeding",
  RuleSpeedingId: "speeding",
  RuleSeatbeltId: "seat_belt_violation",
  RuleEnhancedMajorCollisionId: "crash",
  RuleEnhancedMinorCollisionId: "crash",
  RuleAccidentId: "crash",
};

/**
 * System groups (`GroupCompanyId`, the root of the organization's tree, and the built-in
 * security, private-user and asset-information groups) are Geotab's own structure: every
 * entity belongs to the company group. They are neither listed nor referenced as groups.
 */
export const isSystemGroup = (id: string) => /^Group[A-Za-z]*Id$/.test(id);

/** A Device with telematics hardware behind it (an untracked asset has no serial number). */
export function hasHardware(device: Pick<GeotabDevice, "serialNumber" | "deviceType">): boolean {
  const serial = device.serialNumber?.trim() ?? "";
  return serial !== "" && !/^0+$/.test(serial.replaceAll("-", "")) && device.deviceType !== "None";
}

export function normalizeGeotab<M extends SyncModel>(model: M, payload: unknown): NormalizedByModel[M] {
  const mappers: { [K in SyncModel]: (payload: unknown) => NormalizedByModel[K] } = {
    groups: mapGroup,
    vehicles: mapVehicle,
    drivers: mapDriver,
    devices: mapDevice,
    vehicleUtilization: mapUtilizationDay,
    safetyEvents: mapSafetyEvent,
  };
  if (!Object.hasOwn(mappers, model)) throw new ProviderError("not_supported", `Geotab: no ${String(model)} payloads.`);
  return mappers[model](payload);
}

export function mapGroup(payload: unknown): NormalizedGroup {
  const group = parse(geotabGroup, payload, "Group");
  const description = nonEmpty(group.comments);
  const parent = group.parent?.id;
  return {
    sourceId: group.id,
    name: nonEmpty(group.name) ?? group.id,
    ...(description !== undefined ? { description } : {}),
    ...(parent !== undefined && !isSystemGroup(parent) ? { parentSourceId: parent } : {}),
  };
}

export function mapVehicle(payload: unknown): NormalizedVehicle {
  const device = parse(geotabDevice, payload, "Device");
  const name = nonEmpty(device.name);
  const vin = nonEmpty(device.vehicleIdentificationNumber) ?? nonEmpty(device.engineVehicleIdentificationNumber);
  const licensePlate = registration(device.licenseState, device.licensePlate);
  const createdAt = activeFrom(device.activeFrom);
  return {
    sourceId: device.id,
    status: statusOf(device.activeTo),
    ...(name !== undefined ? { name } : {}),
    ...(vin !== undefined ? { vin: vin.toUpperCase() } : {}),
    ...(licensePlate ? { licensePlate } : {}),
    groupSourceIds: groupIds(device.groups),
    deviceSourceIds: hasHardware(device) ? [device.id] : [],
    ...(createdAt !== undefined ? { createdAt } : {}),
  };
}

export function mapDriver(payload: unknown): NormalizedDriver {
  const user = parse(geotabUser, payload, "User");
  const firstName = nonEmpty(user.firstName);
  const lastName = nonEmpty(user.lastName);
  const phone = phoneOf(user.phoneNumber);
  const license = registration(user.licenseProvince, user.licenseNumber);
  const createdAt = activeFrom(user.activeFrom);
  return {
    sourceId: user.id,
    status: statusOf(user.activeTo),
    ...(firstName !== undefined ? { firstName } : {}),
    ...(lastName !== undefined ? { lastName } : {}),
    // The login name is usually the user's email address, and Geotab has no other email field.
    ...(isEmail(user.name) ? { email: user.name } : {}),
    ...(phone !== undefined ? { phone } : {}),
    username: user.name,
    ...(license ? { license } : {}),
    // Driver groups (the groups the user drives for), then organization groups (the user's data scope).
    groupSourceIds: groupIds([...(user.driverGroups ?? []), ...(user.companyGroups ?? [])]),
    ...(createdAt !== undefined ? { createdAt } : {}),
  };
}

/** The GO device behind a vehicle: Geotab's Device record is the vehicle and its device, so they share the id. */
export function mapDevice(payload: unknown): NormalizedDevice {
  const device = parse(geotabDevice, payload, "Device");
  if (!hasHardware(device)) throw new ProviderError("malformed", "Geotab: this Device has no telematics hardware.");
  const description = nonEmpty(device.deviceType);
  return {
    sourceId: device.id,
    type: "tracker",
    vehicleSourceId: device.id,
    ...(description !== undefined ? { description } : {}),
    serialNumber: device.serialNumber!.trim(),
  };
}

/**
 * A vehicle-day from its Trips (distance km, driving and idling TimeSpans, summed) and its
 * cumulative-fuel StatusData (the day's fuel is the rise of the counter across its readings;
 * a drop, when the counter was reset, counts nothing). The day runs from its first trip's start
 * to its last trip's stop; without trips, across its fuel readings.
 */
export function mapUtilizationDay(payload: unknown): NormalizedUtilizationDay {
  const day = parse(geotabUtilizationDay, payload, "Trip/StatusData day");
  const deviceId = day.device.id;
  const dayStart = Date.parse(`${day.date}T00:00:00.000Z`);
  const trips = [...day.trips].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const readings = day.statusData
    .filter((reading) => reading.diagnostic.id === TOTAL_FUEL_DIAGNOSTIC)
    .sort((a, b) => Date.parse(a.dateTime) - Date.parse(b.dateTime));
  for (const record of [...trips, ...readings]) {
    if (record.device.id !== deviceId) throw new ProviderError("malformed", "Geotab: a day mixes two devices.");
  }
  for (const trip of trips) {
    const start = Date.parse(trip.start);
    if (start < dayStart || start >= dayStart + DAY_MS) {
      throw new ProviderError("malformed", `Geotab: a trip of another day is in ${day.date}.`);
    }
  }
  let distance = 0;
  let driving = 0;
  let idling = 0;
  for (const trip of trips) {
    distance += trip.distance;
    driving += parseTimeSpan(trip.drivingDuration) ?? 0;
    idling += trip.idlingDuration === undefined ? 0 : (parseTimeSpan(trip.idlingDuration) ?? 0);
  }
  let fuel = 0;
  for (let index = 1; index < readings.length; index++) {
    fuel += Math.max(0, readings[index]!.data - readings[index - 1]!.data);
  }
  const times = trips.length
    ? {
        start: Math.min(...trips.map((trip) => Date.parse(trip.start))),
        end: Math.max(...trips.map((trip) => Date.parse(trip.stop))),
      }
    : readings.length
      ? { start: Date.parse(readings[0]!.dateTime), end: Date.parse(readings.at(-1)!.dateTime) }
      : { start: dayStart, end: dayStart + DAY_MS };
  return {
    vehicleSourceId: deviceId,
    date: day.date,
    startAt: new Date(times.start).toISOString(),
    endAt: new Date(Math.max(times.start, times.end)).toISOString(),
    distance: round2(distance),
    fuelConsumed: round2(fuel),
    durations: { driving: Math.round(driving), idling: Math.round(idling) },
  };
}

/**
 * An ExceptionEvent of a stock safety rule. Geotab records no location, speed or g-force on the
 * event (those live in LogRecord and StatusData), and no camera media: cameras come from
 * partner integrations, not from the MyGeotab API.
 */
export function mapSafetyEvent(payload: unknown): NormalizedSafetyEvent {
  const event = parse(geotabExceptionEvent, payload, "ExceptionEvent");
  const type = SAFETY_RULES[event.rule.id];
  if (type === undefined) throw new ProviderError("malformed", `Geotab: rule ${event.rule.id} is not a safety rule.`);
  const driver = driverIdOf(event.driver);
  return {
    sourceId: event.id,
    type,
    ...(driver !== undefined ? { driverSourceId: driver } : {}),
    vehicleSourceId: event.device.id,
    startedAt: new Date(event.activeFrom).toISOString(),
    ...(event.activeTo !== undefined ? { endedAt: new Date(event.activeTo).toISOString() } : {}),
    cameraMedia: {},
  };
}

/** Whether an ExceptionEvent payload is one of a stock safety rule (readPage keeps only those). */
export function isSafetyEvent(payload: unknown): boolean {
  const rule = (payload as { rule?: { id?: unknown } } | null)?.rule?.id;
  return typeof rule === "string" && Object.hasOwn(SAFETY_RULES, rule);
}

/** Active until `activeTo` (2050-01-01 for an entity that is not archived); no `activeTo` is active. */
export function statusOf(activeTo: string | undefined, now = Date.now()): "active" | "inactive" {
  return activeTo === undefined || Date.parse(activeTo) > now ? "active" : "inactive";
}

function activeFrom(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  return time < MIN_DATE ? undefined : new Date(time).toISOString();
}

function driverIdOf(driver: { id: string } | string | undefined): string | undefined {
  const id = typeof driver === "string" ? driver : driver?.id;
  return id === undefined || id === UNKNOWN_DRIVER_ID ? undefined : id;
}

function groupIds(groups: ReadonlyArray<{ id: string }> | undefined): string[] {
  return [...new Set((groups ?? []).map((group) => group.id).filter((id) => !isSystemGroup(id)))];
}

function registration(state: string | undefined, number: string | undefined): LicensePlate | undefined {
  const region = nonEmpty(state);
  const value = nonEmpty(number);
  if (region === undefined && value === undefined) return undefined;
  return { ...(region !== undefined ? { state: region } : {}), ...(value !== undefined ? { number: value } : {}) };
}

/** Geotab keeps phone numbers as typed (`+1 5125550143`, `(512) 555-0143`): the formatting goes, the digits stay. */
function phoneOf(value: string | undefined): string | undefined {
  const phone = nonEmpty(value)?.replace(/[\s().-]/g, "");
  return phone ? phone : undefined;
}

const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parse<T>(schema: z.ZodType<T>, payload: unknown, what: string): T {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
  throw new ProviderError("malformed", `Geotab: invalid ${what} payload (${problems}).`);
}

export { round2 };
