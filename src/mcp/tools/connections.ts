import { z } from "@hono/zod-openapi";
import type { McpServer } from "@modelcontextprotocol/server";
import { ListConnectionsQuerySchema } from "../../api/routes/connections/schema";
import { idSchema } from "../../http/schemas/common";
import { PaginationQuerySchema } from "../../http/schemas/pagination";
import type { McpSession } from "../session";
import { pageSummary, registerApiTool } from "./kit";

type ConnectionView = {
  id: string;
  provider?: { code: string; name: string };
  status?: string;
  lastSync?: { status?: string } | null;
};

/** Connections: the application's, with their status and last sync (GET /connections, GET /connections/{id}). */
export function registerConnectionTools(server: McpServer, session: McpSession) {
  registerApiTool(server, session, {
    name: "list_connections",
    title: "List connections",
    description:
      "The application's connections in this environment (one per fleet account at a telematics provider), each with its status and its last sync (`lastSync`: status, times, progress, as GET /connections/{id} gives it). Paged: pass the previous answer's `next` as `cursor`.",
    scope: "application",
    input: ListConnectionsQuerySchema.extend(PaginationQuerySchema.shape),
    request: (args) => ({ method: "GET", path: "/connections", query: args }),
    // The list's items carry no sync; each connection's own answer (GET /connections/{id}) does.
    refine: async (body, _args, api) => {
      const page = body as { results: ConnectionView[]; next?: string };
      const results = await Promise.all(
        page.results.map(async (connection) => {
          const details = await api({ method: "GET", path: `/connections/${connection.id}` });
          const lastSync = details.status === 200 ? (details.body as ConnectionView).lastSync : undefined;
          return lastSync === undefined ? connection : { ...connection, lastSync };
        }),
      );
      return { ...page, results };
    },
    summary: (body) => {
      const page = body as { results: ConnectionView[] };
      const lines = page.results.map(
        (connection) =>
          `- ${connection.id} (${connection.provider?.code}): ${connection.status}; last sync ${connection.lastSync?.status ?? "none"}`,
      );
      return [pageSummary(body, "connections"), ...lines].join("\n");
    },
  });
  registerApiTool(server, session, {
    name: "get_connection",
    title: "Get a connection",
    description:
      "One connection by id: its provider, status, company, filters, agreements and last sync (what went wrong when a sync failed is in `list_issues` and `get_sync`).",
    scope: "application",
    input: z.object({ id: idSchema("connection") }),
    request: (args) => ({ method: "GET", path: `/connections/${args.id}` }),
    summary: (body) => {
      const connection = body as ConnectionView;
      return `${connection.id} (${connection.provider?.code}): ${connection.status}; last sync ${connection.lastSync?.status ?? "none"}.`;
    },
  });
}
