import type { Context, Hono } from "hono";
import { END_USER_AGREEMENT, endUserAgreementUrl } from "../../domain/link/agreement";
import { consentNotGiven } from "../../domain/link/oauth-consent";
import {
  acceptAgreement,
  chooseProvider,
  exitLinkSession,
  loadLinkSession,
  submitCredentials,
} from "../../domain/link/sessions";
import type { AppEnv } from "../../env";
import { DomainError } from "../../errors";
import { findProvider } from "../../providers/registry";
import { flowError, toFlowError } from "../errors";
import { readForm, withQuery } from "../form";
import { consentView } from "../oauth-choice";
import { CredentialsStep } from "../pages/credentials";
import { SuccessStep } from "../pages/outcomes";
import { setPrivatePageHeaders } from "../render";
import { acceptanceOf } from "../request-meta";
import { backToSession, sessionPage, sessionPath, showStep } from "./step-page";

/**
 * The session's steps: one page (GET /flow/:sid) that shows where the session is (provider,
 * agreement, credentials, outcome), and one POST per action, each answered by a redirect back
 * to that page (so a reload never repeats an action) except the final submit, which shows the
 * outcome at once or, in redirect mode, goes to the application's redirect_url.
 */
export function registerStepRoutes(app: Hono<AppEnv>) {
  app.get("/flow/:sid", async (c) => {
    const session = await loadLinkSession(c.var.db, c.req.param("sid"));
    const provider = session.provider ? findProvider(session.provider) : undefined;
    const consent = c.req.query("consent");
    // The embedded flow after its consent popup closed without a connection (routes/oauth.tsx).
    const error =
      provider && (consent === "declined" || consent === "failed")
        ? {
            error: {
              message:
                consent === "declined"
                  ? consentNotGiven(provider.name)
                  : `Signing in on ${provider.name} did not complete. Try again.`,
              fields: {},
            },
          }
        : {};
    return showStep(c, session, { query: c.req.query("q") ?? "", method: c.req.query("method"), ...error });
  });

  app.post("/flow/:sid/provider", async (c) => {
    const session = await loadLinkSession(c.var.db, c.req.param("sid"));
    const form = await readForm(c);
    await chooseProvider(context(c), session, form.provider ?? "");
    return backToSession(c, session);
  });

  app.post("/flow/:sid/back", async (c) => {
    const session = await loadLinkSession(c.var.db, c.req.param("sid"));
    await chooseProvider(context(c), session, null);
    return backToSession(c, session);
  });

  app.post("/flow/:sid/agreement", async (c) => {
    const session = await loadLinkSession(c.var.db, c.req.param("sid"));
    const form = await readForm(c);
    if (form.accept !== "yes") throw flowError(400, "Agreement needed", "Accept the agreement to continue.");
    await acceptAgreement(
      context(c),
      session,
      acceptanceOf(c, { type: END_USER_AGREEMENT.type, agreementUrl: endUserAgreementUrl(c.env) }),
    );
    return backToSession(c, session);
  });

  app.post("/flow/:sid/credentials", async (c) => {
    const session = await loadLinkSession(c.var.db, c.req.param("sid"));
    const credentials = await readForm(c);
    const provider = session.provider ? findProvider(session.provider) : undefined;
    try {
      const completed = await submitCredentials(context(c), session, credentials);
      const redirectUrl = session.params.redirectUrl;
      if (redirectUrl) {
        setPrivatePageHeaders(c);
        return c.redirect(withQuery(redirectUrl, { public_token: completed.publicToken }), 303);
      }
      return sessionPage(c, session, {
        title: session.reconnect ? "Reconnected" : "Connected",
        state: { parentOrigin: session.parentOrigin, result: "success", publicToken: completed.publicToken },
        children: <SuccessStep providerName={provider?.name ?? "provider"} reconnect={session.reconnect} />,
      });
    } catch (error) {
      const shown = toFlowError(error, provider?.name);
      if (!shown || !provider || shown.status === 409 || shown.status === 410 || shown.status === 404) throw error;
      // The form again, empty, with what went wrong next to the fields it concerns.
      const fields: Record<string, string> = {};
      if (error instanceof DomainError) {
        for (const problem of error.problems) {
          const name = problem.path.split(".").pop();
          if (name && provider.credentialFields.some((field) => field.name === name)) fields[name] = problem.message;
        }
      }
      const { oauth } = consentView(c.env, session, provider, "credentials");
      return sessionPage(c, await loadLinkSession(c.var.db, session.id), {
        status: shown.status,
        title: `Sign in to ${provider.name}`,
        children: (
          <CredentialsStep
            provider={provider}
            submitAction={`${sessionPath(session.id)}/credentials`}
            {...(session.reconnect ? {} : { backAction: `${sessionPath(session.id)}/back` })}
            reconnect={session.reconnect}
            error={{ message: shown.message, fields }}
            {...(oauth ? { oauth } : {})}
          />
        ),
      });
    }
  });

  app.post("/flow/:sid/exit", async (c) => {
    const session = await loadLinkSession(c.var.db, c.req.param("sid"));
    if (session.status === "succeeded") return backToSession(c, session);
    const exited = await exitLinkSession(context(c), session);
    if (exited.params.redirectUrl) {
      setPrivatePageHeaders(c);
      return c.redirect(withQuery(exited.params.redirectUrl, { exited: "true" }), 303);
    }
    return backToSession(c, exited);
  });
}

function context(c: Context<AppEnv>) {
  return { db: c.var.db, env: c.env };
}
