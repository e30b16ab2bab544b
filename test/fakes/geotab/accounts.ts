/**
 * The Geotab fake's accounts: the shared store (credential `<database>/<userName>/<password>`,
 * fleet, faults), plus what only Geotab has, taken from the same control requests
 * (`POST /__fake/accounts`, `PATCH /__fake/accounts/<credential>`):
 * - `sessionTtlCalls`: a session expires after this many data requests (InvalidUserException);
 * - `federated`: the database lives on another server: Authenticate answers its name in `path`
 *   (`localhost:<port>`, the fake under another host name) and calls elsewhere are refused;
 * - `revoked`: the password was changed at Geotab: Authenticate and every session fail.
 * `GET /__fake/accounts/<credential>` adds `geotab: { options, stats }` (what the fake saw).
 */
import { AccountStore } from "../accounts.ts";
import { json } from "../http-server.ts";

export type GeotabOptions = { sessionTtlCalls?: number; federated?: boolean; revoked?: boolean };

export type GeotabStats = {
  authentications: number;
  failedAuthentications: number;
  dataRequests: number;
  /** Data requests by the Host they were sent to (server federation). */
  requestsByHost: Record<string, number>;
  /** Calls by method (ExecuteMultiCall's inner calls included as `Get <type>`). */
  calls: Record<string, number>;
  expiredSessions: number;
  overLimit: number;
};

const OPTION_KEYS = ["sessionTtlCalls", "federated", "revoked"] as const;

const emptyStats = (): GeotabStats => ({
  authentications: 0,
  failedAuthentications: 0,
  dataRequests: 0,
  requestsByHost: {},
  calls: {},
  expiredSessions: 0,
  overLimit: 0,
});

export class GeotabAccountStore extends AccountStore {
  readonly options = new Map<string, GeotabOptions>();
  readonly stats = new Map<string, GeotabStats>();
  /** Called when an account is (re)created, so that its old sessions end. */
  onReset: (credential: string) => void = () => {};

  optionsOf(credential: string): GeotabOptions {
    return this.options.get(credential) ?? {};
  }

  statsOf(credential: string): GeotabStats {
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
    ) as GeotabOptions;
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
    return json({ ...account, geotab: { options: this.optionsOf(credential), stats: this.statsOf(credential) } });
  }
}
