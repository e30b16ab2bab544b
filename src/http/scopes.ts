import type { ErrorCode } from "./errors";
import { requireConnection } from "./middleware/connection-token";
import { enforceRateLimits } from "./middleware/rate-limit";

/**
 * Application-scoped routes: the secret key alone, or a member's personal access token (checked for every /tsp/v1 route by the
 * api-key middleware). Spread into createRoute so the document states what the code enforces.
 */
export const applicationScope = {
  security: [{ bearerAuth: [] }],
  middleware: [enforceRateLimits],
};

/**
 * Connection-scoped routes: the secret key plus the `Connection-Token` header, enforced by the same spread.
 * The limits are checked once the connection is known, so its own limit applies with the application's.
 */
export const connectionScope = {
  security: [{ bearerAuth: [], connectionToken: [] }],
  middleware: [requireConnection, enforceRateLimits],
};

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
