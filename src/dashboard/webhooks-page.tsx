import type { Context, Hono } from "hono";
import type { AppFetch } from "../api/in-process-call";
import { EventTypeSchema } from "../api/routes/webhooks/schema";
import { ApiError } from "../http/errors";
import { apiAs } from "./api";
import { COPY_SCRIPT } from "./copy-script";
import { requireSameSitePost } from "./csrf";
import {
  CreateEndpointForm,
  type EndpointFormValues,
  EndpointTable,
  type EndpointView,
  SecretOnce,
} from "./pages/webhooks";
import { renderDashboard } from "./render";
import { type DashboardEnv, mayWrite, viewQuery } from "./viewer";
import { registerWebhookEndpointPage } from "./webhooks-endpoint-page";

/** Endpoints a page lists. */
const PAGE_SIZE = 25;

/** The list page: GET /webhooks/endpoints at the page's cursor, with the create form for admins (and its error). */
async function endpointsPage(
  c: Context<DashboardEnv>,
  appFetch: AppFetch,
  form?: { values: EndpointFormValues; error: string },
): Promise<Response> {
  const { viewer } = c.var;
  const cursor = c.req.query("cursor");
  const page = await apiAs(c, appFetch, {
    method: "GET",
    path: "/webhooks/endpoints",
    query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  });
  const { results, next } = page.body as { results: EndpointView[]; next?: string };
  const nextHref = next ? `/dashboard/webhooks?${viewQuery(viewer)}&cursor=${encodeURIComponent(next)}` : undefined;
  return renderDashboard(c, {
    title: "Webhooks",
    viewer,
    current: "/dashboard/webhooks",
    status: form ? 400 : 200,
    children: (
      <>
        <EndpointTable endpoints={results} query={viewQuery(viewer)} {...(nextHref ? { nextHref } : {})} />
        {mayWrite(c) ? (
          <CreateEndpointForm
            action={`/dashboard/webhooks?${viewQuery(viewer)}`}
            csrf={viewer.csrfToken}
            eventTypes={EventTypeSchema.options}
            {...(form ?? {})}
          />
        ) : null}
      </>
    ),
  });
}

/** The create form's fields as POST /webhooks/endpoints takes them: no event type checked means all. */
function endpointBody(form: Record<string, string | File | (string | File)[]>): EndpointFormValues {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const checked = [form.eventTypes ?? []].flat().filter((value): value is string => typeof value === "string");
  const description = text(form.description);
  return {
    url: text(form.url),
    ...(description ? { description } : {}),
    ...(checked.length > 0 ? { eventTypes: checked } : {}),
  };
}

/**
 * The webhooks pages: the application's endpoints in the environment (GET /webhooks/endpoints), an
 * admin's creation of one (POST /webhooks/endpoints), answered with the page that shows its signing
 * secret, the only time it is shown; and each endpoint's page (webhooks-endpoint-page.tsx). A viewer
 * reads them without the write controls, and the routes refuse their posts.
 */
export function registerWebhooksPages(dashboard: Hono<DashboardEnv>, appFetch: AppFetch) {
  dashboard.get("/webhooks", (c) => endpointsPage(c, appFetch));

  dashboard.post("/webhooks", async (c) => {
    const form = await c.req.parseBody({ all: true });
    await requireSameSitePost(c, form, c.var.viewer.sessionToken);
    const body = endpointBody(form);
    let created: EndpointView & { secret: string };
    try {
      const answer = await apiAs(c, appFetch, { method: "POST", path: "/webhooks/endpoints", body });
      created = answer.body as EndpointView & { secret: string };
    } catch (error) {
      // A refused URL or type: the form again, with the route's message and what was typed.
      if (error instanceof ApiError && error.code === "bad_request") {
        return endpointsPage(c, appFetch, { values: body, error: error.message });
      }
      throw error;
    }
    // Rendered, not redirected: this answer (never cached, like every dashboard page) is the only one with the secret.
    return renderDashboard(c, {
      title: "Endpoint created",
      viewer: c.var.viewer,
      current: "/dashboard/webhooks",
      script: COPY_SCRIPT,
      children: (
        <SecretOnce
          endpoint={created}
          secret={created.secret}
          endpointHref={`/dashboard/webhooks/${created.id}?${viewQuery(c.var.viewer)}`}
        />
      ),
    });
  });

  registerWebhookEndpointPage(dashboard, appFetch);
}
