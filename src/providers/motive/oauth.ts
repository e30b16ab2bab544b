import type { Env } from "../../env";
import type { OAuthSpec } from "../kit/oauth";

/**
 * Motive's OAuth (providers.md 2.1): consent at `gomotive.com/oauth/authorize` with the scopes
 * asked there, the code exchanged at `keeptruckin.com/oauth/token` with the client in the form.
 * Refresh tokens are single use: every refresh's new one is kept at once (fresh-credentials.ts).
 * Revocation at `/oauth/revoke` beside the token endpoint is Doorkeeper's (the server Motive runs),
 * an assumption: Motive documents none. The scopes are the reads this adapter makes.
 */
export const MOTIVE_SCOPES = [
  "companies.read",
  "users.read",
  "vehicles.read",
  "utilization.vehicle_utilization",
  "utilization.driver_utilization",
  "ifta_reports.summary",
  "driver_performance_events.read",
  "speeding_events.read",
  "fault_codes.read",
  "hos_logs.read",
] as const;

export const motiveOAuth: OAuthSpec = {
  client: (env: Env) =>
    env.MOTIVE_OAUTH_CLIENT_ID && env.MOTIVE_OAUTH_CLIENT_SECRET
      ? { id: env.MOTIVE_OAUTH_CLIENT_ID, secret: env.MOTIVE_OAUTH_CLIENT_SECRET }
      : undefined,
  endpoints(env) {
    const consent = (env.MOTIVE_AUTHORIZE_BASE_URL ?? "https://gomotive.com").replace(/\/+$/, "");
    const tokens = (env.MOTIVE_OAUTH_BASE_URL ?? "https://keeptruckin.com").replace(/\/+$/, "");
    return {
      authorize: `${consent}/oauth/authorize`,
      token: `${tokens}/oauth/token`,
      revoke: `${tokens}/oauth/revoke`,
    };
  },
  clientAuthentication: "body",
  scopes: MOTIVE_SCOPES,
};
