/**
 * One fake OAuth 2.0 authorization server (RFC 6749 authorization-code grant, RFC 7009
 * revocation), configured per provider (./provider-configs.ts) and served by that provider's fake
 * on its own origin:
 * - authorize (GET): the consent page (./consent-page.ts) for the registered client; an unknown
 *   client or a redirect URI that is not absolute http(s) gets an error page (400, no redirect);
 *   a `response_type` other than `code` is sent back as `error=unsupported_response_type`;
 * - authorize (POST, the consent form): Deny → `error=access_denied`; Allow with the `login` of a
 *   registered account (its credential: the fake's stand-in for the customer's own sign-in) →
 *   `code=…`, single use, ten minutes, bound to the client, the redirect URI and the account;
 *   an unknown login → the page again (401) with a "No such account" alert; `state` echoed;
 * - token and revoke: ./token-endpoint.ts; the test controls: ./controls.ts.
 * The provider's data API asks `resolveAccessToken` which account a Bearer token stands for.
 */
import type { FakeAccount } from "../accounts.ts";
import type { OAuthClient } from "./clients.ts";
import { type ConsentRequest, consentPage, errorPage } from "./consent-page.ts";
import { oauthControl } from "./controls.ts";
import { GrantStore } from "./grants.ts";
import { revokeEndpoint, tokenEndpoint } from "./token-endpoint.ts";

export type AuthorizationServerConfig = {
  /** The provider's name on the consent page ("Samsara"). */
  provider: string;
  client: OAuthClient;
  paths: { authorize: string; token: string; revoke: string };
  /** How the client authenticates at the token and revoke endpoints. */
  clientAuthentication: "basic" | "basic-or-body";
  /** Whether each refresh returns a new refresh token, the old one dead from then on (Doorkeeper's rotation). */
  rotateRefreshTokens: boolean;
  /** Whether the code exchange must carry the authorize request's `redirect_uri`, or is checked only when it does. */
  redirectUriAtExchange: "required" | "if-sent";
  /** What access tokens start with, so the data API tells them from API tokens. */
  accessTokenPrefix: string;
  /** Doorkeeper's token answers: `created_at` (epoch seconds) and `scope` always. */
  doorkeeperTokenFields: boolean;
};

export type AuthorizationServer = ReturnType<typeof createAuthorizationServer>;

/** Accounts the server signs customers in to: the fake's own account store. */
type Accounts = { get(credential: string | undefined): FakeAccount | undefined };

export function createAuthorizationServer(config: AuthorizationServerConfig, accounts: Accounts) {
  const grants = new GrantStore(config.accessTokenPrefix);

  function consentRequestOf(params: URLSearchParams): ConsentRequest | Response {
    const clientId = params.get("client_id");
    if (!clientId) return errorPage(config.provider, "The request names no client (client_id is missing).");
    if (clientId !== config.client.id)
      return errorPage(config.provider, `No application is registered as ${clientId}.`);
    const redirectUri = params.get("redirect_uri") ?? "";
    if (!isRedirectUri(redirectUri)) {
      return errorPage(config.provider, "The redirect_uri must be an absolute http or https URL without a fragment.");
    }
    return { clientId, redirectUri, state: params.get("state"), scope: params.get("scope") ?? "" };
  }

  const consent = (request: ConsentRequest, status = 200, alert?: string) =>
    consentPage(
      { provider: config.provider, appName: config.client.name, action: config.paths.authorize, request, alert },
      status,
    );

  async function authorize(request: Request, url: URL): Promise<Response> {
    if (request.method === "GET") {
      const consentRequest = consentRequestOf(url.searchParams);
      if (consentRequest instanceof Response) return consentRequest;
      if (url.searchParams.get("response_type") !== "code") {
        return backToApp(consentRequest, { error: "unsupported_response_type" });
      }
      return consent(consentRequest);
    }
    if (request.method !== "POST")
      return new Response("Method Not Allowed", { status: 405, headers: { allow: "GET, POST" } });
    const form = new URLSearchParams(await request.text());
    const consentRequest = consentRequestOf(form);
    if (consentRequest instanceof Response) return consentRequest;
    const decision = form.get("decision");
    if (decision === "deny") return backToApp(consentRequest, { error: "access_denied" });
    if (decision !== "allow") return consent(consentRequest, 400, "Choose Allow or Deny.");
    const account = accounts.get(form.get("login")?.trim() || undefined);
    if (!account) return consent(consentRequest, 401, "No such account");
    const code = grants.issueCode({
      clientId: consentRequest.clientId,
      redirectUri: consentRequest.redirectUri,
      credential: account.credential,
      scope: consentRequest.scope,
    });
    return backToApp(consentRequest, { code });
  }

  return {
    /** Answers the OAuth endpoints and `/__fake/oauth/…`; undefined for any other request. */
    async fetch(request: Request, url: URL): Promise<Response | undefined> {
      if (url.pathname === config.paths.authorize) return authorize(request, url);
      if (url.pathname === config.paths.token) return tokenEndpoint(request, config, grants);
      if (url.pathname === config.paths.revoke) return revokeEndpoint(request, config, grants);
      if (url.pathname.startsWith("/__fake/oauth/")) return oauthControl(request, url, grants, accounts);
      return undefined;
    },
    /** The account a Bearer token stands for while live; `dead` once expired or revoked; undefined if not an OAuth token. */
    resolveAccessToken: (token: string | undefined) => grants.resolveAccessToken(token),
    /** The account was registered again (POST /__fake/accounts): its grants end. */
    forget: (credential: string) => grants.forget(credential),
  };
}

function isRedirectUri(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "https:" || url.protocol === "http:") && !value.includes("#");
}

/** The answer sent back to the app: its redirect URI with these parameters and the request's `state`. */
function backToApp(request: ConsentRequest, params: Record<string, string>): Response {
  const location = new URL(request.redirectUri);
  for (const [name, value] of Object.entries(params)) location.searchParams.set(name, value);
  if (request.state !== null) location.searchParams.set("state", request.state);
  return new Response(null, { status: 302, headers: { location: location.toString(), "cache-control": "no-store" } });
}
