import type { Env } from "../../env";
import type { RequestPace } from "../types";

/**
 * TN360's request limits (providers-more.md section 7): the latest-location poll
 * (`/v1/vehicles/stats`) is fair use at about once every 5 minutes; every other call is only under
 * "global request limits", numbers unpublished. So three buckets per connection:
 * - `stats`: one poll per TN360_STATS_INTERVAL_SECONDS (default 300, the fair-use interval; a
 *   test against the fake lowers it, as AZUGA_REQUESTS_PER_MINUTE is raised);
 * - `api`: the other data calls, one at a time at most five a second (the conservative pace this
 *   service keeps for providers that publish no number: MiX, Verizon);
 * - `token`: logins at the identity server, ten a minute (a token serves many calls, tokens.ts).
 */
export const BUCKETS = { stats: "stats", api: "api", token: "token" } as const;
export type Tn360Bucket = (typeof BUCKETS)[keyof typeof BUCKETS];

export const FAIR_USE_STATS_SECONDS = 300;

export type Tn360PaceSettings = Partial<Pick<Env, "TN360_STATS_INTERVAL_SECONDS">>;

/** The seconds between two latest-location polls, as the deployment sets it (fair use by default). */
export function statsIntervalOf(settings: Tn360PaceSettings): number {
  const raw = settings.TN360_STATS_INTERVAL_SECONDS;
  const value = Number(raw);
  return raw !== undefined && raw !== "" && Number.isFinite(value) && value > 0 ? value : FAIR_USE_STATS_SECONDS;
}

export function tn360Pace(settings: Tn360PaceSettings): Record<Tn360Bucket, RequestPace> {
  return {
    stats: { requests: 1, perSeconds: statsIntervalOf(settings) },
    api: { requests: 5, perSeconds: 1 },
    token: { requests: 10, perSeconds: 60 },
  };
}
