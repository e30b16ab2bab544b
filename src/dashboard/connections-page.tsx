import type { Context } from "hono";
import type { AppFetch } from "../api/in-process-call";
import { apiAs } from "./api";
import {
  type ConnectionFilters,
  type ConnectionListItem,
  ConnectionSearch,
  ConnectionTable,
} from "./pages/connections";
import { renderDashboard } from "./render";
import { type DashboardEnv, viewQuery } from "./viewer";

/** Connections a page lists: few enough that each one's last sync is read with it. */
const PAGE_SIZE = 25;
const FILTERS = ["externalId", "tag", "status", "provider"] as const;

/**
 * The connections page: GET /connections with the search's filters and cursor, each connection with
 * its last sync (GET /connections/{id}, which carries it), paged as the API pages.
 */
export async function connectionsPage(c: Context<DashboardEnv>, appFetch: AppFetch): Promise<Response> {
  const { viewer } = c.var;
  const filters: ConnectionFilters = {};
  for (const name of FILTERS) {
    const value = c.req.query(name)?.trim();
    if (value) filters[name] = value;
  }
  const cursor = c.req.query("cursor");
  const page = await apiAs(c, appFetch, {
    method: "GET",
    path: "/connections",
    query: { ...filters, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  });
  const { results, next } = page.body as { results: ConnectionListItem[]; next?: string };
  const connections = await Promise.all(
    results.map(async (connection) => {
      const details = await apiAs(c, appFetch, { method: "GET", path: `/connections/${connection.id}` });
      return { ...connection, lastSync: (details.body as ConnectionListItem).lastSync ?? null };
    }),
  );
  const hidden = { app: viewer.principal.applicationId, env: viewer.principal.environment };
  const nextHref = next
    ? `/dashboard/connections?${new URLSearchParams({ ...hidden, ...filters, cursor: next }).toString()}`
    : undefined;
  return renderDashboard(c, {
    title: "Connections",
    viewer,
    current: "/dashboard/connections",
    children: (
      <>
        <ConnectionSearch filters={filters} hidden={hidden} />
        <ConnectionTable connections={connections} query={viewQuery(viewer)} {...(nextHref ? { nextHref } : {})} />
      </>
    ),
  });
}
