import type { Context } from "hono";
import type { ConnectionRow } from "../db/schema";
import { findConnectionByTokenHash } from "../domain/connections/find-by-token";
import type { AppEnv } from "../env";
import { badRequest } from "../http/errors";
import { hashSecret } from "../lib/crypto";
import { isConnectionToken, requireConnectionOf } from "../middleware/connection-token";

/**
 * The connection an MCP request's `Connection-Token` header pins, checked as the API checks it
 * (well-formed, of the caller's application and environment, not deleted); none without the header.
 */
export async function pinnedConnection(c: Context<AppEnv>): Promise<ConnectionRow | undefined> {
  const token = c.req.header("connection-token");
  if (token === undefined) return undefined;
  if (!isConnectionToken(token)) {
    throw badRequest(
      "The Connection-Token header is not a connection token.",
      "{requestHeaders}.connection-token",
      "Connection tokens look like `con_tkn_…`; leave the header out to name connections by id.",
    );
  }
  const connection = await findConnectionByTokenHash(c.var.db, await hashSecret(token));
  requireConnectionOf(c.var.principal, connection);
  return connection;
}
