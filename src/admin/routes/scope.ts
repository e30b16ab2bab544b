import type { ErrorCode } from "../../http/errors";

/**
 * Every operator route: tagged Admin, authorized by the ADMIN_TOKEN (requireAdminToken, mounted on the
 * whole admin app). Spread into createRoute after `operationId`, so the document states what the code enforces.
 */
export const adminScope = {
  tags: ["Admin"],
  security: [{ adminToken: [] }],
};

/** The errors every operator route can answer; routes add theirs (`not_found`, `conflict`). */
export const ADMIN_ERRORS = ["bad_request", "unauthorized", "internal_server_error"] as const satisfies ErrorCode[];
