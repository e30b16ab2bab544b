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
import { ProviderAccountStore } from "../provider-accounts.ts";

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

export class GeotabAccountStore extends ProviderAccountStore<GeotabOptions, GeotabStats> {
  constructor() {
    super({ name: "geotab", optionKeys: OPTION_KEYS, emptyStats });
  }
}
