/**
 * The TN360 fake's accounts: the shared store (credential `<username>/<password>`, fleet, faults),
 * plus TN360's token options, taken from the same control requests (`POST /__fake/accounts`,
 * `PATCH /__fake/accounts/<credential>`):
 * - `tokenTtlSeconds`: the access token's lifetime (`expires_in`, default 3600);
 * - `tokenTtlCalls`: or it expires after this many data requests (deterministic, for tests).
 * `GET /__fake/accounts/<credential>` adds `tn360: { options, stats }` (what the fake saw).
 */
import { ProviderAccountStore } from "../provider-accounts.ts";

export type Tn360Options = { tokenTtlSeconds?: number; tokenTtlCalls?: number };

export type Tn360Stats = {
  /** Password grants answered with a token. */
  logins: number;
  failedLogins: number;
  dataRequests: number;
  /** Data requests refused with 401 because their token had expired. */
  expiredTokens: number;
  throttled: number;
  /** Data requests by route pattern. */
  requests: Record<string, number>;
};

const OPTION_KEYS = ["tokenTtlSeconds", "tokenTtlCalls"] as const;

const emptyStats = (): Tn360Stats => ({
  logins: 0,
  failedLogins: 0,
  dataRequests: 0,
  expiredTokens: 0,
  throttled: 0,
  requests: {},
});

export class Tn360AccountStore extends ProviderAccountStore<Tn360Options, Tn360Stats> {
  constructor() {
    super({ name: "tn360", optionKeys: OPTION_KEYS, emptyStats });
  }
}
