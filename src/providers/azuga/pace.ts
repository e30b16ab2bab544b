import type { Env } from "../../env";
import type { RequestPace } from "../types";

/**
 * Azuga allows one request a minute per API call (providers-more.md §5: "1 request per minute
 * per API call", 429 beyond it): one pace bucket per endpoint the adapter calls, each at
 * AZUGA_REQUESTS_PER_MINUTE (default 1, the documented quota). A deployment whose Azuga contract
 * grants more (or a test against the fake) raises it there. Logins are not documented as limited:
 * a token lives about 180 days, so they are rare; ten a minute.
 */
export const ENDPOINTS = {
  login: "login",
  trackees: "trackees",
  users: "users",
  latestLocation: "latestlocation",
  tripReport: "report-trip",
  breadcrumbReport: "report-breadcrumb",
} as const;
export type AzugaBucket = (typeof ENDPOINTS)[keyof typeof ENDPOINTS];

export const DOCUMENTED_PER_MINUTE = 1;

export type AzugaPaceSettings = Partial<Pick<Env, "AZUGA_REQUESTS_PER_MINUTE">>;

/** Requests a minute per endpoint, as the deployment sets it (the documented one by default). */
export function perMinuteOf(settings: AzugaPaceSettings): number {
  const raw = settings.AZUGA_REQUESTS_PER_MINUTE;
  const value = Number(raw);
  return raw !== undefined && Number.isInteger(value) && value > 0 ? value : DOCUMENTED_PER_MINUTE;
}

/** The adapter's pace in a deployment: every data endpoint at the per-endpoint quota, logins ten a minute. */
export function azugaPace(settings: AzugaPaceSettings): Record<string, RequestPace> {
  const requests = perMinuteOf(settings);
  return Object.fromEntries(
    Object.values(ENDPOINTS).map((bucket) => [
      bucket,
      { requests: bucket === ENDPOINTS.login ? 10 : requests, perSeconds: 60 },
    ]),
  );
}
