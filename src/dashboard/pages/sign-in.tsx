/** The sign-in form: a member's personal access token (password field), and the error of a refused one. */
export function SignInForm(props: { error?: string }) {
  return (
    <div class="card">
      <p class="muted">
        Sign in with a personal access token (<code>mpt_…</code>). The operator API creates members and their tokens;
        `npm start` prints one for the local development application.
      </p>
      {props.error ? (
        <p class="error" role="alert">
          {props.error}
        </p>
      ) : null}
      <form method="post" action="/dashboard/sign-in">
        <div class="field">
          <label for="token">Personal access token</label>
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
    </div>
  );
}
