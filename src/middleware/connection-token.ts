import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { authCacheMs } from "../config";
import { connectionDatabase } from "../db/databases";
import type { ConnectionRow } from "../db/schema";
import { findConnectionByTokenHash } from "../domain/connections/find-by-token";
import { rememberConnection, rememberedConnection } from "../domain/connections/token-cache";
import type { AppEnv } from "../env";
import { ApiError, badRequest } from "../http/errors";
import { hashSecret } from "../lib/crypto";
import { grantedConnection } from "./connection-grant";

export const CONNECTION_TOKEN_PATTERN = /^con_tkn_\S+$/;

/** Reads answer from the connections this isolate remembers; writes read the connection afresh. */
const isRead = (c: Context<AppEnv>) => c.req.method === "GET" || c.req.method === "HEAD";

/** Whether the connection may come from this isolate's memory: reads, and routes that asked for it (requireRememberedConnection). */
const mayRemember = (c: Context<AppEnv>) => isRead(c) || c.get("connectionFromMemory") === true;

export const isConnectionToken = (token: string) => CONNECTION_TOKEN_PATTERN.test(token) && token.length <= 200;

/** The hash of the Connection-Token header (well-formed), computed once per request. */
async function tokenHashOf(c: Context<AppEnv>, token: string): Promise<string> {
  let hash = c.get("connectionTokenHash");
  if (hash === undefined) {
    hash = await hashSecret(token);
    c.set("connectionTokenHash", hash);
  }
  return hash;
}

/**
 * The hash of the request's Connection-Token when this isolate does not remember its connection,
 * for the key check to read it in the same round trip (bearer.ts). (A write whose token is
 * remembered reads its connection afresh in requireConnection.)
 */
export async function connectionTokenHashToRead(c: Context<AppEnv>): Promise<string | undefined> {
  const token = c.req.header("connection-token");
  if (!token || !isConnectionToken(token)) return undefined;
  const hash = await tokenHashOf(c, token);
  return rememberedConnection(hash) ? undefined : hash;
}

/**
 * Selects the connection of the `Connection-Token` header for connection-scoped routes. A
 * token of another application or environment, or no connection at all, is forbidden; a
 * deleted connection is gone (410). Reads take the connection this isolate remembers for the
 * token (token-cache.ts), so a steady stream of reads costs one trip each (its page); writes
 * take it as it is now.
 */
export const requireConnection = createMiddleware<AppEnv>(async (c, next) => {
  const granted = grantedConnection(c.req.raw);
  if (granted) {
    useConnection(c, granted);
    await next();
    return;
  }
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
  if (!isConnectionToken(token)) {
    throw badRequest(
      "The Connection-Token header is not a connection token.",
      "{requestHeaders}.connection-token",
      "Connection tokens look like `con_tkn_…`.",
      { pattern: CONNECTION_TOKEN_PATTERN.source },
    );
  }
  const connection = await connectionOf(c, await tokenHashOf(c, token));
  useConnection(c, connection);
  await next();
});

/**
 * Refuses a connection that is not the principal's application's and environment's (forbidden,
 * as a token of another application is), or that is deleted (410). Shared by the API's
 * Connection-Token and the MCP server's pinned connection.
 */
export function requireConnectionOf(
  principal: { applicationId: string; environment: string },
  connection: ConnectionRow | undefined,
): asserts connection is ConnectionRow {
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
}

/**
 * The request's connection, once it is known to be the principal's application's and
 * environment's, and not deleted. A member's request reaches here only through the MCP server
 * (middleware/connection-grant.ts), where a viewer reads and never writes.
 */
function useConnection(c: Context<AppEnv>, connection: ConnectionRow | undefined): void {
  requireConnectionOf(c.var.principal, connection);
  if (c.var.principal.kind === "member" && c.var.principal.role !== "admin" && !isRead(c)) {
    throw new ApiError("forbidden", "This action needs the admin role.");
  }
  c.set("connection", connection);
  c.set("data", connectionDatabase(c.env, connection));
}

/**
 * The token's connection: read with the key, remembered (reads), or read now. What was read is
 * remembered for the next reads; what was remembered is not remembered anew, so a remembered
 * connection is never older than the bound.
 */
async function connectionOf(c: Context<AppEnv>, tokenHash: string): Promise<ConnectionRow | undefined> {
  const prefetched = c.get("prefetchedConnection");
  if (prefetched?.tokenHash !== tokenHash && mayRemember(c)) {
    const remembered = rememberedConnection(tokenHash);
    if (remembered) return remembered;
  }
  const connection =
    prefetched?.tokenHash === tokenHash
      ? (prefetched.connection ?? undefined)
      : await findConnectionByTokenHash(c.var.db, tokenHash);
  if (connection) rememberConnection(tokenHash, connection, authCacheMs(c.env));
  return connection;
}

/**
 * requireConnection for writes that the connection's sync object decides on its own, from its
 * own state (POST /syncs, cancel, retry): the connection may come from this isolate's memory,
 * as for reads, since what the write changes is checked where it is made.
 */
export const requireRememberedConnection = createMiddleware<AppEnv>(async (c, next) => {
  c.set("connectionFromMemory", true);
  await requireConnection(c, next);
});
