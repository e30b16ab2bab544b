import type { Context } from "hono";
import type { ConnectionRow } from "../db/schema";
import { findConnectionByTokenHash } from "../domain/connections/find-by-token";
import type { AppEnv } from "../env";
import { ApiError, badRequest } from "../http/errors";
import { hashSecret } from "../lib/crypto";
import { CONNECTION_TOKEN_PATTERN } from "../middleware/connection-token";

/**
 * The connection an MCP request's `Connection-Token` header pins, checked as the API checks it
 * (well-formed, of the caller's application and environment, not deleted); none without the header.
 */
export async function pinnedConnection(c: Context<AppEnv>): Promise<ConnectionRow | undefined> {
  const token = c.req.header("connection-token");
  if (token === undefined) return undefined;
  if (!CONNECTION_TOKEN_PATTERN.test(token) || token.length > 200) {
    throw badRequest(
      "The Connection-Token header is not a connection token.",
      "{requestHeaders}.connection-token",
      "Connection tokens look like `con_tkn_…`; leave the header out to name connections by id.",
    );
  }
  const connection = await findConnectionByTokenHash(c.var.db, await hashSecret(token));
  const { principal } = c.var;
  if (
    !connection ||
    connection.applicationId !== principal.applicationId ||
    connection.environment !== principal.environment
  ) {
    throw new ApiError("forbidden", "The connection token does not match a connection of this application.");
  }
  if (connection.status === "deleted" || connection.status === "deleting") {
    throw new ApiError("connection_deleted", "The connection has been deleted.");
  }
  return connection;
}
