import { z } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one table of error codes and their HTTP statuses (wire-compat.md). What is thrown and
 * what the OpenAPI document says are both generated from it, so they cannot drift apart.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  connection_deleted: 410,
  connection_disconnected: 422,
  invalid_credentials: 422,
  provider_provisioning_pending: 422,
  invalid_sync_state: 422,
  too_many_requests: 429,
  internal_server_error: 500,
  not_implemented: 501,
  bad_gateway: 502,
  gateway_timeout: 504,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** One problem in a bad_request: where it is, what is wrong, how to fix it. */
export type ErrorDetail = {
  message: string;
  path: string;
  suggestion?: string;
  context?: Record<string, unknown>;
};

const DESCRIPTIONS: Record<ErrorCode, string> = {
  bad_request:
    "The body, path, query or headers failed validation. `detail` lists the problems (the first 50; the message counts them all).",
  unauthorized: "The API key is missing, unknown, revoked, of the other environment, or not allowed here.",
  forbidden:
    "The connection token does not match the requested resource, or the member is not in the application or lacks the role.",
  not_found: "No resource with that id within the caller's scope.",
  conflict: "The request conflicts with the current state of the resource.",
  connection_deleted: "The connection has been deleted.",
  connection_disconnected: "The action needs a connection in status `connected`.",
  invalid_credentials: "The provider rejected the credentials.",
  provider_provisioning_pending: "Provider credentials are still being provisioned.",
  invalid_sync_state:
    "The sync job is not in a state the action applies to: only a running job can be cancelled, only a failed one retried.",
  too_many_requests: "Rate limit exceeded; retry after `retryAfter` seconds.",
  internal_server_error: "Server fault. The message is generic; quote the X-Request-Id header when reporting it.",
  not_implemented: "The provider does not support this operation.",
  bad_gateway: "The provider answered with an error.",
  gateway_timeout: "The provider did not answer in time.",
};

export const ErrorDetailSchema = z
  .object({
    message: z.string().openapi({ example: "Invalid input: expected string, received number" }),
    path: z.string().openapi({ example: "{requestBody}.provider" }),
    suggestion: z.string().optional().openapi({ example: "Send a string." }),
    context: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ example: { code: "invalid_type" } }),
  })
  .openapi("ErrorDetail");

export const ErrorSchema = z
  .object({
    code: z.enum(ERROR_CODES).openapi({ description: "Machine-readable error code.", example: "bad_request" }),
    message: z.string().openapi({ description: "Human-readable explanation.", example: "Request validation failed." }),
    detail: z
      .union([z.string(), z.array(ErrorDetailSchema)])
      .optional()
      .openapi({
        description: "For `bad_request`, the problems found (at most 50); for `connection_disconnected`, an array.",
      }),
    retryAfter: z
      .number()
      .int()
      .optional()
      .openapi({ description: "Seconds to wait before retrying (with `too_many_requests`)." }),
  })
  .openapi("Error");
export type ErrorBody = z.infer<typeof ErrorSchema>;

/** The one error type of the HTTP layer. Domain code throws DomainError; mapDomainError turns it into this. */
export class ApiError extends HTTPException {
  readonly code: ErrorCode;
  readonly detail?: string | ErrorDetail[];
  readonly retryAfter?: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: { detail?: string | ErrorDetail[]; retryAfter?: number } = {},
  ) {
    super(ERROR_STATUS[code], { message });
    this.code = code;
    this.detail = options.detail;
    this.retryAfter = options.retryAfter;
  }

  toBody(): ErrorBody {
    // gateway_timeout carries only code and message (contract section 7).
    if (this.code === "gateway_timeout") return { code: this.code, message: this.message };
    return {
      code: this.code,
      message: this.message,
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      ...(this.retryAfter === undefined ? {} : { retryAfter: this.retryAfter }),
    };
  }
}

/** A bad_request for one problem at one place. */
export function badRequest(message: string, path: string, suggestion?: string, context?: Record<string, unknown>) {
  return new ApiError("bad_request", message, {
    detail: [{ message, path, ...(suggestion ? { suggestion } : {}), ...(context ? { context } : {}) }],
  });
}

/** The header that travels with every `retryAfter` (handle-error.ts sets it from the same value). */
const RETRY_AFTER_HEADER = {
  "Retry-After": {
    schema: { type: "integer" as const, minimum: 1 },
    description: "Seconds to wait before retrying; the same value as `retryAfter` in the body.",
  },
};

/** OpenAPI `responses` entries for the given error codes, grouped by status, generated from ERROR_STATUS. */
export function errorResponses(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes))
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const responses: Record<
    number,
    {
      description: string;
      headers?: typeof RETRY_AFTER_HEADER;
      content: { "application/json": { schema: typeof ErrorSchema; examples: Record<string, { value: ErrorBody }> } };
    }
  > = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: statusCodes.map((code) => `\`${code}\`: ${DESCRIPTIONS[code]}`).join(" "),
      ...(statusCodes.some((code) => code === "too_many_requests") ? { headers: RETRY_AFTER_HEADER } : {}),
      content: {
        "application/json": {
          schema: ErrorSchema,
          examples: Object.fromEntries(statusCodes.map((code) => [code, { value: exampleBody(code) }])),
        },
      },
    };
  }
  return responses;
}

function exampleBody(code: ErrorCode): ErrorBody {
  switch (code) {
    case "bad_request":
      return {
        code,
        message: "Request validation failed: {requestQuery}.limit: Too big: expected number to be <=500.",
        detail: [
          {
            message: "Too big: expected number to be <=500",
            path: "{requestQuery}.limit",
            suggestion: "Use a value of at most 500.",
            context: { code: "too_big", maximum: 500 },
          },
        ],
      };
    case "connection_disconnected":
      return { code, message: DESCRIPTIONS[code], detail: [] };
    case "too_many_requests":
      return { code, message: DESCRIPTIONS[code], retryAfter: 1 };
    default:
      return { code, message: DESCRIPTIONS[code] };
  }
}
