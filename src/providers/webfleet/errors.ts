import { ProviderError } from "../errors";

/**
 * WEBFLEET.connect answers errors with HTTP 200: an `X-Webfleet-Errorcode` / `X-Webfleet-Errormessage`
 * header pair and, with `outputformat=json`, a `{ errorCode, errorMsg }` body (providers-more.md 2.2).
 * The codes below are the ones the reference names; the rest are the server's state (retried).
 */

/** Credentials refused (account, user name or password) [UNVERIFIED code, one client's tests]. */
export const INVALID_CREDENTIALS = 1001;
/** Action not allowed for this user or API key [OBS]. */
export const ACTION_NOT_ALLOWED = 8;
/** The action's request quota is used up [UNVERIFIED code]. */
export const QUOTA_REACHED = 8011;
/** Another request of the same user is still being processed (session locking) [SDK retry list]. */
export const USER_BUSY = 8015;
/** Resource busy: retry after 30 s [SDK]. */
export const RESOURCE_BUSY = 10000;
/** "…empty…": the report has no rows (one integrator reads it as an empty result) [OBS]. */
export const NO_DATA = 63;

/** Seconds the official SDK waits before retrying a busy answer: 30 for 10000, 10 for the others. */
const BUSY_RETRY_SECONDS: Readonly<Record<number, number>> = { [USER_BUSY]: 10, [RESOURCE_BUSY]: 30 };

/** A WEBFLEET.connect error answer of an action. */
export class WebfleetError extends ProviderError {
  constructor(
    kind: ProviderError["kind"],
    readonly code: number,
    message: string,
    retryAfterSeconds?: number,
  ) {
    super(kind, message, retryAfterSeconds);
    this.name = "WebfleetError";
  }
}

/**
 * The ProviderError an error code means: throttling (quota, busy user, busy resource) is
 * `rate_limited` (a quota's wait is one period of the action's pace, `quotaRetrySeconds`),
 * refused credentials or a refused action `unauthorized`, anything else `unavailable`.
 */
export function webfleetFailure(action: string, code: number, text: string, quotaRetrySeconds: number): WebfleetError {
  const message = `Webfleet: ${action} failed with error ${code}${text ? `: ${text.slice(0, 200)}` : ""}`;
  if (code === QUOTA_REACHED) return new WebfleetError("rate_limited", code, message, quotaRetrySeconds);
  const busy = BUSY_RETRY_SECONDS[code];
  if (busy !== undefined) return new WebfleetError("rate_limited", code, message, busy);
  if (code === INVALID_CREDENTIALS || code === ACTION_NOT_ALLOWED)
    return new WebfleetError("unauthorized", code, message);
  return new WebfleetError("unavailable", code, message);
}
