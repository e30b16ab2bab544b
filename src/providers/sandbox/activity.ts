import { BEHAVIOR_WEIGHTS, DUTY_CYCLES, SPEED_LIMITS_MPH } from "./catalog";
import type { SandboxFleet } from "./fleet";
import type { VehicleProfile } from "./fleet-vehicles";
import { hash, Rng, SALT, unit } from "./hash";
import { pad } from "./ids";
import type { SandboxBehavior, SandboxSafetyEvent, SandboxUtilizationDay } from "./payloads";
import { DAY_MS, dayString, iso, SECOND_MS, weekday, wholeSeconds } from "./time";

/**
 * What the vehicles do: one working day per vehicle and UTC day, and the safety events of that
 * day. A day is a pure function of (seed, vehicle index, day), so past days never change; the
 * fleet's clock (`asOf`) and the vehicle's life only cut it short, which is how today's
 * utilization grows from one revision to the next.
 */

/** A vehicle's full day, before it is cut to what has happened by the fleet's clock. */
type WorkingDay = {
  firstMovement: number;
  lastMovement: number;
  miles: number;
  gallons: number;
  drivingSeconds: number;
  idlingSeconds: number;
};

/** Whether a safety event's clips are ready, still being prepared, or only a still image. */
export type MediaKind = "video" | "image_only" | "pending";

/** The utilization row of a vehicle's day, or none when the vehicle did not exist then. */
export function utilizationDay(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  day: number,
  until: number,
): SandboxUtilizationDay | undefined {
  const dayStart = day * DAY_MS;
  if (dayStart + DAY_MS <= vehicle.createdAt || dayStart >= until) return undefined;
  const base = { vehicleId: vehicle.id, day: dayString(day) };
  const work = workingDay(fleet, vehicle, day);
  const start = work ? Math.max(work.firstMovement, vehicle.createdAt) : 0;
  const end = work ? Math.min(work.lastMovement, until) : 0;
  if (!work || end <= start) {
    return {
      ...base,
      distanceMiles: 0,
      fuelGallons: 0,
      drivingSeconds: 0,
      idlingSeconds: 0,
      firstMovementAt: null,
      lastMovementAt: null,
    };
  }
  // The day progresses evenly between its first and last movement.
  const share = (end - start) / (work.lastMovement - work.firstMovement);
  return {
    ...base,
    distanceMiles: round(work.miles * share, 2),
    fuelGallons: round(work.gallons * share, 2),
    drivingSeconds: Math.round(work.drivingSeconds * share),
    idlingSeconds: Math.round(work.idlingSeconds * share),
    firstMovementAt: iso(wholeSeconds(start)),
    lastMovementAt: iso(wholeSeconds(end)),
  };
}

/**
 * The safety events of a vehicle's day that exist by `until` (complete, and within the
 * vehicle's life), in start order. A few a week: at most two on a day it drove.
 */
export function safetyEventsOfDay(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  day: number,
  until: number,
): SandboxSafetyEvent[] {
  const work = workingDay(fleet, vehicle, day);
  if (!work) return [];
  const { index } = vehicle.record;
  const rng = new Rng(hash(fleet.seed, SALT.events, index, day));
  const draw = rng.next();
  const count = draw < 0.07 ? 2 : draw < 0.42 ? 1 : 0;
  const starts = Array.from({ length: count }, () =>
    wholeSeconds(work.firstMovement + rng.next() * (work.lastMovement - work.firstMovement)),
  ).sort((a, b) => a - b);
  const events: SandboxSafetyEvent[] = [];
  starts.forEach((startedAt, k) => {
    const event = safetyEvent(fleet, vehicle, day, k, startedAt);
    if (startedAt >= vehicle.createdAt && Date.parse(event.endedAt) <= until) events.push(event);
  });
  return events;
}

/** Event ids carry the vehicle index, the day and the event's rank, so media can be looked up from the id alone. */
export function safetyEventId(vehicleIndex: number, day: number, k: number): string {
  return `sbx-evt-${pad(vehicleIndex)}-${dayString(day).replaceAll("-", "")}-${k}`;
}

/** About 1 in 10 events wait on the provider, 1 in 5 have only a still image, the rest a video too. */
export function mediaKind(fleet: SandboxFleet, vehicleIndex: number, day: number, k: number): MediaKind {
  const draw = unit(fleet.seed, SALT.media, vehicleIndex, day, k);
  return draw < 0.1 ? "pending" : draw < 0.3 ? "image_only" : "video";
}

function workingDay(fleet: SandboxFleet, vehicle: VehicleProfile, day: number): WorkingDay | undefined {
  const rng = new Rng(hash(fleet.seed, SALT.day, vehicle.record.index, day));
  const weekend = weekday(day) === 0 || weekday(day) === 6;
  if (!rng.chance(weekend ? 0.3 : 0.92)) return undefined;
  const duty = DUTY_CYCLES[vehicle.spec.vehicleClass];
  const miles = rng.float(duty.milesPerDay[0], duty.milesPerDay[1], 2);
  const drivingSeconds = Math.round((miles / rng.float(duty.averageMph[0], duty.averageMph[1], 1)) * 3600);
  const idlingSeconds = Math.round(drivingSeconds * rng.float(0.08, 0.3, 3));
  const spanMs = (drivingSeconds + idlingSeconds + rng.int(0, 7200)) * SECOND_MS;
  const dayEnd = (day + 1) * DAY_MS;
  // Shifts start between 10:00 and 14:00 UTC (morning in the US) and end before midnight UTC.
  const firstMovement = Math.min(
    day * DAY_MS + rng.int(10 * 3600, 14 * 3600) * SECOND_MS,
    dayEnd - 60 * SECOND_MS - spanMs,
  );
  const idleRate = duty.idleGallonsPerHour * (vehicle.spec.fuel.startsWith("hybrid") ? 0.3 : 1);
  const gallons =
    vehicle.economyMpg === undefined
      ? 0
      : miles / (vehicle.economyMpg * rng.float(0.92, 1.08, 3)) + (idlingSeconds / 3600) * idleRate;
  return { firstMovement, lastMovement: firstMovement + spanMs, miles, gallons, drivingSeconds, idlingSeconds };
}

function safetyEvent(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  day: number,
  k: number,
  startedAt: number,
): SandboxSafetyEvent {
  const { index } = vehicle.record;
  const rng = new Rng(hash(fleet.seed, SALT.event, index, day, k));
  const behaviors = vehicle.hasCamera ? BEHAVIOR_WEIGHTS : BEHAVIOR_WEIGHTS.filter((entry) => !entry.camera);
  const behavior = rng.weighted(behaviors).behavior;
  const limit = rng.pick(SPEED_LIMITS_MPH);
  const motion = motionOf(behavior, limit, rng);
  const heading = rng.int(0, 359);
  const start = {
    lat: round(vehicle.yard.city.lat + rng.float(-0.35, 0.35, 5), 5),
    lng: round(vehicle.yard.city.lng + rng.float(-0.35, 0.35, 5), 5),
  };
  // Where the vehicle got to at its average speed along its heading (69 miles to a degree of latitude).
  const miles = (motion.avgSpeedMph * motion.seconds) / 3600;
  const radians = (heading * Math.PI) / 180;
  const end = {
    lat: round(start.lat + (Math.cos(radians) * miles) / 69, 5),
    lng: round(start.lng + (Math.sin(radians) * miles) / (69 * Math.cos((start.lat * Math.PI) / 180)), 5),
  };
  const id = safetyEventId(index, day, k);
  const driverId = rng.chance(0.85) ? driverAt(fleet, vehicle, startedAt) : undefined;
  const ready = mediaKind(fleet, index, day, k) !== "pending";
  return {
    id,
    behavior,
    vehicleId: vehicle.id,
    ...(driverId ? { driverId } : {}),
    startedAt: iso(startedAt),
    endedAt: iso(startedAt + motion.seconds * SECOND_MS),
    location: start,
    endLocation: end,
    maxSpeedMph: motion.maxSpeedMph,
    avgSpeedMph: motion.avgSpeedMph,
    speedLimitMph: limit,
    gForceX: motion.gForceX,
    gForceY: motion.gForceY,
    heading,
    media: vehicle.hasCamera
      ? {
          front: { id: `${id}-front`, ready },
          ...(vehicle.hasRearCamera ? { rear: { id: `${id}-rear`, ready } } : {}),
        }
      : {},
  };
}

/** Speeds (mph), g-forces (g) and duration (s) typical of a behaviour. */
function motionOf(behavior: SandboxBehavior, limit: number, rng: Rng) {
  const sign = rng.chance(0.5) ? 1 : -1;
  const cruise = rng.int(Math.max(10, limit - 20), limit + 5);
  const calm = () => rng.float(-0.08, 0.08);
  const moving = (seconds: number, gForceX: number, gForceY: number, maxSpeedMph = cruise) => ({
    seconds,
    maxSpeedMph,
    avgSpeedMph: Math.max(0, maxSpeedMph - rng.int(2, 10)),
    gForceX,
    gForceY,
  });
  switch (behavior) {
    case "overSpeed":
      return moving(rng.int(20, 300), calm(), calm(), limit + rng.int(7, 25));
    case "hardBraking":
      return moving(rng.int(2, 6), -rng.float(0.35, 0.7), calm());
    case "hardAcceleration":
      return moving(rng.int(2, 6), rng.float(0.3, 0.5), calm());
    case "harshCornering":
      return moving(rng.int(2, 6), calm(), sign * rng.float(0.3, 0.6));
    case "collision":
      return moving(rng.int(3, 15), -rng.float(1.2, 3), sign * rng.float(0, 1));
    case "nearCollision":
      return moving(rng.int(2, 8), -rng.float(0.5, 0.9), calm());
    case "laneDeparture":
      return moving(rng.int(2, 10), calm(), sign * rng.float(0.1, 0.25));
    case "rollingStop":
    case "stopSignRunning":
    case "redLightRunning":
      return moving(rng.int(2, 8), -rng.float(0.05, 0.2), calm(), rng.int(5, 30));
    case "unsafeParking":
      return { seconds: rng.int(60, 900), maxSpeedMph: 0, avgSpeedMph: 0, gForceX: 0, gForceY: 0 };
    default:
      return moving(rng.int(5, 60), calm(), calm());
  }
}

/** The vehicle's usual driver, when that driver is listed now and had joined by the event. */
function driverAt(fleet: SandboxFleet, vehicle: VehicleProfile, startedAt: number): string | undefined {
  const slot = fleet.usualDriverSlot(vehicle.record.index);
  const driver = slot === undefined ? undefined : fleet.presentDriver(slot);
  return driver && driver.createdAt <= startedAt ? driver.id : undefined;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor + 0;
}
