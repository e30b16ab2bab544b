/**
 * How Samsara's and Motive's authorization servers differ (providers.md 1.1 and 2.1), as the one
 * fake authorization server (./authorization-server.ts) takes it. Each is served on its fake's
 * own origin (the real Motive consents on gomotive.com and issues tokens on keeptruckin.com).
 */
import type { AuthorizationServerConfig } from "./authorization-server.ts";
import { MOTIVE_OAUTH_CLIENT, SAMSARA_OAUTH_CLIENT } from "./clients.ts";

/** Samsara (`samsarahq/oauth-samples`): HTTP Basic client auth, refresh tokens reusable. */
export const SAMSARA_AUTHORIZATION_SERVER: AuthorizationServerConfig = {
  provider: "Samsara",
  client: SAMSARA_OAUTH_CLIENT,
  paths: { authorize: "/oauth2/authorize", token: "/oauth2/token", revoke: "/oauth2/revoke" },
  clientAuthentication: "basic",
  rotateRefreshTokens: false,
  redirectUriAtExchange: "if-sent",
  accessTokenPrefix: "samsara-oauth-",
  doorkeeperTokenFields: false,
};

/**
 * Motive (Doorkeeper): client credentials in the form (or Basic), `redirect_uri` again at the
 * exchange, refresh tokens rotated on every use, `created_at` and `scope` in token answers. Access
 * tokens start with `oauth:`, the fake's sign of a Bearer token that is not an API key.
 */
export const MOTIVE_AUTHORIZATION_SERVER: AuthorizationServerConfig = {
  provider: "Motive",
  client: MOTIVE_OAUTH_CLIENT,
  paths: { authorize: "/oauth/authorize", token: "/oauth/token", revoke: "/oauth/revoke" },
  clientAuthentication: "basic-or-body",
  rotateRefreshTokens: true,
  redirectUriAtExchange: "required",
  accessTokenPrefix: "oauth:",
  doorkeeperTokenFields: true,
};
