/**
 * The OAuth client registered at each fake provider's authorization server: the deployment's
 * marketplace app, as a Samsara or Motive developer account would register it. Tests bind these
 * as the Worker's OAuth client settings, and `npm start` as its local ones.
 */

export type OAuthClient = { id: string; secret: string /** The app's name on the consent page. */; name: string };

export const SAMSARA_OAUTH_CLIENT_ID = "fake-samsara-client";
export const SAMSARA_OAUTH_CLIENT_SECRET = "fake-samsara-secret";
export const MOTIVE_OAUTH_CLIENT_ID = "fake-motive-client";
export const MOTIVE_OAUTH_CLIENT_SECRET = "fake-motive-secret";

/** The app's name as the consent pages show it. */
export const OAUTH_APP_NAME = "Telematics API";

export const SAMSARA_OAUTH_CLIENT: OAuthClient = {
  id: SAMSARA_OAUTH_CLIENT_ID,
  secret: SAMSARA_OAUTH_CLIENT_SECRET,
  name: OAUTH_APP_NAME,
};

export const MOTIVE_OAUTH_CLIENT: OAuthClient = {
  id: MOTIVE_OAUTH_CLIENT_ID,
  secret: MOTIVE_OAUTH_CLIENT_SECRET,
  name: OAUTH_APP_NAME,
};

/** The Worker settings naming these clients (src/env.ts): what tests, the browser suite and `npm start` set. */
export const FAKE_OAUTH_CLIENT_VARS: Readonly<Record<string, string>> = {
  SAMSARA_OAUTH_CLIENT_ID,
  SAMSARA_OAUTH_CLIENT_SECRET,
  MOTIVE_OAUTH_CLIENT_ID,
  MOTIVE_OAUTH_CLIENT_SECRET,
};
