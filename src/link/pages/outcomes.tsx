import type { InputProblem } from "../../errors";

/** The end: the script hands the public token to the embedding page (SUCCESS, then CLOSE). */
export function SuccessStep(props: { providerName: string; reconnect: boolean }) {
  return (
    <>
      <div class="success" role="status">
        Your {props.providerName} account is {props.reconnect ? "reconnected" : "connected"}.
      </div>
      <p class="muted">You can close this window.</p>
    </>
  );
}

export function ExitedStep() {
  return <p class="muted">You left without connecting an account. You can close this window.</p>;
}

/** The flow was already finished in this session (a reload after the end). */
export function FinishedStep() {
  return <p class="muted">This connection flow is finished. You can close this window.</p>;
}

export function BusyStep() {
  return (
    <p class="muted" role="status">
      Your credentials are being verified. Reload this page in a moment.
    </p>
  );
}

/** A flow that cannot start or continue: what is wrong, in words an end user or a developer can act on. */
export function ErrorStep(props: { message: string; problems?: InputProblem[] }) {
  return (
    <div class="alert" role="alert">
      {props.message}
      {props.problems?.length ? (
        <ul>
          {props.problems.map((problem) => (
            <li>{problem.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
