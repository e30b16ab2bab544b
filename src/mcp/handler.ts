import { createMcpHandler } from "agents/mcp/server";
import { createMiddleware } from "hono/factory";
import { type AppFetch, credentialsOf } from "../api/in-process-call";
import type { AppEnv } from "../env";
import { baseUrlOf, matchMcpAddress, urlParts } from "../http/environments";
import { requireSecretKey } from "../middleware/api-key";
import { shieldFromFloods } from "../middleware/flood-shield";
import { pinnedConnection } from "./pinned-connection";
import { buildMcpServer } from "./server";

/**
 * The remote MCP server (Streamable HTTP, stateless) at each environment's MCP address (its base
 * address with `/tsp/v1` replaced by `/mcp`): authenticated as the API authenticates (a secret key
 * or a member's token of the environment, behind the same flood shield), optionally pinned to the
 * connection of a `Connection-Token` header; each request builds a server of the tools the
 * caller may use, whose calls go to the REST routes in process (api/in-process-call.ts). Other paths pass on.
 */
export function mcpServer(appFetch: AppFetch) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const base = matchMcpAddress(urlParts(c.req.url), c.env);
    if (!base) return next();
    c.set("environment", base.environment);
    await shieldFromFloods(c, async () => {});
    await requireSecretKey(c, async () => {});
    const pinned = await pinnedConnection(c);
    // Hono types the context as its own minimal interface; workerd gives the Worker's.
    const ctx = c.executionCtx as unknown as ExecutionContext;
    const session = {
      principal: c.var.principal,
      db: c.var.db,
      pinned,
      caller: {
        fetch: async (request: Request) => await appFetch(request, c.env, ctx),
        baseUrl: baseUrlOf(base.environment, c.env),
        credentials: credentialsOf(c.req.raw),
      },
    };
    const handler = createMcpHandler(() => buildMcpServer(session), {
      route: new URL(c.req.url).pathname,
      // The API takes no browser calls with a secret key; neither does its MCP server.
      corsOptions: false,
      ...(base.host === null ? {} : { allowedHostnames: [base.host.split(":")[0] as string] }),
    });
    return await handler(withHost(c.req.raw), c.env, ctx);
  });
}

/**
 * The request with a Host header: the transport checks it against the allowed hostnames, and a
 * request handed to the Worker in process (a service binding, a test) may come without one; its
 * URL's host is then the host it was addressed to.
 */
function withHost(request: Request): Request {
  if (request.headers.has("host")) return request;
  const headers = new Headers(request.headers);
  headers.set("host", new URL(request.url).host);
  return new Request(request, { headers });
}
