import type { Context, Hono } from "hono";
import type { AppFetch } from "../api/in-process-call";
import { apiAs } from "./api";
import { COPY_SCRIPT } from "./copy-script";
import { requireSameSitePost } from "./csrf";
import { type EndpointView, SecretOnce } from "./pages/webhooks";
import { renderDashboard } from "./render";
import { type DashboardEnv, mayWrite, viewQuery } from "./viewer";
import { type DeliveryView, EndpointPage } from "./webhooks-endpoint-view";

/** Delivery attempts a page lists. */
const PAGE_SIZE = 25;

/** The REST path of the page's endpoint; encoded, so a crafted id can only fail the route's own id check. */
const endpointPath = (c: Context<DashboardEnv>) => `/webhooks/endpoints/${encodeURIComponent(c.req.param("id") ?? "")}`;

/** The endpoint's page in the dashboard, with the application and environment kept. */
const pageOf = (c: Context<DashboardEnv>, id: string) => `/dashboard/webhooks/${id}?${viewQuery(c.var.viewer)}`;

/** The page: GET /webhooks/endpoints/{id} and its deliveries (newest first, with their events' types) at the page's cursor. */
async function endpointPage(c: Context<DashboardEnv>, appFetch: AppFetch): Promise<Response> {
  const { viewer } = c.var;
  const cursor = c.req.query("cursor");
  const [details, page] = await Promise.all([
    apiAs(c, appFetch, { method: "GET", path: endpointPath(c) }),
    apiAs(c, appFetch, {
      method: "GET",
      path: `${endpointPath(c)}/deliveries`,
      // The latest attempts first: the page is where a failing delivery is looked for.
      query: { limit: PAGE_SIZE, order: "desc", ...(cursor ? { cursor } : {}) },
    }),
  ]);
  const endpoint = details.body as EndpointView;
  const { results, next } = page.body as { results: DeliveryView[]; next?: string };
  const replayed = c.req.query("replayed");
  return renderDashboard(c, {
    // A URL can be long enough to overflow a phone's width: the host names the endpoint in the title.
    title: endpoint.description ?? new URL(endpoint.url).host,
    viewer,
    current: "/dashboard/webhooks",
    children: (
      <EndpointPage
        endpoint={endpoint}
        deliveries={results}
        base={`/dashboard/webhooks/${endpoint.id}`}
        query={viewQuery(viewer)}
        csrf={viewer.csrfToken}
        mayWrite={mayWrite(c)}
        {...(next ? { nextHref: `${pageOf(c, endpoint.id)}&cursor=${encodeURIComponent(next)}` } : {})}
        {...(replayed && /^\d+$/.test(replayed) ? { replayed: Number(replayed) } : {})}
      />
    ),
  });
}

/**
 * An endpoint's page and its admin actions, each a post checked for CSRF and made through the REST
 * route (which refuses a viewer whatever the page shows): replay a delivery's event (POST
 * /webhooks/replay), enable or disable (PATCH), rotate the signing secret (answered with the page that
 * shows the new one, once) and delete (DELETE, then back to the list).
 */
export function registerWebhookEndpointPage(dashboard: Hono<DashboardEnv>, appFetch: AppFetch) {
  dashboard.get("/webhooks/:id", (c) => endpointPage(c, appFetch));

  dashboard.post("/webhooks/:id/replay", async (c) => {
    const form = await c.req.parseBody();
    await requireSameSitePost(c, form, c.var.viewer.sessionToken);
    const eventId = typeof form.eventId === "string" ? form.eventId : "";
    // A replay names events, not endpoints: the page's endpoint must still exist (a stale page is refused).
    const endpoint = (await apiAs(c, appFetch, { method: "GET", path: endpointPath(c) })).body as EndpointView;
    const answer = await apiAs(c, appFetch, {
      method: "POST",
      path: "/webhooks/replay",
      body: { eventIds: [eventId] },
    });
    const { deliveries } = answer.body as { deliveries: number };
    return c.redirect(`${pageOf(c, endpoint.id)}&replayed=${deliveries}`, 303);
  });

  dashboard.post("/webhooks/:id/enabled", async (c) => {
    const form = await c.req.parseBody();
    await requireSameSitePost(c, form, c.var.viewer.sessionToken);
    const answer = await apiAs(c, appFetch, {
      method: "PATCH",
      path: endpointPath(c),
      body: { enabled: form.enabled === "true" },
    });
    return c.redirect(pageOf(c, (answer.body as EndpointView).id), 303);
  });

  dashboard.post("/webhooks/:id/rotate-secret", async (c) => {
    await requireSameSitePost(c, await c.req.parseBody(), c.var.viewer.sessionToken);
    const answer = await apiAs(c, appFetch, { method: "POST", path: `${endpointPath(c)}/rotate-secret` });
    const rotated = answer.body as EndpointView & { secret: string };
    // Rendered, not redirected: this answer (never cached) is the only one with the new secret.
    return renderDashboard(c, {
      title: "Signing secret rotated",
      viewer: c.var.viewer,
      current: "/dashboard/webhooks",
      script: COPY_SCRIPT,
      children: <SecretOnce endpoint={rotated} secret={rotated.secret} endpointHref={pageOf(c, rotated.id)} />,
    });
  });

  dashboard.post("/webhooks/:id/delete", async (c) => {
    await requireSameSitePost(c, await c.req.parseBody(), c.var.viewer.sessionToken);
    await apiAs(c, appFetch, { method: "DELETE", path: endpointPath(c) });
    return c.redirect(`/dashboard/webhooks?${viewQuery(c.var.viewer)}`, 303);
  });
}
