/**
 * The MiX fake's accounts: the shared store (credential `<username>/<password>`, fleet, faults),
 * plus MiX's token options, taken from the same control requests (`POST /__fake/accounts`,
 * `PATCH /__fake/accounts/<credential>`):
 * - `tokenTtlSeconds`: the access token's lifetime (`expires_in`, default 3600);
 * - `tokenTtlCalls`: or it expires after this many data requests (deterministic, for tests);
 * - `refreshTokens`: false to refuse refresh grants (`invalid_grant`), forcing password logins.
 * `GET /__fake/accounts/<credential>` adds `mix: { options, stats }` (what the fake saw).
 */
import { ProviderAccountStore } from "../provider-accounts.ts";

export type MixOptions = { tokenTtlSeconds?: number; tokenTtlCalls?: number; refreshTokens?: boolean };

export type MixStats = {
  /** Password grants answered with a token. */
  logins: number;
  /** Refresh grants answered with a token. */
  refreshes: number;
  failedLogins: number;
  dataRequests: number;
  /** Data requests refused with 401 because their token had expired. */
  expiredTokens: number;
  throttled: number;
  /** Data requests by route pattern. */
  requests: Record<string, number>;
};

const OPTION_KEYS = ["tokenTtlSeconds", "tokenTtlCalls", "refreshTokens"] as const;

const emptyStats = (): MixStats => ({
  logins: 0,
  refreshes: 0,
  failedLogins: 0,
  dataRequests: 0,
  expiredTokens: 0,
  throttled: 0,
  requests: {},
});

export class MixAccountStore extends ProviderAccountStore<MixOptions, MixStats> {
  constructor() {
    super({ name: "mix", optionKeys: OPTION_KEYS, emptyStats });
  }
}
