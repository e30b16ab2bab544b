/**
 * The Webfleet fake's accounts: the shared store (credential `<account>/<username>/<password>`,
 * fleet, faults), plus what only Webfleet has, from the same control requests
 * (`POST /__fake/accounts`, `PATCH /__fake/accounts/<credential>`):
 * - `quotas`: requests a minute per action (default: the documented ones, DOCUMENTED_QUOTAS);
 * - `apiKey`: the integrator API key the account accepts (default: any non-empty key);
 * - `timeZone`: the account's zone, for times without `useISO8601=true` (default Europe/Berlin);
 * - `revoked`: the password was changed at Webfleet: every call is refused;
 * - `sessionLocking`: the account setting WFc.sessionLocking.enabled (overlapping calls of a user: 8015).
 * `GET /__fake/accounts/<credential>` adds `webfleet: { options, stats }` (what the fake saw).
 */
import { ProviderAccountStore } from "../provider-accounts.ts";

/** The reference guide's limits, requests per minute per action and user (providers-more.md 2.2). */
export const DOCUMENTED_QUOTAS: Readonly<Record<string, number>> = {
  showObjectReportExtern: 6,
  showVehicleReportExtern: 10,
  showDriverReportExtern: 10,
  showTripReportExtern: 1,
  showTripSummaryReportExtern: 10,
  showTracks: 10,
  showObjectGroups: 10,
  showObjectGroupObjects: 10,
};

export type WebfleetOptions = {
  sessionLocking?: boolean;
  quotas?: Record<string, number>;
  apiKey?: string;
  timeZone?: string;
  revoked?: boolean;
};

export type WebfleetStats = {
  /** Answered requests by action (errors included). */
  calls: Record<string, number>;
  /** Quota answers (8011), by action. */
  overQuota: Record<string, number>;
  /** Busy answers (8015) to a request made while another of the user's was running. */
  busy: number;
  refused: number;
};

const OPTION_KEYS = ["quotas", "apiKey", "timeZone", "revoked", "sessionLocking"] as const;
const emptyStats = (): WebfleetStats => ({ calls: {}, overQuota: {}, busy: 0, refused: 0 });

export class WebfleetAccountStore extends ProviderAccountStore<WebfleetOptions, WebfleetStats> {
  constructor() {
    super({ name: "webfleet", optionKeys: OPTION_KEYS, emptyStats });
  }
}
