import type { Context, Hono } from "hono";
import type { Child } from "hono/jsx";
import type { AppFetch } from "../api/in-process-call";
import type { ConnectionRow } from "../db/schema";
import { getConnectionById } from "../domain/connections/get-by-id";
import { ApiError } from "../http/errors";
import { apiAs } from "./api";
import { COPY_SCRIPT } from "./copy-script";
import { requireSameSitePost } from "./csrf";
import { LIVE_SYNCS_SCRIPT } from "./live-syncs-script";
import {
  type ConnectionDetails,
  ConnectionView,
  type IssueView,
  NewTokenNotice,
  type SyncView,
} from "./pages/connection";
import { hasActiveSync } from "./pages/connection-syncs";
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
 * A post of an action that cannot be undone: from this site, with the session's CSRF token, and
 * its confirmation box ticked (the browser requires it; a post made otherwise is refused here).
 */
async function requireConfirmedPost(c: Context<DashboardEnv>): Promise<void> {
  const form = await c.req.parseBody();
  await requireSameSitePost(c, form, c.var.viewer.sessionToken);
  if (form.confirm !== "yes") {
    throw new ApiError("bad_request", "Tick the confirmation box to go ahead: this action cannot be undone.");
  }
}

/** The page of a connection (GET /connections/{id}) with its latest syncs and issues, and a notice above them if any. */
async function connectionPage(c: Context<DashboardEnv>, appFetch: AppFetch, row: ConnectionRow, notice?: Child) {
  const [details, syncs, issues] = await Promise.all([
    apiAs(c, appFetch, { method: "GET", path: `/connections/${row.id}` }),
    apiAs(c, appFetch, { method: "GET", path: "/syncs", query: { limit: RECENT }, connection: row }),
    apiAs(c, appFetch, { method: "GET", path: "/issues", query: { connectionId: row.id, limit: RECENT } }),
  ]);
  const connection = details.body as ConnectionDetails;
  const recentSyncs = (syncs.body as { results: SyncView[] }).results;
  return renderDashboard(c, {
    title: connection.company?.name ?? connection.account?.name ?? connection.id,
    viewer: c.var.viewer,
    current: "/dashboard/connections",
    // A shown token gets its copy button; otherwise a moving sync is followed live.
    ...(notice ? { script: COPY_SCRIPT } : hasActiveSync(recentSyncs) ? { script: LIVE_SYNCS_SCRIPT } : {}),
    children: (
      <>
        {notice}
        <ConnectionView
          connection={connection}
          deletionDueAt={row.deletionDueAt ?? undefined}
          syncs={recentSyncs}
          issues={(issues.body as { results: IssueView[] }).results}
          base={`/dashboard/connections/${row.id}`}
          query={viewQuery(c.var.viewer)}
          csrf={c.var.viewer.csrfToken}
          mayWrite={mayWrite(c)}
        />
      </>
    ),
  });
}

/**
 * A connection's page and its actions: GET /connections/{id}, its syncs (GET /syncs) and issues
 * (GET /issues), and, for admins, request a sync (POST /syncs), rotate the token (shown once), request
 * the deletion (DELETE /connections/current), resolve an issue and cancel a pending deletion, each a post checked for CSRF and made through the REST route, which refuses a
 * viewer whatever the page shows.
 */
export function registerConnectionPage(dashboard: Hono<DashboardEnv>, appFetch: AppFetch) {
  dashboard.get("/connections/:id", async (c) => await connectionPage(c, appFetch, await connectionOf(c)));

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

  // The new token is answered once, so the page is rendered with it rather than redirected to.
  dashboard.post("/connections/:id/rotate-token", async (c) => {
    await requireConfirmedPost(c);
    const row = await connectionOf(c);
    const rotated = await apiAs(c, appFetch, {
      method: "POST",
      path: "/connections/current/rotate-token",
      body: {},
      connection: row,
    });
    const token = (rotated.body as { token: string }).token;
    return await connectionPage(c, appFetch, await connectionOf(c), <NewTokenNotice token={token} />);
  });

  dashboard.post("/connections/:id/delete", async (c) => {
    await requireConfirmedPost(c);
    const row = await connectionOf(c);
    await apiAs(c, appFetch, { method: "DELETE", path: "/connections/current", connection: row });
    return back(c, row.id);
  });

  dashboard.post("/connections/:id/issues/:issueId/resolve", async (c) => {
    await requireSameSitePost(c, await c.req.parseBody(), c.var.viewer.sessionToken);
    const row = await connectionOf(c);
    await apiAs(c, appFetch, { method: "POST", path: `/issues/${c.req.param("issueId")}/resolve`, body: {} });
    return back(c, row.id);
  });
}
