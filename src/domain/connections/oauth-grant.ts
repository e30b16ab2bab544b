/**
 * Credentials that come from the provider's OAuth consent rather than from a form: the hosted
 * flow's callback builds one after exchanging the code. A class, so that no request body (plain
 * JSON) can pass for one: only the flow's own callback makes them, and the credentials' form
 * schema, which a grant's tokens do not match, is not applied to them.
 */
export class OAuthGrant {
  readonly credentials: Readonly<Record<string, string>>;

  constructor(credentials: Readonly<Record<string, string>>) {
    this.credentials = credentials;
  }
}

/** Credentials as a connection is made or re-authenticated with them: a form's values, or a grant. */
export type CredentialsInput = Record<string, unknown> | OAuthGrant;
