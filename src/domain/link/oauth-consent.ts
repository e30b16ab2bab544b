import { and, eq, gt } from "drizzle-orm";
import type { ServiceContext } from "../../context";
import { type LinkSessionRow, linkSessions } from "../../db/schema";
import type { Env } from "../../env";
import { DomainError } from "../../errors";
import { describeIssues } from "../../lib/describe-issues";
import { randomBase62 } from "../../lib/random";
import { credentialsSchema } from "../../providers/credentials";
import { authorizationUrl, exchangeCode, grantCredentials } from "../../providers/kit/oauth";
import { findProvider } from "../../providers/registry";
import type { ProviderAdapter } from "../../providers/types";
import { OAuthGrant } from "../connections/oauth-grant";
import type { CompletedLink } from "./complete";
import { submitCredentials } from "./sessions";

/** Where every provider sends the customer back: one address, registered once with each provider's app. */
export const OAUTH_CALLBACK_PATH = "/oauth/callback";

export function oauthRedirectUri(env: Pick<Env, "LINK_BASE_URL">): string {
  return `${env.LINK_BASE_URL.replace(/\/+$/, "")}${OAUTH_CALLBACK_PATH}`;
}

/** Whether the flow offers the provider's OAuth consent: it has one, and the deployment registered a client. */
export function offersOAuth(adapter: ProviderAdapter, env: Env): boolean {
  return adapter.oauth?.client(env) !== undefined;
}

/**
 * Starts the provider's consent for a session that has its provider and agreement: a new random
 * `state` (the only thing that finds the session again on the callback, so it is unguessable and
 * used once) is stored with the form values asked before consent, and the provider's
 * authorization page is where the customer goes next.
 */
export async function startOAuthConsent(
  context: ServiceContext,
  session: LinkSessionRow,
  form: Record<string, string>,
): Promise<string> {
  const adapter = session.provider ? findProvider(session.provider) : undefined;
  if (!adapter || !session.agreement) throw new DomainError("invalid_input", "Accept the agreement before connecting.");
  const spec = adapter.oauth;
  if (!spec || !offersOAuth(adapter, context.env)) {
    throw new DomainError("invalid_input", `${adapter.name} accounts connect with their credentials here.`);
  }
  const kept = keptFormValues(adapter, form);
  const state = randomBase62(32);
  const [updated] = await context.db
    .update(linkSessions)
    .set({ oauthState: state, oauthForm: kept, updatedAt: new Date() })
    .where(and(eq(linkSessions.id, session.id), eq(linkSessions.status, "open")))
    .returning({ id: linkSessions.id });
  if (!updated) throw new DomainError("conflict", "This step was already done in another window; reload the page.");
  return authorizationUrl(spec, context.env, {
    credentials: kept,
    redirectUri: oauthRedirectUri(context.env),
    state,
  });
}

/** What the provider sent back to the callback. */
export type ConsentAnswer = { state: string; code?: string; error?: string };

/** What the consent step says after the customer declined at the provider. */
export const consentNotGiven = (providerName: string) =>
  `Access was not granted on ${providerName}. Try again, or go back.`;

/** The outcome of a consent: the flow completed, or why not (the session is open to try again). */
export type ConsentOutcome = { granted: true; completed: CompletedLink } | { granted: false; reason: string };

/**
 * The session a provider's answer names by its `state`, which is cleared as it is taken: a
 * replayed callback finds none. Only an open, unexpired session is found.
 */
export async function takeOAuthConsent(context: ServiceContext, state: string): Promise<LinkSessionRow> {
  const now = new Date();
  const [session] =
    state.length === 32
      ? await context.db
          .update(linkSessions)
          .set({ oauthState: null, updatedAt: now })
          .where(
            and(eq(linkSessions.oauthState, state), eq(linkSessions.status, "open"), gt(linkSessions.expiresAt, now)),
          )
          .returning()
      : [];
  if (!session) {
    throw new DomainError(
      "not_found",
      "This sign-in has expired or was already used. Open the connection flow again from the application.",
    );
  }
  return session;
}

/**
 * The provider's answer for a taken session: when the customer consented, the code exchanged
 * for the grant completes the flow as credentials would (the provider's account is verified with
 * it, the connection created or reconnected). A declined consent leaves the session open.
 */
export async function completeOAuthConsent(
  context: ServiceContext,
  session: LinkSessionRow,
  answer: ConsentAnswer,
): Promise<ConsentOutcome> {
  const adapter = session.provider ? findProvider(session.provider) : undefined;
  if (!adapter?.oauth) throw new DomainError("invalid_input", "This flow has no consent under way.");
  if (answer.error !== undefined || !answer.code) {
    const reason =
      answer.error === "access_denied"
        ? consentNotGiven(adapter.name)
        : `${adapter.name} did not complete the sign-in (${(answer.error ?? "no code").slice(0, 100)}). Try again.`;
    return { granted: false, reason };
  }
  const kept = session.oauthForm ?? {};
  const tokens = await exchangeCode(adapter.oauth, context.env, {
    code: answer.code,
    redirectUri: oauthRedirectUri(context.env),
    credentials: kept,
  });
  const completed = await submitCredentials(context, session, new OAuthGrant(grantCredentials(tokens, kept)));
  return { granted: true, completed };
}

/** The form values asked before consent (Samsara's region), checked as the credential form checks them. */
function keptFormValues(adapter: ProviderAdapter, form: Record<string, string>): Record<string, string> {
  const names = adapter.oauth?.formFields ?? [];
  const fields = adapter.credentialFields.filter((field) => names.includes(field.name));
  const given = Object.fromEntries(
    names.filter((name) => typeof form[name] === "string" && form[name] !== "").map((name) => [name, form[name]]),
  );
  const parsed = credentialsSchema({
    credentialFields: fields.map((field) => ({ ...field, required: false })),
  }).safeParse(given);
  if (!parsed.success) {
    throw new DomainError(
      "invalid_input",
      `The answers do not match what ${adapter.name} needs.`,
      describeIssues(parsed.error, "{requestBody}"),
    );
  }
  return Object.fromEntries(
    Object.entries(parsed.data).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
