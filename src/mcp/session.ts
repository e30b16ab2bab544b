import type { ApiCaller } from "../api/in-process-call";
import type { Database } from "../db/client";
import type { ConnectionRow } from "../db/schema";
import type { Principal } from "../domain/api-keys/authenticate";
import { getConnectionById } from "../domain/connections/get-by-id";
import { ApiError } from "../http/errors";

/** One MCP request's caller: who they are, the connection their Connection-Token pins (if any), and how to reach the API. */
export type McpSession = {
  principal: Principal;
  /** The control database, where connections are looked up. */
  db: Database;
  caller: ApiCaller;
  pinned?: ConnectionRow;
};

/** Whether the caller may use the tools that change something: a secret key, or an admin member. */
export function canWrite(principal: Principal): boolean {
  return principal.kind === "member" ? principal.role === "admin" : principal.kind === "secret";
}

/**
 * The connection a tool reads: the one the Connection-Token pins, or the `connectionId` argument,
 * which must name a connection of the caller's application in its environment (another
 * application's is not found, as the REST API answers it). Deleted connections are checked by the
 * route itself.
 */
export async function connectionFor(session: McpSession, connectionId: string | undefined): Promise<ConnectionRow> {
  if (session.pinned) {
    if (connectionId !== undefined && connectionId !== session.pinned.id) {
      throw new ApiError(
        "forbidden",
        `This session's Connection-Token pins connection ${session.pinned.id}; it cannot read ${connectionId}.`,
      );
    }
    return session.pinned;
  }
  if (connectionId === undefined) {
    throw new ApiError(
      "bad_request",
      "Pass `connectionId` (list_connections gives them), or send a Connection-Token header.",
      {
        detail: [
          { message: "connectionId is required.", path: "connectionId", suggestion: "Call list_connections first." },
        ],
      },
    );
  }
  const connection = await getConnectionById(session.db, session.principal, connectionId);
  if (!connection)
    throw new ApiError("not_found", `No connection ${connectionId} in this application and environment.`);
  return connection;
}
