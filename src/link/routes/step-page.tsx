import type { Context } from "hono";
import type { LinkSessionRow } from "../../db/schema";
import { endUserAgreementUrl } from "../../domain/link/agreement";
import { tenantOf } from "../../domain/link/sessions";
import type { AppEnv } from "../../env";
import { findProvider, listProviders } from "../../providers/registry";
import { consentView } from "../oauth-choice";
import { AgreementStep } from "../pages/agreement";
import { CredentialsStep } from "../pages/credentials";
import type { PageState } from "../pages/layout";
import { BusyStep, ExitedStep, FinishedStep } from "../pages/outcomes";
import { ProviderPicker } from "../pages/picker";
import { hintedFirst } from "../provider-order";
import { type RenderOptions, renderPage, setPrivatePageHeaders } from "../render";
import { applicationNameOf } from "../tenant";

/** Where a new session continues: its current step. */
export const sessionPath = (sessionId: string) => `/flow/${sessionId}`;

/** The page of the session's current step. */
export async function showStep(
  c: Context<AppEnv>,
  session: LinkSessionRow,
  options: {
    query: string;
    method?: string | undefined;
    error?: { message: string; fields: Record<string, string> };
    /** The page's script state on the consent step (the OAuth callback's). */
    state?: PageState;
  },
) {
  const path = sessionPath(session.id);
  if (session.status === "exited") {
    return sessionPage(c, session, {
      title: "Connection cancelled",
      state: { parentOrigin: session.parentOrigin, result: "exit" },
      children: <ExitedStep />,
    });
  }
  if (session.status === "succeeded") return sessionPage(c, session, { title: "All done", children: <FinishedStep /> });
  if (session.status === "completing") return sessionPage(c, session, { title: "Verifying", children: <BusyStep /> });
  const provider = session.provider ? findProvider(session.provider) : undefined;
  const back = session.reconnect ? {} : { backAction: `${path}/back` };
  if (!provider) {
    return sessionPage(c, session, {
      title: "Connect your fleet",
      children: (
        <ProviderPicker
          providers={hintedFirst(listProviders(session.environment), session.params.providerHints)}
          query={options.query}
          chooseAction={`${path}/provider`}
          searchAction={path}
          unsupportedProviderHref={`${path}/unsupported-provider`}
        />
      ),
    });
  }
  if (!session.agreement) {
    return sessionPage(c, session, {
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
  const { oauth, consentOrigins } = consentView(c.env, session, provider, options.method);
  return sessionPage(c, session, {
    title: `Sign in to ${provider.name}`,
    ...(consentOrigins ? { consentOrigins } : {}),
    ...(options.state ? { state: options.state } : {}),
    children: (
      <CredentialsStep
        provider={provider}
        submitAction={`${path}/credentials`}
        {...back}
        reconnect={session.reconnect}
        {...(oauth ? { oauth } : {})}
        {...(options.error ? { error: options.error } : {})}
      />
    ),
  });
}

/** A page of a session: the application's name in the header, Exit recorded on the session. */
export async function sessionPage(
  c: Context<AppEnv>,
  session: LinkSessionRow,
  options: Omit<RenderOptions, "applicationName">,
) {
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

/** Back to the session's page after an action: a redirect, so that a reload never repeats the action. */
export function backToSession(c: Context<AppEnv>, session: Pick<LinkSessionRow, "id">) {
  setPrivatePageHeaders(c);
  return c.redirect(sessionPath(session.id), 303);
}
