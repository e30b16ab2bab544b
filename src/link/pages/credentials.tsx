import type { CredentialField, ProviderAdapter } from "../../providers/types";
import { BackToPicker } from "./back-to-picker";

export type CredentialsProps = {
  provider: ProviderAdapter;
  submitAction: string;
  backAction?: string;
  /** Why the last attempt failed (never containing what was typed). */
  error?: { message: string; fields: Record<string, string> };
  reconnect: boolean;
};

/**
 * Step 3: the provider's credential form, generated from its credential fields. Nothing typed
 * is ever rendered back: after a failed attempt the form starts empty.
 */
export function CredentialsStep(props: CredentialsProps) {
  const { provider, error } = props;
  return (
    <>
      <div class="provider-title">
        <img src={provider.icon} alt="" />
        <p>
          {props.reconnect ? "Sign in again to reconnect your " : "Sign in to connect your "}
          <strong>{provider.name}</strong> account.
        </p>
      </div>
      {error ? (
        <div class="alert" role="alert" id="form-error">
          {error.message}
        </div>
      ) : null}
      <form method="post" action={props.submitAction} data-busy="Verifying…" novalidate={false}>
        {provider.credentialFields.map((field) => (
          <CredentialInput field={field} error={error?.fields[field.name]} />
        ))}
        <button class="primary" type="submit">
          Connect
        </button>
      </form>
      <BackToPicker action={props.backAction} />
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
