import type { Context, Hono } from "hono";
import type { LinkSessionRow } from "../../db/schema";
import { loadLinkSession } from "../../domain/link/sessions";
import {
  parseUnsupportedProviderForm,
  requestUnsupportedProvider,
  UNSUPPORTED_PROVIDER_FIELDS,
  type UnsupportedProviderField,
} from "../../domain/link/unsupported-provider";
import type { AppEnv } from "../../env";
import { flowError } from "../errors";
import { readForm } from "../form";
import { UnsupportedProviderForm, UnsupportedProviderThanks } from "../pages/unsupported-provider";
import { setPrivatePageHeaders } from "../render";
import { backToSession, sessionPage, sessionPath } from "./step-page";

/** The form's address within a session. */
export const unsupportedProviderPath = (sessionId: string) => `${sessionPath(sessionId)}/unsupported-provider`;

const TITLE = "Request a provider";

/**
 * "My provider isn't listed": a form (provider name, contact email, optional DOT number) that
 * emits `unsupported_provider.requested` to the session's application, then a thank-you page
 * (reached by a redirect, so a reload never sends the request twice). Like every step, the
 * session id in the URL is the capability: no cookie, so nothing for another site to forge.
 * A session that is no longer at the picker (finished, exited, a reconnection) shows its own page.
 */
export function registerUnsupportedProviderRoutes(app: Hono<AppEnv>) {
  app.get("/flow/:sid/unsupported-provider", async (c) => {
    const session = await loadLinkSession(c.var.db, c.req.param("sid"));
    if (!atPicker(session)) return backToSession(c, session);
    return showForm(c, session, {});
  });

  app.post("/flow/:sid/unsupported-provider", async (c) => {
    const session = await loadLinkSession(c.var.db, c.req.param("sid"));
    if (!atPicker(session)) return backToSession(c, session);
    const form = await readForm(c);
    const parsed = parseUnsupportedProviderForm(form);
    if (!parsed.ok) {
      const values: Partial<Record<UnsupportedProviderField, string>> = {};
      for (const field of UNSUPPORTED_PROVIDER_FIELDS) if (form[field] !== undefined) values[field] = form[field];
      return showForm(c, session, { status: 400, values, errors: parsed.errors });
    }
    await requestUnsupportedProvider({ db: c.var.db, env: c.env }, session, parsed.request);
    setPrivatePageHeaders(c);
    return c.redirect(`${unsupportedProviderPath(session.id)}/sent`, 303);
  });

  app.get("/flow/:sid/unsupported-provider/sent", async (c) => {
    const session = await loadLinkSession(c.var.db, c.req.param("sid"));
    if (session.reconnect) throw flowError(404, "Page not found", "A reconnection keeps its provider.");
    return sessionPage(c, session, {
      title: "Request sent",
      children: <UnsupportedProviderThanks backHref={sessionPath(session.id)} />,
    });
  });
}

/** Only a new connection that is still choosing its provider may ask for another one. */
function atPicker(session: LinkSessionRow): boolean {
  return session.status === "open" && !session.reconnect;
}

function showForm(
  c: Context<AppEnv>,
  session: LinkSessionRow,
  options: {
    status?: 400;
    values?: Partial<Record<UnsupportedProviderField, string>>;
    errors?: Partial<Record<UnsupportedProviderField, string>>;
  },
) {
  return sessionPage(c, session, {
    title: TITLE,
    ...(options.status ? { status: options.status } : {}),
    children: (
      <UnsupportedProviderForm
        submitAction={unsupportedProviderPath(session.id)}
        backHref={sessionPath(session.id)}
        {...(options.values ? { values: options.values } : {})}
        {...(options.errors ? { errors: options.errors } : {})}
      />
    ),
  });
}
