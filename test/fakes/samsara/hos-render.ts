/**
 * The canonical hours of service (../hos.ts) as Samsara renders them (providers-families.md
 * 1.3): duty-status logs grouped by driver with Samsara's `hosStatusType` names and the tiny
 * vehicle's capital-E `ExternalIds`, daily logs in milliseconds and metres, the drivers' clocks
 * in milliseconds left. The canonical fleet
 * cuts days in UTC, so every driver's home terminal is in UTC here (`timezone: "Etc/UTC"`, times
 * at offset +00:00); a daily log's date is still the date part of its `startTime`, as Samsara's.
 * Pure functions with no Node imports, like render.ts.
 */
import type { DutyStatus } from "../../../src/hos/duty-status.ts";
import { driversAt, type FleetOptions, vehiclesAt } from "../fleet.ts";
import { type CanonicalDailyLog, type CanonicalDutyPeriod, clocksOf, dailyLogOf, vehicleOfDriver } from "../hos.ts";
import { HOME_TIMEZONE, organizationOf, rfc3339 } from "./render.ts";

const DAY_MS = 86_400_000;
/** A driver certifies a day's log the next morning: this long after the day ends. */
export const CERTIFIED_AFTER_MS = 6 * 3_600_000;
/** The 70-hour cycle's days and limit: ../hos.ts computes the clocks under it. */
const CYCLE_DAYS = 8;
const CYCLE_LIMIT_MS = 70 * 3_600_000;

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

/** The tiny vehicle, with its capital-E `ExternalIds`. */
function tinyVehicle(fleet: FleetOptions, vehicleId: string) {
  const vehicle = vehiclesAt(fleet).find((candidate) => candidate.id === vehicleId);
  return { id: vehicleId, name: vehicle?.name, ExternalIds: { "samsara.vin": vehicle?.vin } };
}

/** A period as one entry of a driver's `hosLogs`: no `logEndTime` while it lasts. */
export function hosLogOf(fleet: FleetOptions, period: CanonicalDutyPeriod) {
  return {
    hosStatusType: hosStatusType(period.status),
    logStartTime: samsaraTime(period.startedAt),
    ...(period.endedAt === undefined ? {} : { logEndTime: samsaraTime(period.endedAt) }),
    vehicle: tinyVehicle(fleet, period.vehicleId),
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

/**
 * A driver of `GET /fleet/hos/clocks` at `now`: the canonical clocks in ms left, the status under
 * way (`""` without one, as Samsara says of a disconnected app) and the driver's vehicle. The
 * canonical fleet works every day and never takes a 34-hour restart, so its cycle is the rolling
 * 8 days: it started at the first of them, and tomorrow it gets back what the oldest of them used
 * (a simplification: the adapter reads neither). The canonical clocks stop at zero, so how far
 * over a limit a driver went is not known: `violations` are 0.
 */
export function hosClockOf(fleet: FleetOptions, driverId: string, now: number) {
  const { currentStatus, ...clocks } = clocksOf(fleet, driverId, now);
  const firstDay = Math.floor(now / DAY_MS) - (CYCLE_DAYS - 1);
  const oldest = dailyLogOf(fleet, driverId, firstDay, now)?.durations;
  const leaving = oldest ? oldest.driving + oldest.on_duty + oldest.yard_move : 0;
  return {
    driver: { id: driverId, name: driverNames(fleet).get(driverId) },
    currentVehicle: tinyVehicle(fleet, vehicleOfDriver(driverId)),
    currentDutyStatus: { hosStatusType: currentStatus ? hosStatusType(currentStatus) : "" },
    clocks: {
      drive: { driveRemainingDurationMs: clocks.drive },
      shift: { shiftRemainingDurationMs: clocks.shift },
      cycle: {
        cycleRemainingDurationMs: clocks.cycle,
        cycleStartedAtTime: samsaraTime(firstDay * DAY_MS),
        cycleTomorrowDurationMs: Math.min(CYCLE_LIMIT_MS, clocks.cycle + leaving),
      },
      break: { timeUntilBreakDurationMs: clocks.break },
    },
    violations: { cycleViolationDurationMs: 0, shiftDrivingViolationDurationMs: 0 },
  };
}
