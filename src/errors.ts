/**
 * Errors that services shared by HTTP, queue, cron and Durable Object code throw. They name
 * what went wrong in domain terms; the HTTP layer maps them to API errors in one place
 * (api/handle-error.ts), and background code decides retries from the same kinds.
 */
export type DomainErrorKind =
  | "invalid_input"
  | "not_found"
  | "forbidden"
  | "conflict"
  | "invalid_sync_state"
  | "connection_deleted"
  | "connection_disconnected"
  | "invalid_credentials"
  | "provider_error"
  | "provider_timeout";

/** One problem with an input, located by an API path such as `{requestBody}.provider`. */
export type InputProblem = { message: string; path: string; suggestion?: string; context?: Record<string, unknown> };

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** For invalid_input: every problem found. */
    readonly problems: InputProblem[] = [],
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** An invalid_input error for one problem. */
export function invalidInput(message: string, path: string, suggestion?: string): DomainError {
  return new DomainError("invalid_input", message, [{ message, path, ...(suggestion ? { suggestion } : {}) }]);
}
