import type { UnsupportedProviderField } from "../../domain/link/unsupported-provider";

export type UnsupportedProviderFormProps = {
  submitAction: string;
  /** The picker (the session's page). */
  backHref: string;
  /** What was typed, shown again after a refusal (nothing here is secret). */
  values?: Partial<Record<UnsupportedProviderField, string>>;
  errors?: Partial<Record<UnsupportedProviderField, string>>;
};

type FieldProps = {
  name: UnsupportedProviderField;
  label: string;
  hint?: string;
  type: "text" | "email";
  required: boolean;
  autocomplete: string;
  inputmode?: "numeric";
  value: string | undefined;
  error: string | undefined;
};

/** The way out of the picker for a user whose provider is not listed: who it is and how to reach them. */
export function UnsupportedProviderForm(props: UnsupportedProviderFormProps) {
  const values = props.values ?? {};
  const errors = props.errors ?? {};
  const failed = Object.keys(errors).length > 0;
  return (
    <>
      <p class="muted">
        Tell us which provider your fleet uses and how to reach you; the application you are connecting to will be told,
        so that it can follow up.
      </p>
      {failed ? (
        <div class="alert" role="alert" id="form-error">
          Check the fields marked below.
        </div>
      ) : null}
      <form method="post" action={props.submitAction} data-busy="Sending…">
        <Field
          name="providerName"
          label="Provider name"
          type="text"
          required={true}
          autocomplete="off"
          value={values.providerName}
          error={errors.providerName}
        />
        <Field
          name="email"
          label="Contact email"
          hint="Where you can be reached about this provider."
          type="email"
          required={true}
          autocomplete="email"
          value={values.email}
          error={errors.email}
        />
        <Field
          name="dotNumber"
          label="DOT number (optional)"
          hint="Your company's USDOT number, digits only."
          type="text"
          required={false}
          autocomplete="off"
          inputmode="numeric"
          value={values.dotNumber}
          error={errors.dotNumber}
        />
        <button class="primary" type="submit">
          Send request
        </button>
      </form>
      <a class="secondary" href={props.backHref}>
        Back to the provider list
      </a>
    </>
  );
}

/** After a request was sent. */
export function UnsupportedProviderThanks(props: { backHref: string }) {
  return (
    <>
      <div class="success" role="status">
        Thank you: your request has been sent.
      </div>
      <p class="muted">You can close this window, or go back and choose a listed provider.</p>
      <a class="secondary" href={props.backHref}>
        Back to the provider list
      </a>
    </>
  );
}

function Field(props: FieldProps) {
  const id = `field-${props.name}`;
  const described = [props.hint ? `${id}-hint` : "", props.error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      {props.hint ? (
        <span class="hint" id={`${id}-hint`}>
          {props.hint}
        </span>
      ) : null}
      <input
        id={id}
        name={props.name}
        type={props.type}
        required={props.required}
        autocomplete={props.autocomplete}
        {...(props.inputmode ? { inputmode: props.inputmode } : {})}
        value={props.value ?? ""}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={described || undefined}
      />
      {props.error ? (
        <p class="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
