import type { Env } from "../../env";
import type { OAuthSpec } from "../kit/oauth";
import { samsaraBaseUrl, samsaraCredentials } from "./client";

/**
 * Samsara's marketplace-app OAuth (providers.md 1.1, `samsarahq/oauth-samples`): consent at
 * `/oauth2/authorize` on the API host, the code and refreshes at `/oauth2/token` and revocation at
 * `/oauth2/revoke`, the client authenticated with HTTP Basic. The scopes are those of the app's
 * registration at Samsara, not asked at consent. The region is asked first: an EU organization
 * consents on the EU host (the same paths there is an assumption: Samsara documents the US host).
 */
export const samsaraOAuth: OAuthSpec = {
  client: (env: Env) =>
    env.SAMSARA_OAUTH_CLIENT_ID && env.SAMSARA_OAUTH_CLIENT_SECRET
      ? { id: env.SAMSARA_OAUTH_CLIENT_ID, secret: env.SAMSARA_OAUTH_CLIENT_SECRET }
      : undefined,
  endpoints(env, credentials) {
    const base = samsaraBaseUrl(env, samsaraCredentials(credentials).region);
    return { authorize: `${base}/oauth2/authorize`, token: `${base}/oauth2/token`, revoke: `${base}/oauth2/revoke` };
  },
  clientAuthentication: "basic",
  formFields: ["region"],
};
