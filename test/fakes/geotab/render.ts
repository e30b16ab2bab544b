/**
 * The canonical fleet (../fleet.ts, in km, litres, ms) in MyGeotab's own shapes and units:
 * Devices (vehicles with their GO device), Users (drivers, and the API user), the Group tree
 * (under the system company group, children only) and ExceptionEvents of stock rules; the time
 * series (Trips, LogRecords, StatusData, DeviceStatusInfo) are in render-series.ts. Ids are the
 * canonical ones, so tests compare by source id; `version`s order the GetFeed.
 */
import {
  type CanonicalDriver,
  type CanonicalSafetyEvent,
  type CanonicalVehicle,
  type FleetOptions,
  GROUPS,
  hash,
} from "../fleet.ts";

export type Json = Record<string, unknown>;

/** Geotab's MaxDate: `activeTo` of everything not archived. */
export const MAX_DATE = "2050-01-01T00:00:00.000Z";
export const COMPANY_GROUP = "GroupCompanyId";
const DAY_MS = 86_400_000;

/** Canonical safety event types → the stock rules that raise them. */
export const RULE_OF_TYPE: Record<CanonicalSafetyEvent["type"], string> = {
  harsh_brake: "RuleHarshBrakingId",
  harsh_acceleration: "RuleJackrabbitStartsId",
  harsh_turn: "RuleHarshCorneringId",
  speeding: "RulePostedSpeedingId",
};

/**
 * A duration as a .NET TimeSpan string ("c" format): `hh:mm:ss`, a 7-digit fraction when
 * there is one (`00:00:00.3000000`), a day part from 24 hours up (`1.02:03:04.5000000`).
 */
export function timeSpan(ms: number): string {
  const ticks = Math.round(ms * 10_000);
  const totalSeconds = Math.floor(ticks / 10_000_000);
  const fraction = ticks % 10_000_000;
  const days = Math.floor(totalSeconds / 86_400);
  const pad = (value: number) => String(value).padStart(2, "0");
  const clock = `${pad(Math.floor(totalSeconds / 3600) % 24)}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)}`;
  return `${days ? `${days}.` : ""}${clock}${fraction ? `.${String(fraction).padStart(7, "0")}` : ""}`;
}

/** A feed version token: 16 hex digits, as Geotab writes them. */
export const versionToken = (value: number) => value.toString(16).padStart(16, "0");

/** The company tree: the system company group, its children the canonical roots. */
export function renderGroups(): Json[] {
  const childrenOf = (id: string | undefined) =>
    GROUPS.filter((group) => group.parentId === id).map((group) => ({ id: group.id }));
  return [
    { id: COMPANY_GROUP, name: "Company Group", comments: "", children: childrenOf(undefined), color: color(0) },
    ...GROUPS.map((group, index) => ({
      id: group.id,
      name: group.name,
      comments: "",
      children: childrenOf(group.id),
      color: color(index + 1),
      reference: "",
    })),
  ];
}

/** An entity's position in the feed: the revision of its last change, then its slot. */
function changeVersion(revision: number, slot: number): number {
  return revision * 1_000_000 + slot + 1;
}

/** A canonical vehicle as the Device holding it (and its GO device: the canonical tracker, by its serial). */
export function renderDevice(vehicle: CanonicalVehicle, trackerSerial: string): Json {
  const slot = Number(vehicle.id.slice("veh-".length)) - 1;
  // vehicleAt moves updatedAt one day per revision of the last change (rename or addition).
  const changed = Math.round((Date.parse(vehicle.updatedAt) - Date.parse(vehicle.createdAt)) / DAY_MS);
  return {
    id: vehicle.id,
    name: vehicle.name,
    serialNumber: trackerSerial,
    deviceType: "GO9",
    productId: 120,
    hardwareId: 550000 + slot,
    vehicleIdentificationNumber: vehicle.vin,
    engineVehicleIdentificationNumber: vehicle.vin,
    licensePlate: vehicle.plate.number,
    licenseState: vehicle.plate.state,
    comment: "",
    groups: vehicle.groupIds.map((id) => ({ id })),
    activeFrom: vehicle.createdAt,
    activeTo: vehicle.active ? MAX_DATE : new Date(Date.parse(vehicle.updatedAt) + 30 * DAY_MS).toISOString(),
    timeZoneId: "America/Chicago",
    maxSecondsBetweenLogs: 200,
    idleMinutes: 3,
    odometerOffset: 0,
    engineHourOffset: 0,
    devicePlans: ["ProPlus"],
    version: versionToken(changeVersion(changed, slot)),
  };
}

/** A canonical driver as a User with `isDriver` (the login name is the email address). */
export function renderUser(driver: CanonicalDriver, fleet: FleetOptions): Json {
  const slot = Number(driver.id.slice("drv-".length)) - 1;
  const added = slot >= fleet.vehicles ? slot - fleet.vehicles + 1 : 0;
  return {
    id: driver.id,
    name: driver.email,
    firstName: driver.firstName,
    lastName: driver.lastName,
    employeeNo: `E-${slot + 1}`,
    // Geotab keeps the country code apart: "+1 5125550143".
    phoneNumber: driver.phone.replace(/^\+1/, "+1 "),
    phoneNumberExtension: 0,
    isDriver: true,
    licenseNumber: driver.license.number,
    licenseProvince: driver.license.state,
    companyGroups: driver.groupIds.map((id) => ({ id })),
    driverGroups: driver.groupIds.map((id) => ({ id })),
    securityGroups: [{ id: "GroupDriveUserSecurityId" }],
    privateUserGroups: [{ id: `b${slot + 100}` }],
    keys: [],
    activeFrom: driver.createdAt,
    activeTo: driver.active ? MAX_DATE : new Date(Date.parse(driver.createdAt) + 30 * DAY_MS).toISOString(),
    timeZoneId: "America/Chicago",
    isMetric: false,
    hosRuleSet: "America7Day",
    version: versionToken(changeVersion(added, slot + 1)),
  };
}

/** The account's own (API) user: an administrator, not a driver. */
export function renderApiUser(userName: string): Json {
  return {
    id: "b1",
    name: userName,
    firstName: "Fleet",
    lastName: "Admin",
    isDriver: false,
    companyGroups: [{ id: COMPANY_GROUP }],
    driverGroups: [],
    securityGroups: [{ id: "GroupEverythingSecurityId" }],
    activeFrom: "2024-01-02T00:00:00.000Z",
    activeTo: MAX_DATE,
    timeZoneId: "America/Chicago",
    isMetric: false,
    version: versionToken(1),
  };
}

/** A canonical safety event as the ExceptionEvent of its stock rule (distance in km). */
export function renderEvent(event: CanonicalSafetyEvent): Json {
  const durationMs = Date.parse(event.endedAt) - Date.parse(event.startedAt);
  return {
    id: event.id,
    device: { id: event.vehicleId },
    driver: { id: event.driverId },
    rule: { id: RULE_OF_TYPE[event.type] },
    activeFrom: event.startedAt,
    activeTo: event.endedAt,
    duration: timeSpan(durationMs),
    distance: Math.round(((event.maximumSpeedKmh * durationMs) / 3_600_000) * 1000) / 1000,
    state: "Valid",
    lastModifiedDateTime: event.endedAt,
    version: versionToken(Math.floor(Date.parse(event.endedAt) / 1000)),
  };
}

/**
 * ExceptionEvents that are not safety events (the adapter must leave them out): a customer rule
 * ("idling over 30 minutes", a generated id), and the stock engine-light rule, whose events can
 * last days (`1.04:12:33.1230000`).
 */
export function renderOtherEvents(fleet: FleetOptions, vehicleId: string, date: string): Json[] {
  const seed = hash(fleet.seed, "other-exceptions", vehicleId, date);
  const dayStart = Date.parse(`${date}T00:00:00Z`);
  const events: Json[] = [];
  if (seed % 3 === 0) {
    const start = dayStart + (9 * 3600 + (seed % 20_000)) * 1000;
    const duration = (1800 + (seed % 1200)) * 1000 + 500;
    events.push(otherEvent(`x-idle-${vehicleId}-${date}`, vehicleId, "aIdle30MinRule7QqXz", start, duration));
  }
  if (seed % 7 === 0) {
    const start = dayStart + (seed % 40_000) * 1000;
    const duration = DAY_MS + (4 * 3600 + 12 * 60 + 33) * 1000 + 123;
    events.push(otherEvent(`x-light-${vehicleId}-${date}`, vehicleId, "RuleEngineLightOnId", start, duration));
  }
  return events;
}

function otherEvent(id: string, vehicleId: string, rule: string, start: number, durationMs: number): Json {
  return {
    id,
    device: { id: vehicleId },
    driver: { id: "UnknownDriverId" },
    rule: { id: rule },
    activeFrom: new Date(start).toISOString(),
    activeTo: new Date(start + durationMs).toISOString(),
    duration: timeSpan(durationMs),
    distance: 0,
    state: "Valid",
    version: versionToken(Math.floor((start + durationMs) / 1000)),
  };
}

function color(index: number): Json {
  return { r: (index * 53) % 256, g: (index * 97) % 256, b: (index * 151) % 256, a: 255 };
}
