import type { Context, Hono } from "hono";
import type { LinkSessionRow } from "../../db/schema";
import { END_USER_AGREEMENT, endUserAgreementUrl } from "../../domain/link/agreement";
import {
  acceptAgreement,
  chooseProvider,
  exitLinkSession,
  loadLinkSession,
  submitCredentials,
  tenantOf,
} from "../../domain/link/sessions";
import type { AppEnv } from "../../env";
import { DomainError } from "../../errors";
import { findProvider, listProviders } from "../../providers/registry";
import { flowError, toFlowError } from "../errors";
import { AgreementStep } from "../pages/agreement";
import { CredentialsStep } from "../pages/credentials";
import { BusyStep, ExitedStep, FinishedStep, SuccessStep } from "../pages/outcomes";
import { ProviderPicker } from "../pages/picker";
import { type RenderOptions, renderPage, setPrivatePageHeaders } from "../render";
import { acceptanceOf } from "../request-meta";
import { applicationNameOf, sessionPath } from "./start";

/** Largest form a step accepts: credentials are short; anything larger is not a person typing. */
const MAX_FORM_FIELDS = 20;
const MAX_FIELD_LENGTH = 4096;

/**
 * The session's steps: one page (GET /flow/:sid) that shows where the session is (provider,
 * agreement, credentials, outcome), and one POST per action, each answered by a redirect back
 * to that page (so a reload never repeats an action) except the final submit, which shows the
 * outcome at once or, in redirect mode, goes to the application's redirect_url.
 */
export function registerStepRoutes(app: Hono<AppEnv>) {
  app.get("/flow/:sid", async (c) => {
    const session = await loadLinkSession(c.var.db, c.req.param("sid"));
    return showStep(c, session, { query: c.req.query("q") ?? "" });
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
      return page(c, session, {
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
      return page(c, await loadLinkSession(c.var.db, session.id), {
        status: shown.status,
        title: `Sign in to ${provider.name}`,
        children: (
          <CredentialsStep
            provider={provider}
            submitAction={`${sessionPath(session.id)}/credentials`}
            {...(session.reconnect ? {} : { backAction: `${sessionPath(session.id)}/back` })}
            reconnect={session.reconnect}
            error={{ message: shown.message, fields }}
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

/** The page of the session's current step. */
async function showStep(c: Context<AppEnv>, session: LinkSessionRow, options: { query: string }) {
  const path = sessionPath(session.id);
  if (session.status === "exited") {
    return page(c, session, {
      title: "Connection cancelled",
      state: { parentOrigin: session.parentOrigin, result: "exit" },
      children: <ExitedStep />,
    });
  }
  if (session.status === "succeeded") return page(c, session, { title: "All done", children: <FinishedStep /> });
  if (session.status === "completing") return page(c, session, { title: "Verifying", children: <BusyStep /> });
  const provider = session.provider ? findProvider(session.provider) : undefined;
  const back = session.reconnect ? {} : { backAction: `${path}/back` };
  if (!provider) {
    return page(c, session, {
      title: "Connect your fleet",
      children: (
        <ProviderPicker
          providers={listProviders(session.environment)}
          query={options.query}
          chooseAction={`${path}/provider`}
          searchAction={path}
        />
      ),
    });
  }
  if (!session.agreement) {
    return page(c, session, {
      title: `Connect ${provider.name}`,
      children: (
        <AgreementStep
          provider={provider}
          applicationName={await applicationNameOf(c, tenantOf(session))}
          agreementUrl={endUserAgreementUrl(c.env)}
          acceptAction={`${path}/agreement`}
          {...back}
        />
      ),
    });
  }
  return page(c, session, {
    title: `Sign in to ${provider.name}`,
    children: (
      <CredentialsStep
        provider={provider}
        submitAction={`${path}/credentials`}
        {...back}
        reconnect={session.reconnect}
      />
    ),
  });
}

/** A page of a session: the application's name in the header, Exit recorded on the session. */
async function page(c: Context<AppEnv>, session: LinkSessionRow, options: Omit<RenderOptions, "applicationName">) {
  const redirectUrl = session.params.redirectUrl;
  return renderPage(c, {
    applicationName: await applicationNameOf(c, tenantOf(session)),
    ...(session.status === "open" || session.status === "completing"
      ? { exitAction: `${sessionPath(session.id)}/exit` }
      : {}),
    ...(redirectUrl ? { redirectOrigin: new URL(redirectUrl).origin } : {}),
    ...options,
  });
}

function backToSession(c: Context<AppEnv>, session: Pick<LinkSessionRow, "id">) {
  setPrivatePageHeaders(c);
  return c.redirect(sessionPath(session.id), 303);
}

function context(c: Context<AppEnv>) {
  return { db: c.var.db, env: c.env };
}

/** The posted form as strings; files and oversized or numerous fields are refused. */
async function readForm(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    throw flowError(400, "Something is not right", "The form was not sent as a form.");
  }
  const body = await c.req.parseBody();
  const entries = Object.entries(body);
  if (entries.length > MAX_FORM_FIELDS) throw flowError(400, "Something is not right", "The form has too many fields.");
  const form: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (typeof value !== "string" || value.length > MAX_FIELD_LENGTH) {
      throw flowError(400, "Something is not right", "A field of the form is too long or is not text.");
    }
    form[name] = value;
  }
  return form;
}

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}
