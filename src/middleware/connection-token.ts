import { createMiddleware } from "hono/factory";
import { connectionDatabase } from "../db/databases";
import { findConnectionByToken } from "../domain/connections/find-by-token";
import type { AppEnv } from "../env";
import { ApiError, badRequest } from "../http/errors";

export const CONNECTION_TOKEN_PATTERN = /^con_tkn_\S+$/;

/**
 * Selects the connection of the `Connection-Token` header for connection-scoped routes. A
 * token of another application or environment, or no connection at all, is forbidden; a
 * deleted connection is gone (410).
 */
export const requireConnection = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.principal.kind === "member") {
    throw new ApiError(
      "unauthorized",
      "Personal tokens work on application endpoints only; connection-scoped endpoints need a secret key.",
    );
  }
  const token = c.req.header("connection-token");
  if (!token) {
    throw badRequest(
      "Missing Connection-Token header.",
      "{requestHeaders}.connection-token",
      "Send the connection's token as `Connection-Token: con_tkn_…`.",
    );
  }
  if (!CONNECTION_TOKEN_PATTERN.test(token) || token.length > 200) {
    throw badRequest(
      "The Connection-Token header is not a connection token.",
      "{requestHeaders}.connection-token",
      "Connection tokens look like `con_tkn_…`.",
      { pattern: CONNECTION_TOKEN_PATTERN.source },
    );
  }
  const connection = await findConnectionByToken(c.var.db, token);
  if (
    !connection ||
    connection.applicationId !== c.var.principal.applicationId ||
    connection.environment !== c.var.principal.environment
  ) {
    throw new ApiError("forbidden", "The connection token does not match a connection of this application.");
  }
  if (connection.status === "deleted" || connection.status === "deleting") {
    throw new ApiError("connection_deleted", "The connection has been deleted.");
  }
  c.set("connection", connection);
  c.set("data", connectionDatabase(c.env, connection));
  await next();
});
