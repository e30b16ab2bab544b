import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ZodError } from "zod";
import type { AppEnv } from "../env";
import { DomainError, type DomainErrorKind } from "../errors";
import { describeIssues } from "../lib/describe-issues";
import { ProviderError } from "../providers/errors";
import { ApiError, badRequest, type ErrorCode } from "./errors";

type ValidationTarget = "json" | "query" | "param" | "header" | "cookie" | "form";

const TARGET_PATHS: Record<ValidationTarget, string> = {
  json: "{requestBody}",
  form: "{requestBody}",
  query: "{requestQuery}",
  param: "{requestPath}",
  header: "{requestHeaders}",
  cookie: "{requestCookies}",
};

/** defaultHook of every OpenAPIHono app: a failed validation becomes a bad_request listing every issue. */
export function handleValidationResult(
  result: { success: true } | { success: false; error: ZodError; target: ValidationTarget },
): void {
  if (result.success) return;
  throw validationError(result.error, result.target);
}

export function validationError(error: ZodError, target: ValidationTarget | string): ApiError {
  const root = target in TARGET_PATHS ? TARGET_PATHS[target as ValidationTarget] : target;
  const detail = describeIssues(error, root);
  const [first] = detail;
  // Counted from every issue: detail lists at most MAX_PROBLEMS of them.
  const count = error.issues.length;
  const more = count > 1 ? ` (and ${count - 1} more problem${count > 2 ? "s" : ""})` : "";
  return new ApiError("bad_request", `Request validation failed: ${first?.path}: ${first?.message}${more}.`, {
    detail,
  });
}

const DOMAIN_CODES: Record<DomainErrorKind, ErrorCode> = {
  invalid_input: "bad_request",
  not_found: "not_found",
  forbidden: "forbidden",
  conflict: "conflict",
  invalid_sync_state: "invalid_sync_state",
  connection_deleted: "connection_deleted",
  connection_disconnected: "connection_disconnected",
  invalid_credentials: "invalid_credentials",
  provider_error: "bad_gateway",
  provider_timeout: "gateway_timeout",
};

/** Maps a domain error to the API error that answers it. */
export function fromDomainError(error: DomainError): ApiError {
  if (error.kind === "invalid_input") return new ApiError("bad_request", error.message, { detail: error.problems });
  if (error.kind === "connection_disconnected")
    return new ApiError("connection_disconnected", error.message, { detail: [] });
  return new ApiError(DOMAIN_CODES[error.kind], error.message);
}

/** Maps a provider failure during a live call (camera media) to the API error that answers it. */
export function fromProviderError(error: ProviderError): ApiError {
  switch (error.kind) {
    case "provisioning_pending":
      return new ApiError("provider_provisioning_pending", error.message);
    case "rate_limited":
      // The contract always gives retryAfter with too_many_requests; a provider that named no delay gets 1 second.
      return new ApiError("too_many_requests", error.message, { retryAfter: Math.ceil(error.retryAfterSeconds ?? 1) });
    case "unavailable":
    case "malformed":
      return new ApiError("bad_gateway", error.message);
    case "timeout":
      return new ApiError("gateway_timeout", error.message);
    case "not_supported":
      return new ApiError("not_implemented", error.message);
    case "unauthorized":
      return new ApiError("connection_disconnected", error.message, { detail: [] });
  }
}

/** onError of the root app: every failure leaves in the contract's error shape; unknown faults say nothing of themselves. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  const apiError = toApiError(error);
  if (apiError.code === "internal_server_error") {
    // The stack goes to the log with the request id; the client only gets the id.
    console.error(
      JSON.stringify({ level: "error", requestId: c.get("requestId"), error: error.name, stack: loggableStack(error) }),
    );
  }
  if (apiError.retryAfter !== undefined) c.header("Retry-After", String(apiError.retryAfter));
  return c.json(apiError.toBody(), apiError.status);
}

/**
 * The stack to log. A SyntaxError's message (JSON.parse of a stored value) quotes the text it
 * failed on, which is customer data: its frames are logged, its message is not.
 */
function loggableStack(error: Error): string | undefined {
  if (!(error instanceof SyntaxError)) return error.stack;
  const frames = (error.stack ?? "").split("\n").filter((line) => line.trimStart().startsWith("at "));
  return [error.name, ...frames].join("\n");
}

function toApiError(error: Error): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  if (error instanceof ProviderError) return fromProviderError(error);
  if (error instanceof HTTPException) {
    if (error.status === 415) {
      return badRequest(
        "The request body must be JSON.",
        "{requestHeaders}.content-type",
        "Send the header `Content-Type: application/json`.",
      );
    }
    if (error.status === 400) {
      return badRequest("The request body is not valid JSON.", "{requestBody}", "Send a well-formed JSON document.");
    }
    if (error.status === 413) {
      return badRequest(error.message, "{requestBody}", "Send a smaller body.");
    }
  }
  return new ApiError(
    "internal_server_error",
    "An internal error occurred. Quote the X-Request-Id header when reporting it.",
  );
}
