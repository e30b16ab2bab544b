import type { Env } from "../../env";
import type { RequestPace } from "../types";

/**
 * WEBFLEET.connect's request limits are per action and per account user (providers-more.md 2.2):
 * one pace bucket per action the adapter calls. The slow ones are deployment settings with the
 * documented limit as default: the trip report's one request a minute
 * (`WEBFLEET_TRIPS_PER_MINUTE`), the object report's six (`WEBFLEET_OBJECT_REPORTS_PER_MINUTE`)
 * and the tracks' ten (`WEBFLEET_TRACKS_PER_MINUTE`): a deployment whose Webfleet contract grants
 * more (or a test against the fake) raises them there.
 */
export const ACTIONS = {
  objects: "showObjectReportExtern",
  drivers: "showDriverReportExtern",
  trips: "showTripReportExtern",
  tracks: "showTracks",
  groups: "showObjectGroups",
  groupObjects: "showObjectGroupObjects",
} as const;

/** The deployment setting of each slow action's requests a minute. */
const SETTINGS = {
  [ACTIONS.objects]: "WEBFLEET_OBJECT_REPORTS_PER_MINUTE",
  [ACTIONS.trips]: "WEBFLEET_TRIPS_PER_MINUTE",
  [ACTIONS.tracks]: "WEBFLEET_TRACKS_PER_MINUTE",
} as const;

export type WebfleetPaceSettings = Partial<Pick<Env, (typeof SETTINGS)[keyof typeof SETTINGS]>>;

/** The documented limits, requests per minute. */
export const DOCUMENTED_PER_MINUTE: Readonly<Record<string, number>> = {
  [ACTIONS.objects]: 6,
  [ACTIONS.drivers]: 10,
  [ACTIONS.trips]: 1,
  [ACTIONS.tracks]: 10,
  [ACTIONS.groups]: 10,
  [ACTIONS.groupObjects]: 10,
};

function perMinute(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Requests per minute of each action bucket, the slow ones as the deployment sets them. */
export function perMinuteOf(settings: WebfleetPaceSettings): Record<string, number> {
  const limits = { ...DOCUMENTED_PER_MINUTE };
  for (const [action, setting] of Object.entries(SETTINGS))
    limits[action] = perMinute(settings[setting], limits[action]!);
  return limits;
}

/** The adapter's pace in a deployment: each action's limit as requests per 60 s. */
export function webfleetPace(settings: WebfleetPaceSettings): Record<string, RequestPace> {
  return Object.fromEntries(
    Object.entries(perMinuteOf(settings)).map(([action, requests]) => [action, { requests, perSeconds: 60 }]),
  );
}

/** How long to wait after a quota answer: one request's share of the action's minute. */
export function quotaRetrySeconds(settings: WebfleetPaceSettings, action: string): number {
  const requests = perMinuteOf(settings)[action] ?? 1;
  return Math.max(1, Math.ceil(60 / requests));
}
