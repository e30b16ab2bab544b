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
import { AccountStore } from "../accounts.ts";
import { json } from "../http-server.ts";

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

export class VerizonAccountStore extends AccountStore {
  readonly options = new Map<string, VerizonOptions>();
  readonly stats = new Map<string, VerizonStats>();
  /** Called when an account is (re)created, so that its old tokens end. */
  onReset: (credential: string) => void = () => {};

  optionsOf(credential: string): VerizonOptions {
    return this.options.get(credential) ?? {};
  }

  statsOf(credential: string): VerizonStats {
    const stats = this.stats.get(credential) ?? emptyStats();
    this.stats.set(credential, stats);
    return stats;
  }

  override async control(request: Request): Promise<Response | undefined> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith("/__fake/accounts")) return undefined;
    const body = (await request
      .clone()
      .json()
      .catch(() => ({}))) as Record<string, unknown>;
    const credential =
      request.method === "POST"
        ? String(body.credential ?? "")
        : decodeURIComponent(url.pathname.slice("/__fake/accounts/".length));
    const response = await super.control(request);
    if (!response || response.status >= 300) return response;
    const given = Object.fromEntries(
      OPTION_KEYS.filter((key) => key in body).map((key) => [key, body[key]]),
    ) as VerizonOptions;
    if (request.method === "POST") {
      this.options.set(credential, given);
      this.stats.set(credential, emptyStats());
      this.onReset(credential);
      return response;
    }
    if (request.method === "PATCH") {
      this.options.set(credential, { ...this.optionsOf(credential), ...given });
      return response;
    }
    const account = (await response.json()) as Record<string, unknown>;
    return json({ ...account, verizon: { options: this.optionsOf(credential), stats: this.statsOf(credential) } });
  }
}
