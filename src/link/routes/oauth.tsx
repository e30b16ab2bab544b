import type { Context, Hono } from "hono";
import {
  type ConsentOutcome,
  completeOAuthConsent,
  OAUTH_CALLBACK_PATH,
  startOAuthConsent,
  takeOAuthConsent,
} from "../../domain/link/oauth-consent";
import { loadLinkSession } from "../../domain/link/sessions";
import type { AppEnv } from "../../env";
import { findProvider } from "../../providers/registry";
import { toFlowError } from "../errors";
import { readForm, withQuery } from "../form";
import { SuccessStep } from "../pages/outcomes";
import { setPrivatePageHeaders } from "../render";
import { sessionPage, showStep } from "./step-page";

/** Longest `code`, `state` or `error` taken from the provider's redirect: more is not an answer. */
const MAX_ANSWER_LENGTH = 2048;

/**
 * A provider's OAuth consent inside the flow: the consent form's post sends the customer to the
 * provider's authorization page (a redirect), and the provider sends them back to the one
 * callback address with the `state` that names the session. The callback ends the flow as the
 * credential form's submit does: the outcome page (handing the public token to the embedding
 * page, or to the consent popup's opener), or redirect mode's redirect_url.
 */
export function registerOAuthRoutes(app: Hono<AppEnv>) {
  app.post("/flow/:sid/oauth", async (c) => {
    const session = await loadLinkSession(c.var.db, c.req.param("sid"));
    const form = await readForm(c);
    const authorizeUrl = await startOAuthConsent(context(c), session, form);
    setPrivatePageHeaders(c);
    return c.redirect(authorizeUrl, 303);
  });

  app.get(OAUTH_CALLBACK_PATH, async (c) => {
    const answer = {
      state: bounded(c.req.query("state")) ?? "",
      ...optional("code", bounded(c.req.query("code"))),
      ...optional("error", bounded(c.req.query("error"))),
    };
    const session = await takeOAuthConsent(context(c), answer.state);
    const provider = session.provider ? findProvider(session.provider) : undefined;
    let outcome: ConsentOutcome;
    let consent: "declined" | "failed" = "declined";
    try {
      outcome = await completeOAuthConsent(context(c), session, answer);
    } catch (error) {
      // A refused exchange (a code that expired on the way back) or account: the consent step
      // again, to try again (the session is open again by then).
      const shown = toFlowError(error, provider?.name);
      if (!shown || shown.status === 404 || shown.status === 409 || shown.status === 410) throw error;
      outcome = { granted: false, reason: shown.message };
      consent = "failed";
    }
    if (!outcome.granted) {
      // In the consent popup, the page only tells the embedded flow (which shows the step again) and closes.
      return showStep(c, await loadLinkSession(c.var.db, session.id), {
        query: "",
        error: { message: outcome.reason, fields: {} },
        state: { parentOrigin: session.parentOrigin, oauthCallback: true, consent },
      });
    }
    const redirectUrl = session.params.redirectUrl;
    if (redirectUrl) {
      setPrivatePageHeaders(c);
      return c.redirect(withQuery(redirectUrl, { public_token: outcome.completed.publicToken }), 303);
    }
    return sessionPage(c, session, {
      title: session.reconnect ? "Reconnected" : "Connected",
      state: {
        parentOrigin: session.parentOrigin,
        result: "success",
        publicToken: outcome.completed.publicToken,
        oauthCallback: true,
      },
      children: <SuccessStep providerName={provider?.name ?? "provider"} reconnect={session.reconnect} />,
    });
  });
}

function bounded(value: string | undefined): string | undefined {
  return value === undefined ? undefined : value.slice(0, MAX_ANSWER_LENGTH);
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

function context(c: Context<AppEnv>) {
  return { db: c.var.db, env: c.env };
}
