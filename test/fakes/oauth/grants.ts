/**
 * What a fake authorization server remembers: the codes it issued, the grants they became (one per
 * consent), and the refresh and access tokens of each grant. Plain state, no HTTP: the endpoints
 * (./authorization-server.ts, ./token-endpoint.ts) and the test controls (./controls.ts) share it.
 */
import { randomBytes } from "node:crypto";

/** Codes live ten minutes (RFC 6749 §4.1.2 recommends at most that) and are used once. */
export const CODE_LIFETIME_MS = 10 * 60_000;
/** Access tokens live an hour unless a test sets an account's lifetime (providers.md 1.1). */
export const DEFAULT_ACCESS_TOKEN_SECONDS = 3600;

type Code = { clientId: string; redirectUri: string; credential: string; scope: string; expiresAt: number };

export type Grant = {
  clientId: string;
  credential: string;
  scope: string;
  refreshToken: string;
  revokedBy: "client" | "customer" | null;
  refreshes: number;
  issuedAccessTokens: number;
  /** The grant's access tokens and when each expires (ms). */
  accessTokens: Map<string, number>;
};

/** What the token endpoint answers with: an access token and the grant's refresh token (the new one where they rotate). */
export type Issued = { accessToken: string; refreshToken: string; expiresIn: number; createdAt: number; grant: Grant };

type AccountState = { grants: Grant[]; codesIssued: number; accessTokenSeconds: number };

/** A random token, URL-safe, with a prefix the fake's data API tells OAuth tokens by. */
export const randomToken = (prefix = "") => `${prefix}${randomBytes(24).toString("base64url")}`;

export class GrantStore {
  private readonly codes = new Map<string, Code>();
  private readonly byRefreshToken = new Map<string, Grant>();
  private readonly byAccessToken = new Map<string, Grant>();
  private readonly accounts = new Map<string, AccountState>();
  private readonly accessTokenPrefix: string;

  constructor(accessTokenPrefix: string) {
    this.accessTokenPrefix = accessTokenPrefix;
  }

  accountOf(credential: string): AccountState {
    let state = this.accounts.get(credential);
    if (!state) {
      state = { grants: [], codesIssued: 0, accessTokenSeconds: DEFAULT_ACCESS_TOKEN_SECONDS };
      this.accounts.set(credential, state);
    }
    return state;
  }

  issueCode(code: Omit<Code, "expiresAt">): string {
    const value = randomToken();
    this.codes.set(value, { ...code, expiresAt: Date.now() + CODE_LIFETIME_MS });
    this.accountOf(code.credential).codesIssued++;
    return value;
  }

  /** The code's binding if it is live; it is not used up until `redeemCode`. */
  peekCode(value: string): Code | undefined {
    const code = this.codes.get(value);
    if (code && code.expiresAt <= Date.now()) this.codes.delete(value);
    return code && code.expiresAt > Date.now() ? code : undefined;
  }

  /** Uses the code up: a new grant, with its first tokens. */
  redeemCode(value: string): Issued {
    const code = this.codes.get(value)!;
    this.codes.delete(value);
    const grant: Grant = {
      clientId: code.clientId,
      credential: code.credential,
      scope: code.scope,
      refreshToken: randomToken(),
      revokedBy: null,
      refreshes: 0,
      issuedAccessTokens: 0,
      accessTokens: new Map(),
    };
    this.byRefreshToken.set(grant.refreshToken, grant);
    this.accountOf(grant.credential).grants.push(grant);
    return this.issueAccessToken(grant);
  }

  /** The live grant a refresh token belongs to (not one revoked, nor a refresh token rotated away). */
  grantOfRefreshToken(refreshToken: string): Grant | undefined {
    const grant = this.byRefreshToken.get(refreshToken);
    return grant && grant.revokedBy === null ? grant : undefined;
  }

  /** A new access token for the grant; where refresh tokens rotate, a new refresh token too, the old one dead. */
  refresh(grant: Grant, rotate: boolean): Issued {
    grant.refreshes++;
    if (rotate) {
      this.byRefreshToken.delete(grant.refreshToken);
      grant.refreshToken = randomToken();
      this.byRefreshToken.set(grant.refreshToken, grant);
    }
    return this.issueAccessToken(grant);
  }

  /** The grant a refresh or access token belongs to, revoked or not. */
  grantOfToken(token: string): Grant | undefined {
    return this.byRefreshToken.get(token) ?? this.byAccessToken.get(token);
  }

  revoke(grant: Grant, by: "client" | "customer"): void {
    grant.revokedBy ??= by;
  }

  /**
   * What an access token stands for at the data API: the account that granted it while it is
   * live, `dead` once expired or revoked, undefined for a token this server never issued.
   */
  resolveAccessToken(token: string | undefined): { credential: string } | "dead" | undefined {
    const grant = token === undefined ? undefined : this.byAccessToken.get(token);
    if (!grant) return undefined;
    const expiresAt = grant.accessTokens.get(token!) ?? 0;
    return grant.revokedBy === null && expiresAt > Date.now() ? { credential: grant.credential } : "dead";
  }

  /** Every access token of the account expires now; its refresh tokens stay good. */
  expireAccessTokens(credential: string): void {
    const now = Date.now();
    for (const grant of this.accountOf(credential).grants) {
      for (const token of grant.accessTokens.keys())
        grant.accessTokens.set(token, Math.min(now, grant.accessTokens.get(token)!));
    }
  }

  /** The account was registered again: its grants, codes and settings are gone, their tokens with them. */
  forget(credential: string): void {
    for (const grant of this.accounts.get(credential)?.grants ?? []) {
      this.byRefreshToken.delete(grant.refreshToken);
      for (const token of grant.accessTokens.keys()) this.byAccessToken.delete(token);
    }
    for (const [value, code] of this.codes) if (code.credential === credential) this.codes.delete(value);
    this.accounts.delete(credential);
  }

  private issueAccessToken(grant: Grant): Issued {
    const now = Date.now();
    const expiresIn = this.accountOf(grant.credential).accessTokenSeconds;
    const accessToken = randomToken(this.accessTokenPrefix);
    grant.accessTokens.set(accessToken, now + expiresIn * 1000);
    grant.issuedAccessTokens++;
    this.byAccessToken.set(accessToken, grant);
    return { accessToken, refreshToken: grant.refreshToken, expiresIn, createdAt: Math.floor(now / 1000), grant };
  }
}
