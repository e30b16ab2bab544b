/**
 * How the Motive fake names and shapes the canonical fleet, shared with the tests that
 * compute what a sync must store: Motive's integer ids for the canonical string ids, the
 * vehicles' own unit setting, and the state of each safety event's camera media.
 */
import { type CanonicalSafetyEvent, GROUPS, hash } from "../fleet.ts";

/** Unit conversions as Motive applies them (exact definitions of the mile and the US gallon). */
export const KM_PER_MILE = 1.609344;
export const LITRES_PER_US_GALLON = 3.785411784;

/** The number N of a canonical id such as `veh-N`, `drv-N`, `dev-t-N`. */
const indexOf = (id: string) => Number(id.slice(id.lastIndexOf("-") + 1));

export const motiveIds = {
  /** The company behind an API key. */
  company: (credential: string) => 10_000 + (hash(credential, "company") % 90_000),
  /** The fleet's admin user (the account's user at verification). */
  admin: 69_001,
  vehicle: (canonicalId: string) => 4_000 + indexOf(canonicalId),
  user: (canonicalId: string) => 77_000 + indexOf(canonicalId),
  group: (canonicalId: string) => 501 + GROUPS.findIndex((group) => group.id === canonicalId),
  /** The ELD (vehicle gateway) of a canonical tracker `dev-t-N`. */
  eldDevice: (canonicalId: string) => 9_000 + indexOf(canonicalId),
  /** An event id: the vehicle's number and the day (one canonical event per vehicle and day). */
  event: (event: Pick<CanonicalSafetyEvent, "vehicleId" | "startedAt">) =>
    indexOf(event.vehicleId) * 100_000_000 + Number(event.startedAt.slice(0, 10).replaceAll("-", "")),
};

/** The canonical vehicle id and day of a Motive event id (inverse of motiveIds.event). */
export function eventKey(eventId: number): { vehicleId: string; date: string } {
  const day = String(eventId % 100_000_000);
  return {
    vehicleId: `veh-${Math.floor(eventId / 100_000_000)}`,
    date: `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`,
  };
}

/** Whether a vehicle is set to metric units at Motive (its IFTA distances are then km, else miles). */
export const vehicleIsMetric = (canonicalId: string) => indexOf(canonicalId) % 3 === 0;

/**
 * What Motive has of an event's camera media:
 * - `video`: transcoded, road-facing video and still;
 * - `image`: a still only (`auto_transcode_status: "not started"`, video links null);
 * - `pending`: footage not transcoded yet, every link null (hard braking and acceleration, as observed);
 * - `unavailable`: `camera_media.available: false`;
 * - `none`: no `camera_media` at all.
 */
export type MotiveMediaState = "video" | "image" | "pending" | "unavailable" | "none";

export function mediaStateOf(event: CanonicalSafetyEvent): MotiveMediaState {
  if (event.media === "video") {
    const transcodes = event.type === "harsh_brake" || event.type === "harsh_acceleration";
    return transcodes && hash(event.id, "transcode") % 3 === 0 ? "pending" : "video";
  }
  if (event.media === "image") return "image";
  return hash(event.id, "camera") % 2 === 0 ? "unavailable" : "none";
}

/** Motive's driver performance events have no speeding (a resource of its own): canonical speeding events are not served. */
export const MOTIVE_EVENT_TYPES: Readonly<Record<CanonicalSafetyEvent["type"], string | undefined>> = {
  harsh_brake: "hard_brake",
  harsh_acceleration: "hard_accel",
  harsh_turn: "hard_corner",
  speeding: undefined,
};

/** A driving period's id: the vehicle's number, the day and the trip of the day (`trp-veh-N-YYYY-MM-DD-k`). */
export function drivingPeriodId(tripId: string): number {
  const match = /^trp-veh-(\d+)-(\d{4})-(\d{2})-(\d{2})-(\d+)$/.exec(tripId);
  if (!match) throw new Error(`not a canonical trip id: ${tripId}`);
  const [, vehicle, year, month, day, trip] = match;
  return Number(vehicle) * 10_000_000_000 + Number(`${year}${month}${day}`) * 10 + Number(trip);
}

/** A location point's id: a UUID (v4-shaped, as Motive's v3 points have), fixed by the vehicle and the time. */
export function locationPointId(vehicleId: string, time: number): string {
  const hex = (part: string, width: number) =>
    hash(vehicleId, time, part).toString(16).padStart(8, "0").slice(0, width);
  return `${hex("a", 8)}-${hex("b", 4)}-4${hex("c", 3)}-8${hex("d", 3)}-${hex("e", 8)}${hex("f", 4)}`;
}
