/**
 * The fake authorization server's token endpoint (RFC 6749 §4.1.3, §6) and revocation endpoint
 * (RFC 7009), both form-encoded POSTs authenticated as the registered client:
 * - Samsara takes HTTP Basic `client_id:client_secret` only (a `client_secret` in the body, or
 *   credentials in the body alone, is 401 `invalid_client`); Motive (Doorkeeper) takes them in
 *   the body or as Basic;
 * - `authorization_code`: the code once, within ten minutes, by the client it was issued to and
 *   with its `redirect_uri` (Motive: required; Samsara: checked when sent); `refresh_token`: a
 *   new access token, and with rotation (Motive) a new refresh token, the old one dead;
 * - errors as RFC 6749 §5.2 bodies `{ error, error_description }`: 400 `invalid_grant` (unknown,
 *   used or expired code, revoked grant, rotated-away refresh token, redirect URI mismatch),
 *   `invalid_request`, `unsupported_grant_type`; 401 `invalid_client`;
 * - revoke: the whole grant of a refresh or access token (every token of it); `200 {}` for a
 *   token it does not know, as RFC 7009 §2.2 asks.
 */
import { json } from "../http-server.ts";
import type { AuthorizationServerConfig } from "./authorization-server.ts";
import type { GrantStore, Issued } from "./grants.ts";

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}) {
  return json({ error, error_description: description }, status, { ...NO_STORE, ...headers });
}

/** The client's credentials from HTTP Basic (each part form-encoded, RFC 6749 §2.3.1). */
function basicCredentials(request: Request): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  const part = (text: string) => {
    try {
      return decodeURIComponent(text.replaceAll("+", " "));
    } catch {
      return text;
    }
  };
  return { id: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) };
}

/** The 401 answer when the client does not authenticate as this provider wants; undefined when it does. */
function refuseClient(
  request: Request,
  form: URLSearchParams,
  config: AuthorizationServerConfig,
): Response | undefined {
  const basic = basicCredentials(request);
  const challenge = { "www-authenticate": `Basic realm="${config.provider}"` };
  let given = basic;
  if (config.clientAuthentication === "basic") {
    if (!basic || form.has("client_secret")) {
      const description = "Authenticate the client with HTTP Basic (client_id:client_secret) only.";
      return oauthError(401, "invalid_client", description, challenge);
    }
  } else if (!basic) {
    const id = form.get("client_id");
    const secret = form.get("client_secret");
    given = id !== null && secret !== null ? { id, secret } : undefined;
  }
  if (!given || given.id !== config.client.id || given.secret !== config.client.secret) {
    return oauthError(
      401,
      "invalid_client",
      "Client authentication failed: unknown client or wrong secret.",
      challenge,
    );
  }
  return undefined;
}

async function formOf(request: Request): Promise<URLSearchParams> {
  return new URLSearchParams(await request.text());
}

function tokenAnswer(issued: Issued, config: AuthorizationServerConfig): Response {
  const { grant } = issued;
  const body: Record<string, unknown> = {
    access_token: issued.accessToken,
    token_type: "Bearer",
    expires_in: issued.expiresIn,
    refresh_token: issued.refreshToken,
  };
  if (config.doorkeeperTokenFields || grant.scope) body.scope = grant.scope;
  if (config.doorkeeperTokenFields) body.created_at = issued.createdAt;
  return json(body, 200, NO_STORE);
}

export async function tokenEndpoint(request: Request, config: AuthorizationServerConfig, grants: GrantStore) {
  if (request.method !== "POST") return oauthError(405, "invalid_request", "The token endpoint takes POST.");
  const form = await formOf(request);
  const refused = refuseClient(request, form, config);
  if (refused) return refused;
  const grantType = form.get("grant_type");
  if (grantType === "authorization_code") {
    const value = form.get("code");
    if (!value) return oauthError(400, "invalid_request", "The code is missing.");
    const code = grants.peekCode(value);
    if (!code || code.clientId !== config.client.id) {
      return oauthError(400, "invalid_grant", "The authorization code is invalid, expired or already used.");
    }
    const redirectUri = form.get("redirect_uri");
    if (redirectUri === null && config.redirectUriAtExchange === "required") {
      return oauthError(400, "invalid_request", "The redirect_uri is missing.");
    }
    if (redirectUri !== null && redirectUri !== code.redirectUri) {
      return oauthError(400, "invalid_grant", "The redirect_uri does not match the one the code was issued to.");
    }
    return tokenAnswer(grants.redeemCode(value), config);
  }
  if (grantType === "refresh_token") {
    const refreshToken = form.get("refresh_token");
    if (!refreshToken) return oauthError(400, "invalid_request", "The refresh_token is missing.");
    const grant = grants.grantOfRefreshToken(refreshToken);
    if (!grant || grant.clientId !== config.client.id) {
      return oauthError(400, "invalid_grant", "The refresh token is invalid, revoked or already used.");
    }
    return tokenAnswer(grants.refresh(grant, config.rotateRefreshTokens), config);
  }
  if (grantType === null) return oauthError(400, "invalid_request", "The grant_type is missing.");
  return oauthError(400, "unsupported_grant_type", `The grant type ${grantType} is not supported.`);
}

export async function revokeEndpoint(request: Request, config: AuthorizationServerConfig, grants: GrantStore) {
  if (request.method !== "POST") return oauthError(405, "invalid_request", "The revocation endpoint takes POST.");
  const form = await formOf(request);
  const refused = refuseClient(request, form, config);
  if (refused) return refused;
  const token = form.get("token");
  if (!token) return oauthError(400, "invalid_request", "The token is missing.");
  const grant = grants.grantOfToken(token);
  // Another client's token is left alone, and said no more about than an unknown one (RFC 7009 §2.1).
  if (grant && grant.clientId === config.client.id) grants.revoke(grant, "client");
  return json({}, 200, NO_STORE);
}
