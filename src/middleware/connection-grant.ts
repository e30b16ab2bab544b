import type { ConnectionRow } from "../db/schema";

/**
 * Connections the MCP server resolved for the API requests it makes in process (api/in-process-call.ts): a
 * tool names its connection by id, which the MCP layer checks belongs to the caller's application
 * and environment, and the connection-scoped route then takes it instead of a Connection-Token
 * (connection-token.ts). Keyed by the Request object itself, which only code in this
 * isolate holds: nothing a client sends can put a request here.
 */
const grants = new WeakMap<Request, ConnectionRow>();

export function grantConnection(request: Request, connection: ConnectionRow): void {
  grants.set(request, connection);
}

export function grantedConnection(request: Request): ConnectionRow | undefined {
  return grants.get(request);
}
