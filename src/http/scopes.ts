import type { ErrorCode } from "./errors";

/**
 * What an application-scoped route requires, as the OpenAPI document states it: the secret key
 * alone, or a member's personal access token. The API enforces it (api/routes/scopes.ts).
 */
export const APPLICATION_SECURITY = [{ bearerAuth: [] }];

/** What a connection-scoped route requires: the secret key plus the `Connection-Token` header. */
export const CONNECTION_SECURITY = [{ bearerAuth: [], connectionToken: [] }];

export const APPLICATION_ERRORS = [
  "bad_request",
  "unauthorized",
  // A member token for an application the member is not in, or without the role an action needs.
  "forbidden",
  // The API's request limits (enforceRateLimits, spread with the scope).
  "too_many_requests",
  "internal_server_error",
] as const satisfies ErrorCode[];
export const CONNECTION_ERRORS = [...APPLICATION_ERRORS, "connection_deleted"] as const satisfies ErrorCode[];
