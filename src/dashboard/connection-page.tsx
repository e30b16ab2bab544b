import type { Context, Hono } from "hono";
import type { AppFetch } from "../api/in-process-call";
import type { ConnectionRow } from "../db/schema";
import { getConnectionById } from "../domain/connections/get-by-id";
import { ApiError } from "../http/errors";
import { apiAs } from "./api";
import { requireSameSitePost } from "./csrf";
import { type ConnectionDetails, ConnectionView, type IssueView, type SyncView } from "./pages/connection";
import { renderDashboard } from "./render";
import { type DashboardEnv, mayWrite, viewQuery } from "./viewer";

/** Syncs and issues a connection's page shows: the latest. */
const RECENT = 10;

/** The connection of the page's path, of the viewer's application and environment (the REST routes check it again). */
async function connectionOf(c: Context<DashboardEnv>): Promise<ConnectionRow> {
  const connection = await getConnectionById(c.var.db, c.var.viewer.principal, c.req.param("id") ?? "");
  if (!connection) throw new ApiError("not_found", "No connection with this id in this application and environment.");
  return connection;
}

/**
 * A connection's page and its actions: GET /connections/{id}, its syncs (GET /syncs) and issues
 * (GET /issues), and, for admins, request a sync (POST /syncs), resolve an issue and cancel a
 * pending deletion, each a post checked for CSRF and made through the REST route, which refuses a
 * viewer whatever the page shows.
 */
export function registerConnectionPage(dashboard: Hono<DashboardEnv>, appFetch: AppFetch) {
  dashboard.get("/connections/:id", async (c) => {
    const row = await connectionOf(c);
    const [details, syncs, issues] = await Promise.all([
      apiAs(c, appFetch, { method: "GET", path: `/connections/${row.id}` }),
      apiAs(c, appFetch, { method: "GET", path: "/syncs", query: { limit: RECENT }, connection: row }),
      apiAs(c, appFetch, { method: "GET", path: "/issues", query: { connectionId: row.id, limit: RECENT } }),
    ]);
    const connection = details.body as ConnectionDetails;
    return renderDashboard(c, {
      title: connection.company?.name ?? connection.account?.name ?? connection.id,
      viewer: c.var.viewer,
      current: "/dashboard/connections",
      children: (
        <ConnectionView
          connection={connection}
          syncs={(syncs.body as { results: SyncView[] }).results}
          issues={(issues.body as { results: IssueView[] }).results}
          base={`/dashboard/connections/${row.id}`}
          query={viewQuery(c.var.viewer)}
          csrf={c.var.viewer.csrfToken}
          mayWrite={mayWrite(c)}
        />
      ),
    });
  });

  const back = (c: Context<DashboardEnv>, id: string) =>
    c.redirect(`/dashboard/connections/${id}?${viewQuery(c.var.viewer)}`, 303);

  dashboard.post("/connections/:id/sync", async (c) => {
    await requireSameSitePost(c, await c.req.parseBody(), c.var.viewer.sessionToken);
    const row = await connectionOf(c);
    await apiAs(c, appFetch, { method: "POST", path: "/syncs", body: {}, connection: row });
    return back(c, row.id);
  });

  dashboard.post("/connections/:id/cancel-deletion", async (c) => {
    await requireSameSitePost(c, await c.req.parseBody(), c.var.viewer.sessionToken);
    const row = await connectionOf(c);
    await apiAs(c, appFetch, { method: "POST", path: `/connections/${row.id}/cancel-deletion`, body: {} });
    return back(c, row.id);
  });

  dashboard.post("/connections/:id/issues/:issueId/resolve", async (c) => {
    await requireSameSitePost(c, await c.req.parseBody(), c.var.viewer.sessionToken);
    const row = await connectionOf(c);
    await apiAs(c, appFetch, { method: "POST", path: `/issues/${c.req.param("issueId")}/resolve`, body: {} });
    return back(c, row.id);
  });
}
