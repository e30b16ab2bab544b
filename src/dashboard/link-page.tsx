import type { Context, Hono } from "hono";
import type { ApiAnswer, AppFetch } from "../api/in-process-call";
import { shortLinkLifetimeDays } from "../config";
import { ApiError } from "../http/errors";
import { apiAs } from "./api";
import { COPY_SCRIPT } from "./copy-script";
import { requireSameSitePost } from "./csrf";
import { LINK_FIELDS, type LinkFormValues, linkFormValuesOf, shortLinkBodyOf } from "./link-form";
import { type CreatedShortLink, type LinkProviderOption, LinkView } from "./pages/link";
import { renderDashboard } from "./render";
import { type DashboardEnv, mayWrite, viewQuery } from "./viewer";

const EMPTY_FORM = Object.fromEntries(LINK_FIELDS.map((field) => [field, ""])) as LinkFormValues;

/** What one rendering of the page shows beyond the form. */
type LinkPageState = {
  values?: LinkFormValues;
  error?: string;
  created?: { link: CreatedShortLink; replayed: boolean };
  deleted?: boolean;
  status?: 200 | 400;
};

/** The page, its form's providers as GET /providers lists them (only an admin gets the form). */
async function linkPage(c: Context<DashboardEnv>, appFetch: AppFetch, state: LinkPageState) {
  const { viewer } = c.var;
  const query = viewQuery(viewer);
  const writer = mayWrite(c);
  const providers = writer
    ? ((await apiAs(c, appFetch, { method: "GET", path: "/providers" })).body as LinkProviderOption[])
    : [];
  const created = state.created && {
    ...state.created,
    deleteAction: `/dashboard/link/${encodeURIComponent(state.created.link.id)}/delete?${query}`,
  };
  return renderDashboard(c, {
    title: "Link",
    viewer,
    current: "/dashboard/link",
    status: state.status ?? 200,
    ...(created ? { script: COPY_SCRIPT } : {}),
    children: (
      <LinkView
        environment={viewer.principal.environment}
        mayWrite={writer}
        action={`/dashboard/link?${query}`}
        csrf={viewer.csrfToken}
        values={state.values ?? EMPTY_FORM}
        providers={providers}
        lifetimeDays={shortLinkLifetimeDays(c.env)}
        error={state.error}
        created={created}
        deleted={state.deleted}
      />
    ),
  });
}

/**
 * The link page: an admin creates a short link of the hosted flow (POST /link/short) with any of
 * its presets, copies its address, and may delete it (DELETE /link/short/{id}). The route is the
 * judge of the presets and of who may create: a refused field comes back as its message with the
 * form kept (400), a viewer's post is refused by the route whatever the page shows.
 */
export function registerLinkPage(dashboard: Hono<DashboardEnv>, appFetch: AppFetch) {
  dashboard.get("/link", (c) => linkPage(c, appFetch, { deleted: c.req.query("deleted") === "1" }));

  dashboard.post("/link", async (c) => {
    const form = await c.req.parseBody();
    await requireSameSitePost(c, form, c.var.viewer.sessionToken);
    const values = linkFormValuesOf(form);
    let answer: ApiAnswer;
    try {
      answer = await apiAs(c, appFetch, { method: "POST", path: "/link/short", body: shortLinkBodyOf(values) });
    } catch (error) {
      // A refused field: the route's message beside the member's own values, to correct and send again.
      if (error instanceof ApiError && error.status === 400) {
        return await linkPage(c, appFetch, { values, error: error.message, status: 400 });
      }
      throw error;
    }
    // Shown in this answer rather than after a redirect: no route reads a short link back by id.
    const replayed = answer.headers.get("idempotent-replayed") === "true";
    return await linkPage(c, appFetch, { created: { link: answer.body as CreatedShortLink, replayed } });
  });

  dashboard.post("/link/:id/delete", async (c) => {
    await requireSameSitePost(c, await c.req.parseBody(), c.var.viewer.sessionToken);
    await apiAs(c, appFetch, { method: "DELETE", path: `/link/short/${encodeURIComponent(c.req.param("id"))}` });
    return c.redirect(`/dashboard/link?${viewQuery(c.var.viewer)}&deleted=1`, 303);
  });
}
