/**
 * The canonical hours of service (../hos.ts) as Samsara renders them (providers-families.md
 * 1.3): duty-status logs grouped by driver with Samsara's `hosStatusType` names and the tiny
 * vehicle's capital-E `ExternalIds`, daily logs in milliseconds and metres. The canonical fleet
 * cuts days in UTC, so every driver's home terminal is in UTC here (`timezone: "Etc/UTC"`, times
 * at offset +00:00); a daily log's date is still the date part of its `startTime`, as Samsara's.
 * Pure functions with no Node imports, like render.ts.
 */
import type { DutyStatus } from "../../../src/hos/duty-status.ts";
import { driversAt, type FleetOptions, vehiclesAt } from "../fleet.ts";
import { type CanonicalDailyLog, type CanonicalDutyPeriod, vehicleOfDriver } from "../hos.ts";
import { organizationOf, rfc3339 } from "./render.ts";

const DAY_MS = 86_400_000;
/** A driver certifies a day's log the next morning: this long after the day ends. */
export const CERTIFIED_AFTER_MS = 6 * 3_600_000;
export const HOME_TIMEZONE = "Etc/UTC";

/** Samsara's statuses; it has none for waiting time, which the canonical fleet never logs. */
const HOS_STATUS_TYPE: Readonly<Record<Exclude<DutyStatus, "waiting_time">, string>> = {
  off_duty: "offDuty",
  sleeper_bed: "sleeperBed",
  driving: "driving",
  on_duty: "onDuty",
  yard_move: "yardMove",
  personal_conveyance: "personalConveyance",
};

const samsaraTime = (ms: number) => rfc3339(new Date(ms).toISOString());
/** A home-terminal midnight at offset +00:00, as Samsara writes a day's bounds in the driver's offset. */
const terminalMidnight = (ms: number) => `${new Date(ms).toISOString().slice(0, 10)}T00:00:00+00:00`;

function hosStatusType(status: DutyStatus): string {
  if (status === "waiting_time") throw new Error("Samsara has no waiting-time status to render");
  return HOS_STATUS_TYPE[status];
}

/** A period as one entry of a driver's `hosLogs`: no `logEndTime` while it lasts. */
export function hosLogOf(fleet: FleetOptions, period: CanonicalDutyPeriod) {
  const vehicle = vehiclesAt(fleet).find((candidate) => candidate.id === period.vehicleId);
  return {
    hosStatusType: hosStatusType(period.status),
    logStartTime: samsaraTime(period.startedAt),
    ...(period.endedAt === undefined ? {} : { logEndTime: samsaraTime(period.endedAt) }),
    vehicle: { id: period.vehicleId, name: vehicle?.name, ExternalIds: { "samsara.vin": vehicle?.vin } },
    codrivers: [],
    logRecordedLocation: { latitude: period.location.latitude, longitude: period.location.longitude },
    ...(period.remark ? { remark: period.remark } : {}),
  };
}

const driverNames = (fleet: FleetOptions) =>
  new Map(driversAt(fleet).map((driver) => [driver.id, `${driver.firstName} ${driver.lastName}`]));

/** The periods of a page grouped back under their drivers, in order (a driver may go on over the next page). */
export function hosLogGroups(fleet: FleetOptions, periods: readonly CanonicalDutyPeriod[]) {
  const names = driverNames(fleet);
  const groups: { driver: { id: string; name?: string }; hosLogs: ReturnType<typeof hosLogOf>[] }[] = [];
  for (const period of periods) {
    let group = groups.at(-1);
    if (group?.driver.id !== period.driverId) {
      group = { driver: { id: period.driverId, name: names.get(period.driverId) }, hosLogs: [] };
      groups.push(group);
    }
    group.hosLogs.push(hosLogOf(fleet, period));
  }
  return groups;
}

/**
 * A driver's day of `GET /fleet/hos/daily-logs`: durations in ms (active = driving, on duty and
 * yard moves), distances in metres (2 decimals), the log's metadata. The day's vehicle is listed
 * by id, with its details when `expand=vehicle`.
 */
export function dailyLogOfSamsara(
  fleet: FleetOptions,
  account: { credential: string; name: string },
  log: CanonicalDailyLog,
  now: number,
  expandVehicle: boolean,
) {
  const start = Date.parse(`${log.date}T00:00:00Z`);
  const end = start + DAY_MS;
  const ms = log.durations;
  const durations = {
    activeDurationMs: ms.driving + ms.on_duty + ms.yard_move,
    driveDurationMs: ms.driving,
    offDutyDurationMs: ms.off_duty,
    onDutyDurationMs: ms.on_duty,
    sleeperBerthDurationMs: ms.sleeper_bed,
    personalConveyanceDurationMs: ms.personal_conveyance,
    yardMoveDurationMs: ms.yard_move,
    waitingTimeDurationMs: ms.waiting_time,
  };
  const driver = driversAt(fleet).find((candidate) => candidate.id === log.driverId);
  const vehicle = vehiclesAt(fleet).find((candidate) => candidate.id === vehicleOfDriver(log.driverId));
  const certified = now >= end + CERTIFIED_AFTER_MS;
  const organization = organizationOf(account.credential, account.name);
  return {
    driver: {
      id: log.driverId,
      name: driver ? `${driver.firstName} ${driver.lastName}` : undefined,
      timezone: HOME_TIMEZONE,
      eldSettings: {
        rulesets: [
          {
            cycle: "USA Property (8/70)",
            shift: "US Interstate Property",
            restart: "34-hour Restart",
            break: "Property (off-duty/sleeper)",
            jurisdiction: "US",
          },
        ],
      },
    },
    startTime: terminalMidnight(start),
    endTime: terminalMidnight(end),
    dutyStatusDurations: durations,
    // No carrier edits are ever pending in this fleet.
    pendingDutyStatusDurations: durations,
    distanceTraveled: {
      driveDistanceMeters: Math.round(log.drivingKm * 100_000) / 100,
      personalConveyanceDistanceMeters: 0,
      yardMoveDistanceMeters: 0,
    },
    logMetaData: {
      isCertified: certified,
      ...(certified ? { certifiedAtTime: samsaraTime(end + CERTIFIED_AFTER_MS) } : {}),
      carrierName: organization.carrierSettings.carrierName,
      carrierUsDotNumber: organization.carrierSettings.dotNumber,
      homeTerminalName: "Main Terminal",
      shippingDocs: "",
      trailerNames: [],
      vehicles:
        ms.driving > 0 && vehicle
          ? [
              expandVehicle
                ? {
                    id: vehicle.id,
                    name: vehicle.name,
                    vehicleVin: vehicle.vin,
                    licensePlate: vehicle.plate.number,
                    assetType: "vehicle",
                  }
                : { id: vehicle.id },
            ]
          : [],
      isUsShortHaulActive: false,
      adverseDrivingClaimed: false,
      bigDayClaimed: false,
    },
  };
}
