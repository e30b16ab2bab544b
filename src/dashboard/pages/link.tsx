import type { Environment } from "../../db/schema";
import { SYNC_MODES } from "../../db/schema";
import { CSRF_FIELD } from "../csrf";
import type { LinkFormValues } from "../link-form";
import { time } from "./common";
import { CopyField } from "./copy-field";

/** The link page's own style rules, appended to the dashboard's stylesheet. */
export const LINK_CSS = `
.link-form{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:0 0 16px}
.link-form .grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(240px,100%),1fr));gap:0 16px}
.link-form select{width:100%;font:inherit;padding:10px 12px;border:1px solid #6b7280;border-radius:8px;background:#fff}
.link-form fieldset{border:1px solid #e5e7eb;border-radius:8px;margin:0 0 16px;padding:8px 12px 0}
.link-form legend{font-weight:600;padding:0 4px}
.link-form .hint,.created .hint{display:block;color:#4b5563;font-size:.85rem;margin:4px 0 0}
.created{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:0 0 16px}
.created form{margin:8px 0 0}
`;

/** A provider the form offers, as GET /providers lists it. */
export type LinkProviderOption = { code: string; name: string };

/** A short link as POST /link/short answers it. */
export type CreatedShortLink = { id: string; code: string; url: string; expiresAt: string };

/** A labelled text field of the form, its hint tied to it for screen readers. */
function TextField(props: {
  name: keyof LinkFormValues;
  label: string;
  values: LinkFormValues;
  hint?: string;
  type?: "text" | "number" | "date" | "datetime-local";
  inputmode?: "url" | "decimal";
}) {
  const id = `link-${props.name}`;
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        value={props.values[props.name]}
        inputmode={props.inputmode}
        step={props.type === "number" ? "any" : undefined}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
      />
      {props.hint ? (
        <span class="hint" id={`${id}-hint`}>
          {props.hint}
        </span>
      ) : null}
    </div>
  );
}

/** The created link: its address in a read-only field to select or copy, its expiry, and its deletion. */
function CreatedLink(props: { link: CreatedShortLink; replayed: boolean; deleteAction: string; csrf: string }) {
  const { link } = props;
  return (
    <section class="created" aria-labelledby="created-heading">
      <h2 id="created-heading">Your short link</h2>
      {props.replayed ? (
        <p class="muted">These presets already had a live link: here it is again (the API answers the same link).</p>
      ) : null}
      <CopyField id="short-link-url" label="Short link address" value={link.url} describedBy="short-link-expiry" />
      <p class="hint" id="short-link-expiry">
        Works until <time datetime={link.expiresAt}>{time(link.expiresAt)}</time>.
      </p>
      <form method="post" action={props.deleteAction}>
        <input type="hidden" name={CSRF_FIELD} value={props.csrf} />
        <button class="primary" type="submit">
          Delete this link
        </button>
      </form>
    </section>
  );
}

/** The form: every option of POST /link/short, the values of a refused post kept. */
function ShortLinkForm(props: {
  action: string;
  csrf: string;
  values: LinkFormValues;
  providers: LinkProviderOption[];
  lifetimeDays: number;
  error?: string;
}) {
  const { values } = props;
  return (
    <form class="link-form" method="post" action={props.action}>
      <input type="hidden" name={CSRF_FIELD} value={props.csrf} />
      {props.error ? (
        <p class="error" role="alert">
          {props.error}
        </p>
      ) : null}
      <fieldset>
        <legend>The new connection</legend>
        <div class="grid">
          <TextField name="name" label="Company name" values={values} />
          <TextField name="externalId" label="External id" values={values} hint="Your own reference for it." />
          <TextField name="tags" label="Tags" values={values} hint="Comma-separated, e.g. fleet-a, priority." />
          <div class="field">
            <label for="link-syncMode">Sync mode</label>
            <select id="link-syncMode" name="syncMode">
              <option value="" selected={values.syncMode === ""}>
                Default (automatic)
              </option>
              {SYNC_MODES.map((mode) => (
                <option value={mode} selected={values.syncMode === mode}>
                  {mode}
                </option>
              ))}
            </select>
          </div>
          <TextField
            name="backfillDays"
            label="Backfill: days of history"
            type="number"
            values={values}
            hint="Or a start date below, not both."
          />
          <TextField name="backfillStartFrom" label="Backfill: start date" type="date" values={values} />
        </div>
      </fieldset>
      <fieldset>
        <legend>The flow</legend>
        <div class="grid">
          <div class="field">
            <label for="link-provider">Provider</label>
            <select id="link-provider" name="provider">
              <option value="" selected={values.provider === ""}>
                Let the user choose
              </option>
              {props.providers.map((provider) => (
                <option value={provider.code} selected={values.provider === provider.code}>
                  {`${provider.name} (${provider.code})`}
                </option>
              ))}
            </select>
          </div>
          <TextField
            name="providerHints"
            label="Providers listed first"
            values={values}
            hint="Provider codes, comma-separated, in the picker's order."
          />
          <TextField
            name="redirectUrl"
            label="Redirect address"
            inputmode="url"
            values={values}
            hint="Where the browser goes at the end, with the public token added."
          />
          <TextField
            name="template"
            label="Template id"
            values={values}
            hint="ltp_…, kept for compatibility; this service has one template."
          />
          <TextField
            name="expiresAt"
            label="Expires at (UTC)"
            type="datetime-local"
            values={values}
            hint={`Empty: ${props.lifetimeDays} days from now, the longest a link lives here.`}
          />
        </div>
      </fieldset>
      <button class="primary" type="submit">
        Create the short link
      </button>
    </form>
  );
}

/**
 * The link page: what a short link is; the link just created (address, copy, expiry, deletion);
 * for an admin, the form that creates one, and for a viewer, why there is none.
 */
export function LinkView(props: {
  environment: Environment;
  mayWrite: boolean;
  action: string;
  csrf: string;
  values: LinkFormValues;
  providers: LinkProviderOption[];
  lifetimeDays: number;
  error?: string;
  created?: { link: CreatedShortLink; replayed: boolean; deleteAction: string };
  deleted?: boolean;
}) {
  return (
    <>
      <p>
        A short link opens the hosted consent flow with the presets chosen here, for an e-mail or a chat message where
        no page of yours embeds the flow. It makes a connection in the <strong>{props.environment}</strong> environment
        of this application, and works until it expires or is deleted.
      </p>
      {props.deleted ? <p role="status">The short link was deleted: it no longer opens the flow.</p> : null}
      {props.created ? <CreatedLink {...props.created} csrf={props.csrf} /> : null}
      {props.mayWrite ? (
        <>
          <h2>Create a short link</h2>
          <ShortLinkForm
            action={props.action}
            csrf={props.csrf}
            values={props.values}
            providers={props.providers}
            lifetimeDays={props.lifetimeDays}
            error={props.error}
          />
        </>
      ) : (
        <p class="muted">Creating and deleting short links needs the admin role in this application.</p>
      )}
    </>
  );
}
