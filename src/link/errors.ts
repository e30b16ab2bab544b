import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DomainError, type InputProblem } from "../errors";
import { ProviderError } from "../providers/errors";

/** A failure as the flow shows it: an HTTP status, a title and a message an end user can act on. */
export type FlowError = { status: ContentfulStatusCode; title: string; message: string; problems?: InputProblem[] };

export function flowError(status: ContentfulStatusCode, title: string, message: string, problems?: InputProblem[]) {
  return new FlowErrorSignal({ status, title, message, ...(problems ? { problems } : {}) });
}

/** Thrown by the flow's handlers to end with an error page. */
export class FlowErrorSignal extends Error {
  constructor(readonly page: FlowError) {
    super(page.message);
    this.name = "FlowErrorSignal";
  }
}

const DOMAIN_PAGES: Record<DomainError["kind"], { status: ContentfulStatusCode; title: string }> = {
  invalid_input: { status: 400, title: "Something is not right" },
  not_found: { status: 404, title: "Link not found" },
  forbidden: { status: 403, title: "Not allowed" },
  conflict: { status: 409, title: "Already in progress" },
  invalid_sync_state: { status: 422, title: "Not possible now" },
  connection_deleted: { status: 410, title: "Connection deleted" },
  connection_disconnected: { status: 422, title: "Cannot reconnect" },
  invalid_credentials: { status: 422, title: "Sign-in failed" },
  provider_error: { status: 502, title: "Provider unavailable" },
  provider_timeout: { status: 504, title: "Provider unavailable" },
};

/** The page of a known failure; undefined for an unexpected one (a generic 500 page, logged). */
export function toFlowError(error: unknown, providerName = "The provider"): FlowError | undefined {
  if (error instanceof FlowErrorSignal) return error.page;
  if (error instanceof DomainError) {
    return { ...DOMAIN_PAGES[error.kind], message: error.message, problems: error.problems };
  }
  if (error instanceof ProviderError) {
    switch (error.kind) {
      case "unauthorized":
        return { status: 422, title: "Sign-in failed", message: `${providerName} did not accept these credentials.` };
      case "rate_limited":
        return {
          status: 429,
          title: "Too many attempts",
          message: `${providerName} asks to wait a moment; try again.`,
        };
      case "timeout":
        return {
          status: 504,
          title: "Provider unavailable",
          message: `${providerName} did not answer in time; try again.`,
        };
      default:
        return {
          status: 502,
          title: "Provider unavailable",
          message: `${providerName} is not answering properly right now; try again in a minute.`,
        };
    }
  }
  return undefined;
}
