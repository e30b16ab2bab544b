import { APPLICATION_SECURITY, CONNECTION_SECURITY } from "../../http/scopes";
import { requireConnection, requireRememberedConnection } from "../../middleware/connection-token";
import { enforceRateLimits } from "../../middleware/rate-limit";

export { APPLICATION_ERRORS, CONNECTION_ERRORS } from "../../http/scopes";

/**
 * Application-scoped routes: the secret key alone, or a member's personal access token (checked for every /tsp/v1 route by the
 * api-key middleware). Spread into createRoute so the document states what the code enforces.
 */
export const applicationScope = {
  security: APPLICATION_SECURITY,
  middleware: [enforceRateLimits],
};

/**
 * Connection-scoped routes: the secret key plus the `Connection-Token` header, enforced by the same spread
 * (the synced data families' routes get the middleware when the API mounts them, api/index.ts).
 * The limits are checked once the connection is known, so its own limit applies with the application's.
 */
export const connectionScope = {
  security: CONNECTION_SECURITY,
  middleware: [requireConnection, enforceRateLimits],
};

/**
 * Connection-scoped writes conditional on the connection being unchanged since it was read
 * (PATCH /connections/current, domain/connections/update.ts): the connection may come from the
 * isolate's memory, and a change made since then makes the write read it afresh and try again.
 */
export const unchangedConnectionScope = {
  security: CONNECTION_SECURITY,
  middleware: [requireRememberedConnection, enforceRateLimits],
};

/**
 * Connection-scoped writes that the connection's sync object checks for itself (POST /syncs,
 * cancel, retry): the connection may come from the isolate's memory (connection-token.ts).
 */
export const syncObjectScope = {
  security: CONNECTION_SECURITY,
  middleware: [requireRememberedConnection, enforceRateLimits],
};
