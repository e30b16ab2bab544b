import { KM_PER_MILE } from "../kit/units";
import { BEHAVIOR_WEIGHTS, SPEED_LIMITS_MPH } from "./catalog";
import type { SandboxFleet } from "./fleet";
import type { VehicleProfile } from "./fleet-vehicles";
import { hash, Rng, SALT, unit } from "./hash";
import { pad } from "./ids";
import type { SandboxBehavior, SandboxSafetyEvent } from "./payloads";
import { pointOfTrip } from "./simulation/breadcrumbs";
import { type DayPlan, dayPlan } from "./simulation/day-plan";
import type { Segment } from "./simulation/day-timeline";
import { driverOf } from "./simulation/driver";
import { round } from "./simulation/geo";
import { livedTrips } from "./simulation/life";
import { kmAt, kphAt } from "./simulation/motion";
import { dayString, iso, SECOND_MS } from "./time";

/** Whether a safety event's clips are ready, still being prepared, or only a still image. */
export type MediaKind = "video" | "image_only" | "pending";

/** Limits a speeding vehicle can be caught over: residential streets and school zones included. */
const SPEEDING_LIMITS_MPH = [15, 20, ...SPEED_LIMITS_MPH] as const;
/** Behaviours at junctions: caught as the vehicle slows for the stop at the end of a trip. */
const AT_JUNCTIONS: ReadonlySet<SandboxBehavior> = new Set(["rollingStop", "stopSignRunning", "redLightRunning"]);

/**
 * The safety events of a vehicle's day that exist by `until` (complete, and within the
 * vehicle's life), in start order. A few a week: at most two on a day it drove. Each happens
 * on one of the day's trips, where and as fast as the vehicle was then; unsafe parking, at the
 * stop a trip ended at.
 */
export function safetyEventsOfDay(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  day: number,
  until: number,
): SandboxSafetyEvent[] {
  const plan = dayPlan(fleet.seed, vehicle, day);
  if (!plan) return [];
  const { index } = vehicle.record;
  const rng = new Rng(hash(fleet.seed, SALT.events, index, day));
  const draw = rng.next();
  const count = draw < 0.07 ? 2 : draw < 0.42 ? 1 : 0;
  const drivingMs = plan.budget.drivingSeconds * SECOND_MS;
  const drafts = Array.from({ length: count }, (_, j) => draftEvent(plan, vehicle, j, rng.next() * drivingMs)).sort(
    (a, b) => a.startedAt - b.startedAt || a.j - b.j,
  );
  const lived = new Set(livedTrips(plan, vehicle, until));
  const driverAt = driverOf(fleet, vehicle);
  const events: SandboxSafetyEvent[] = [];
  drafts.forEach((draft, k) => {
    if (!lived.has(draft.trip) || draft.endedAt > until) return;
    const id = safetyEventId(index, day, k);
    const driverId = draft.named ? driverAt(draft.startedAt) : undefined;
    const ready = mediaKind(fleet, index, day, k) !== "pending";
    events.push({
      id,
      behavior: draft.behavior,
      vehicleId: vehicle.id,
      ...(driverId ? { driverId } : {}),
      startedAt: iso(draft.startedAt),
      endedAt: iso(draft.endedAt),
      location: draft.location,
      endLocation: draft.endLocation,
      maxSpeedMph: draft.maxSpeedMph,
      avgSpeedMph: draft.avgSpeedMph,
      speedLimitMph: draft.speedLimitMph,
      gForceX: draft.gForceX,
      gForceY: draft.gForceY,
      heading: draft.heading,
      media: vehicle.hasCamera
        ? {
            front: { id: `${id}-front`, ready },
            ...(vehicle.hasRearCamera ? { rear: { id: `${id}-rear`, ready } } : {}),
          }
        : {},
    });
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

type Draft = {
  j: number;
  trip: Segment;
  behavior: SandboxBehavior;
  named: boolean;
  startedAt: number;
  endedAt: number;
  location: { lat: number; lng: number };
  endLocation: { lat: number; lng: number };
  heading: number;
  maxSpeedMph: number;
  avgSpeedMph: number;
  speedLimitMph: number;
  gForceX: number;
  gForceY: number;
};

/** The j-th event of the day, `drivenMs` into the day's driving: when, where and how fast. */
function draftEvent(plan: DayPlan, vehicle: VehicleProfile, j: number, drivenMs: number): Draft {
  const rng = new Rng(hash(plan.seed, SALT.event, vehicle.record.index, plan.day, j));
  const behaviors = vehicle.hasCamera ? BEHAVIOR_WEIGHTS : BEHAVIOR_WEIGHTS.filter((entry) => !entry.camera);
  let behavior = rng.weighted(behaviors).behavior;
  const trip = tripAtDrivingTime(plan, drivenMs);
  const { startedAt, seconds } = placement(plan, trip, behavior, drivenMs, rng);
  const endedAt = startedAt + seconds * SECOND_MS;
  const speeds = speedsOver(trip, startedAt, endedAt);
  let speedLimitMph: number = SPEED_LIMITS_MPH.find((limit) => limit >= speeds.maxMph - 3) ?? 70;
  if (behavior === "overSpeed") {
    const over = SPEEDING_LIMITS_MPH.filter((limit) => limit <= speeds.maxMph - 5).at(-1);
    // Too slow to be speeding anywhere: the vehicle braked hard instead.
    if (over === undefined) behavior = "hardBraking";
    else speedLimitMph = over;
  }
  const start = pointOfTrip(plan, trip, Math.min(startedAt, trip.end));
  const end = pointOfTrip(plan, trip, Math.min(endedAt, trip.end));
  return {
    j,
    trip,
    behavior,
    named: rng.chance(0.85),
    startedAt,
    endedAt,
    location: { lat: start.lat, lng: start.lng },
    endLocation: { lat: end.lat, lng: end.lng },
    heading: start.heading,
    maxSpeedMph: round(speeds.maxMph, 2),
    avgSpeedMph: round(speeds.avgMph, 2),
    speedLimitMph,
    ...gForces(behavior, rng),
  };
}

/** The trip the vehicle was driving `drivenMs` into the day's driving (the last one past its end). */
function tripAtDrivingTime(plan: DayPlan, drivenMs: number): Segment {
  let left = drivenMs;
  for (const trip of plan.trips) {
    if (left < trip.end - trip.start) return trip;
    left -= trip.end - trip.start;
  }
  return plan.trips.at(-1)!;
}

/** When the event starts and how long it lasts (s), kept within its trip (or the stop after it, for parking). */
function placement(plan: DayPlan, trip: Segment, behavior: SandboxBehavior, drivenMs: number, rng: Rng) {
  const tripS = (trip.end - trip.start) / SECOND_MS;
  if (behavior === "unsafeParking") {
    const next = plan.trips[trip.trip + 1];
    const stopS = next ? (next.start - trip.end) / SECOND_MS : 3600;
    return { startedAt: trip.end, seconds: Math.max(1, Math.min(rng.int(60, 900), stopS)) };
  }
  if (AT_JUNCTIONS.has(behavior)) {
    const before = Math.min(rng.int(4, 12), tripS);
    return { startedAt: trip.end - before * SECOND_MS, seconds: Math.min(rng.int(2, 8), before) };
  }
  const wanted = durationOf(behavior, rng);
  const ramp = Math.ceil(trip.motion!.ramp);
  const seconds = Math.max(0, Math.min(wanted, tripS - 2 * ramp));
  let elapsedS = Math.floor((drivenMs - drivingBefore(plan, trip)) / SECOND_MS);
  elapsedS = Math.max(Math.min(elapsedS, tripS - ramp - seconds), Math.min(ramp, tripS - seconds));
  return { startedAt: trip.start + Math.max(0, elapsedS) * SECOND_MS, seconds };
}

function drivingBefore(plan: DayPlan, trip: Segment): number {
  return plan.trips.slice(0, trip.trip).reduce((sum, earlier) => sum + earlier.end - earlier.start, 0);
}

/** How long each behaviour typically lasts, in seconds. */
function durationOf(behavior: SandboxBehavior, rng: Rng): number {
  switch (behavior) {
    case "overSpeed":
      return rng.int(20, 300);
    case "collision":
      return rng.int(3, 15);
    case "nearCollision":
      return rng.int(2, 8);
    case "laneDeparture":
      return rng.int(2, 10);
    case "hardBraking":
    case "hardAcceleration":
    case "harshCornering":
      return rng.int(2, 6);
    default:
      return rng.int(5, 60);
  }
}

/** Top and average speed (mph) of the vehicle over the event, from its trip's motion. */
function speedsOver(trip: Segment, startedAt: number, endedAt: number): { maxMph: number; avgMph: number } {
  const motion = trip.motion!;
  const from = Math.max(0, (startedAt - trip.start) / SECOND_MS);
  const to = Math.min(motion.durationS, (endedAt - trip.start) / SECOND_MS);
  if (to <= from) return { maxMph: 0, avgMph: 0 };
  let maxKph = 0;
  for (let s = from; s <= to; s++) maxKph = Math.max(maxKph, kphAt(motion, s));
  const avgKph = ((kmAt(motion, to) - kmAt(motion, from)) / (to - from)) * 3600;
  return { maxMph: maxKph / KM_PER_MILE, avgMph: avgKph / KM_PER_MILE };
}

/** g-forces (X forward, Y sideways) typical of a behaviour. */
function gForces(behavior: SandboxBehavior, rng: Rng): { gForceX: number; gForceY: number } {
  const sign = rng.chance(0.5) ? 1 : -1;
  const calm = () => rng.float(-0.08, 0.08);
  switch (behavior) {
    case "hardBraking":
      return { gForceX: -rng.float(0.35, 0.7), gForceY: calm() };
    case "hardAcceleration":
      return { gForceX: rng.float(0.3, 0.5), gForceY: calm() };
    case "harshCornering":
      return { gForceX: calm(), gForceY: sign * rng.float(0.3, 0.6) };
    case "collision":
      return { gForceX: -rng.float(1.2, 3), gForceY: sign * rng.float(0, 1) };
    case "nearCollision":
      return { gForceX: -rng.float(0.5, 0.9), gForceY: calm() };
    case "laneDeparture":
      return { gForceX: calm(), gForceY: sign * rng.float(0.1, 0.25) };
    case "rollingStop":
    case "stopSignRunning":
    case "redLightRunning":
      return { gForceX: -rng.float(0.05, 0.2), gForceY: calm() };
    case "unsafeParking":
      return { gForceX: 0, gForceY: 0 };
    default:
      return { gForceX: calm(), gForceY: calm() };
  }
}
