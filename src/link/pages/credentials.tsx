import type { CredentialField, ProviderAdapter } from "../../providers/types";
import { BackToPicker } from "./back-to-picker";

export type CredentialsProps = {
  provider: ProviderAdapter;
  submitAction: string;
  backAction?: string;
  /** Why the last attempt failed (never containing what was typed). */
  error?: { message: string; fields: Record<string, string> };
  reconnect: boolean;
  /**
   * The provider's OAuth consent, when the flow offers it: shown first, with a link to the
   * credential form (`credentialsHref`) for customers who would rather type an API token.
   */
  oauth?: OAuthChoice;
};

export type OAuthChoice = {
  /** Where the consent form posts (it answers with a redirect to the provider's page). */
  action: string;
  /** The session's page, where the embedded flow goes when the consent popup reports success. */
  sessionPath: string;
  /** Form fields asked before consent (Samsara's region). */
  fields: readonly CredentialField[];
  /** The same step with the credential form instead; absent when the form is the one shown. */
  credentialsHref?: string;
  /** The same step with the consent instead, shown under the credential form. */
  consentHref?: string;
};

/**
 * Step 3: the provider's credential form, generated from its credential fields. Nothing typed
 * is ever rendered back: after a failed attempt the form starts empty.
 */
export function CredentialsStep(props: CredentialsProps) {
  const { provider, error, oauth } = props;
  if (oauth?.credentialsHref) return <ConsentStep {...props} oauth={oauth} />;
  return (
    <>
      <SignInIntro {...props} />
      <form method="post" action={props.submitAction} data-busy="Verifying…" novalidate={false}>
        {provider.credentialFields.map((field) => (
          <CredentialInput field={field} error={error?.fields[field.name]} />
        ))}
        <button class="primary" type="submit">
          Connect
        </button>
      </form>
      {oauth?.consentHref ? (
        <p>
          <a href={oauth.consentHref}>Sign in with {provider.name} instead</a>
        </p>
      ) : null}
      <BackToPicker action={props.backAction} />
    </>
  );
}

/**
 * The provider's OAuth consent: the customer signs in on the provider's own page and grants read
 * access, and no credential is typed here. Embedded, the page opens in a popup (client-script.ts).
 */
function ConsentStep(props: CredentialsProps & { oauth: OAuthChoice }) {
  const { provider, error, oauth } = props;
  return (
    <>
      <SignInIntro {...props}>
        {` You will sign in on ${provider.name}'s own page and allow read access to your fleet's data.`}
      </SignInIntro>
      <form method="post" action={oauth.action} data-oauth={oauth.sessionPath}>
        {oauth.fields.map((field) => (
          <CredentialInput field={field} error={error?.fields[field.name]} />
        ))}
        <button class="primary" type="submit">
          Continue to {provider.name}
        </button>
      </form>
      <p>
        <a href={oauth.credentialsHref}>Use an API token instead</a>
      </p>
      <BackToPicker action={props.backAction} />
    </>
  );
}

/** The step's heading line (the provider, and whether it connects or reconnects), and what went wrong last. */
function SignInIntro(props: CredentialsProps & { children?: string }) {
  const { provider, error } = props;
  return (
    <>
      <div class="provider-title">
        <img src={provider.icon} alt="" />
        <p>
          {props.reconnect ? "Sign in again to reconnect your " : "Sign in to connect your "}
          <strong>{provider.name}</strong> account.{props.children ?? ""}
        </p>
      </div>
      {error ? (
        <div class="alert" role="alert" id="form-error">
          {error.message}
        </div>
      ) : null}
    </>
  );
}

function CredentialInput({ field, error }: { field: CredentialField; error: string | undefined }) {
  const id = `field-${field.name}`;
  const described = [field.description ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const common = {
    id,
    name: field.name,
    required: field.required,
    "aria-invalid": error ? "true" : undefined,
    "aria-describedby": described || undefined,
  };
  return (
    <div class="field">
      <label for={id}>{field.label}</label>
      {field.description ? (
        <span class="hint" id={`${id}-hint`}>
          <InlineCode text={field.description} />
        </span>
      ) : null}
      {field.type === "select" ? (
        <select {...common}>
          {(field.options ?? []).map((option) => (
            <option value={option.value}>{option.label}</option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.type === "password" ? "password" : "text"}
          autocomplete={field.type === "password" ? "current-password" : "off"}
          autocapitalize="off"
          spellcheck={false}
        />
      )}
      {error ? (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Provider descriptions mark values with backticks (as in the API reference); shown as code. */
function InlineCode({ text }: { text: string }) {
  return <>{text.split("`").map((part, index) => (index % 2 === 1 ? <code>{part}</code> : part))}</>;
}
