/**
 * The Verizon fake's accounts: the shared store (credential `<username>/<password>`, fleet,
 * faults), plus what only Verizon has, taken from the same control requests
 * (`POST /__fake/accounts`, `PATCH /__fake/accounts/<credential>`):
 * - `tokenTtlSeconds`: a token expires this long after `/token` issued it (default 1200, 20 min);
 * - `tokenTtlCalls`: or after this many data requests (deterministic, for tests);
 * - `expiredTokenStatus`: 401 (default) or 400 with `The provided token has an invalid format.`;
 * - `quotedToken`: `/token` answers the token in double quotes, as some tenants do.
 * `GET /__fake/accounts/<credential>` adds `verizon: { options, stats }` (what the fake saw).
 */
import { ProviderAccountStore } from "../provider-accounts.ts";

export type VerizonOptions = {
  tokenTtlSeconds?: number;
  tokenTtlCalls?: number;
  expiredTokenStatus?: 400 | 401;
  quotedToken?: boolean;
};

export type VerizonStats = {
  tokensIssued: number;
  failedLogins: number;
  dataRequests: number;
  expiredTokens: number;
  throttled: number;
  /** Data requests by path pattern (`/rad/v1/vehicles/{n}/segments`). */
  requests: Record<string, number>;
};

const OPTION_KEYS = ["tokenTtlSeconds", "tokenTtlCalls", "expiredTokenStatus", "quotedToken"] as const;

const emptyStats = (): VerizonStats => ({
  tokensIssued: 0,
  failedLogins: 0,
  dataRequests: 0,
  expiredTokens: 0,
  throttled: 0,
  requests: {},
});

export class VerizonAccountStore extends ProviderAccountStore<VerizonOptions, VerizonStats> {
  constructor() {
    super({ name: "verizon", optionKeys: OPTION_KEYS, emptyStats });
  }
}
