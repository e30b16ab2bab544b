import { z } from "@hono/zod-openapi";
import { providerTimeoutMs } from "../../config";
import type { Env } from "../../env";
import { ProviderError } from "../errors";
import { parseRetryAfter, providerFetch } from "../http";

/**
 * OAuth 2.0 authorization-code grants (RFC 6749) as Samsara's and Motive's marketplace apps use
 * them: the customer consents on the provider's page, the code comes back to the hosted flow, and
 * the connection keeps an access token it refreshes before it expires. The client (its id and
 * secret) belongs to the deployment, never to a customer.
 */
export type OAuthSpec = {
  /** The deployment's registered client; undefined when none is configured (OAuth is then not offered). */
  client(env: Env): { id: string; secret: string } | undefined;
  /**
   * The provider's endpoints. `credentials` are the form values asked before consent (Samsara's
   * region) or, later, the connection's stored credentials, which keep them.
   */
  endpoints(env: Env, credentials: Readonly<Record<string, string>>): OAuthEndpoints;
  /** How the client authenticates at the token and revoke endpoints. */
  readonly clientAuthentication: "basic" | "body";
  /** Scopes asked at consent; none when the app's scopes are set in the provider's app registration. */
  readonly scopes?: readonly string[];
  /** Credential-form fields (not secrets) asked before consent and kept with the grant: Samsara's region. */
  readonly formFields?: readonly string[];
};

export type OAuthEndpoints = { authorize: string; token: string; revoke: string };

/** The stored credentials of a grant: these names, beside the `formFields` values. */
export const GRANT_FIELDS = {
  accessToken: "accessToken",
  refreshToken: "refreshToken",
  expiresAt: "accessTokenExpiresAt",
} as const;

/** A grant's tokens as the token endpoint answers them. */
export type OAuthTokens = { accessToken: string; refreshToken: string; expiresAt: Date };

/** Lifetime assumed when the provider does not say (`expires_in` absent): Samsara's is about an hour. */
const DEFAULT_LIFETIME_SECONDS = 3600;

const tokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive().optional(),
});

/** Whether stored credentials are an OAuth grant (not an API token typed into the form). */
export function isGrant(credentials: Readonly<Record<string, string>>): boolean {
  return typeof credentials[GRANT_FIELDS.refreshToken] === "string";
}

/** The stored credentials of a grant: its tokens and the form values it was asked with. */
export function grantCredentials(tokens: OAuthTokens, kept: Readonly<Record<string, string>>): Record<string, string> {
  return {
    ...kept,
    [GRANT_FIELDS.accessToken]: tokens.accessToken,
    [GRANT_FIELDS.refreshToken]: tokens.refreshToken,
    [GRANT_FIELDS.expiresAt]: tokens.expiresAt.toISOString(),
  };
}

/** When a grant's access token expires (the epoch when unknown: refreshed at once). */
export function accessTokenExpiry(credentials: Readonly<Record<string, string>>): number {
  const at = Date.parse(credentials[GRANT_FIELDS.expiresAt] ?? "");
  return Number.isNaN(at) ? 0 : at;
}

/** The provider's authorization page for this consent: where the hosted flow sends the customer. */
export function authorizationUrl(
  spec: OAuthSpec,
  env: Env,
  consent: { credentials: Readonly<Record<string, string>>; redirectUri: string; state: string },
): string {
  const client = requireClient(spec, env);
  const url = new URL(spec.endpoints(env, consent.credentials).authorize);
  url.searchParams.set("client_id", client.id);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("redirect_uri", consent.redirectUri);
  url.searchParams.set("state", consent.state);
  if (spec.scopes?.length) url.searchParams.set("scope", spec.scopes.join(" "));
  return url.toString();
}

/** Exchanges the code the provider sent back for the grant's first tokens. */
export function exchangeCode(
  spec: OAuthSpec,
  env: Env,
  exchange: { code: string; redirectUri: string; credentials: Readonly<Record<string, string>> },
): Promise<OAuthTokens> {
  return tokenRequest(spec, env, exchange.credentials, {
    grant_type: "authorization_code",
    code: exchange.code,
    redirect_uri: exchange.redirectUri,
  });
}

/**
 * New tokens for a grant. A refresh token the provider no longer takes (`invalid_grant`: revoked,
 * expired, or already used where refresh tokens rotate) is ProviderError("unauthorized").
 */
export function refreshTokens(spec: OAuthSpec, env: Env, credentials: Readonly<Record<string, string>>) {
  return tokenRequest(spec, env, credentials, {
    grant_type: "refresh_token",
    refresh_token: credentials[GRANT_FIELDS.refreshToken] ?? "",
  });
}

/** Revokes a grant at the provider (RFC 7009): its refresh token and the access tokens issued from it. */
export async function revokeGrant(spec: OAuthSpec, env: Env, credentials: Readonly<Record<string, string>>) {
  const response = await post(spec, env, spec.endpoints(env, credentials).revoke, {
    token: credentials[GRANT_FIELDS.refreshToken] ?? "",
  });
  if (!response.ok) throw await tokenEndpointError(response);
}

async function tokenRequest(
  spec: OAuthSpec,
  env: Env,
  credentials: Readonly<Record<string, string>>,
  form: Record<string, string>,
): Promise<OAuthTokens> {
  const response = await post(spec, env, spec.endpoints(env, credentials).token, form);
  if (!response.ok) throw await tokenEndpointError(response);
  const parsed = tokenResponse.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ProviderError("malformed", "The provider's token endpoint sent an unexpected body.");
  const { access_token, refresh_token, expires_in } = parsed.data;
  // A provider that does not rotate refresh tokens may leave it out of a refresh's answer.
  const refreshToken = refresh_token ?? form.refresh_token;
  if (!refreshToken) throw new ProviderError("malformed", "The provider's token endpoint sent no refresh token.");
  return {
    accessToken: access_token,
    refreshToken,
    expiresAt: new Date(Date.now() + (expires_in ?? DEFAULT_LIFETIME_SECONDS) * 1000),
  };
}

function post(spec: OAuthSpec, env: Env, endpoint: string, form: Record<string, string>): Promise<Response> {
  const client = requireClient(spec, env);
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  const body = new URLSearchParams(form);
  if (spec.clientAuthentication === "basic") {
    // RFC 6749 §2.3.1: each part form-encoded before it is joined and base64-encoded.
    const pair = `${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`;
    headers.authorization = `Basic ${btoa(pair)}`;
  } else {
    body.set("client_id", client.id);
    body.set("client_secret", client.secret);
  }
  return providerFetch("The provider's authorization server", endpoint, {
    method: "POST",
    headers,
    body,
    timeoutMs: providerTimeoutMs(env),
  });
}

/**
 * What a refused token request means: `invalid_grant` is for good (the customer must consent
 * again); a refused client is the deployment's misconfiguration, not the customer's, so it never
 * disconnects anyone (malformed: the sync fails and says why); 429 and 5xx are transient.
 */
async function tokenEndpointError(response: Response): Promise<ProviderError> {
  const body = (await response.json().catch(() => ({}))) as { error?: unknown; error_description?: unknown };
  const code = typeof body.error === "string" ? body.error : `HTTP ${response.status}`;
  const detail = typeof body.error_description === "string" ? `: ${body.error_description.slice(0, 200)}` : "";
  const message = `The provider's token endpoint answered ${code}${detail}`;
  if (response.status === 429) {
    return new ProviderError("rate_limited", message, parseRetryAfter(response.headers.get("retry-after")));
  }
  if (response.status >= 500) return new ProviderError("unavailable", message);
  if (code === "invalid_grant") return new ProviderError("unauthorized", message);
  return new ProviderError("malformed", `${message} (check the deployment's OAuth client settings).`);
}

function requireClient(spec: OAuthSpec, env: Env): { id: string; secret: string } {
  const client = spec.client(env);
  if (!client) throw new ProviderError("not_supported", "This deployment has no OAuth client for the provider.");
  return client;
}
