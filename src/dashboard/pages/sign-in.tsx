/** What each sign-in form asks for: a member's personal access token, or the operator's admin token. */
const FORMS = {
  member: {
    action: "/dashboard/sign-in",
    label: "Personal access token",
    hint: "Sign in with a personal access token (mpt_…). The operator API creates members and their tokens; `npm start` prints one for the local development application.",
    other: { href: "/dashboard/operator/sign-in", text: "Operator? Sign in with the admin token" },
  },
  operator: {
    action: "/dashboard/operator/sign-in",
    label: "Admin token",
    hint: "The operator signs in with the deployment's ADMIN_TOKEN secret, to manage applications, members, keys and shards.",
    other: { href: "/dashboard/sign-in", text: "A member? Sign in with a personal access token" },
  },
} as const;

/** A sign-in form (the token in a password field) with the error of a refused token, and a link to the other form. */
export function SignInForm(props: { error?: string; operator?: boolean }) {
  const form = FORMS[props.operator ? "operator" : "member"];
  return (
    <div class="card">
      <p class="muted">{form.hint}</p>
      {props.error ? (
        <p class="error" role="alert">
          {props.error}
        </p>
      ) : null}
      <form method="post" action={form.action}>
        <div class="field">
          <label for="token">{form.label}</label>
          <input
            id="token"
            name="token"
            type="password"
            autocomplete="current-password"
            required
            aria-invalid={props.error ? "true" : undefined}
          />
        </div>
        <button class="primary" type="submit">
          Sign in
        </button>
      </form>
      <p class="muted">
        <a href={form.other.href}>{form.other.text}</a>
      </p>
    </div>
  );
}
