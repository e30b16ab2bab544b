import type { Context, Hono } from "hono";
import type { AppFetch } from "../../api/in-process-call";
import { COPY_SCRIPT } from "../copy-script";
import { adminAs } from "./admin-api";
import { type ApiKeyView, ApplicationDetails, ApplicationsList, type ApplicationView } from "./pages/applications";
import { SecretsShownOnce } from "./pages/common";
import { checkedForm, field, renderOperatorPage } from "./render";
import type { OperatorEnv } from "./session";

const CURRENT = "/dashboard/operator/applications";

/** A page of applications: few enough to read at a glance, paged as the API pages. */
const PAGE_SIZE = 50;

/**
 * The operator's applications: the list (GET /applications) with a create form (POST
 * /applications, its keys shown once), and an application's page (GET /applications/{id}) with its
 * keys' hints, revoke (DELETE …/keys/{keyId}) and create (POST …/keys, the key shown once).
 */
export function registerApplicationsPages(operator: Hono<OperatorEnv>, appFetch: AppFetch) {
  operator.get("/applications", async (c) => {
    const page = await adminAs(c, appFetch, {
      method: "GET",
      path: "/applications",
      query: { limit: String(PAGE_SIZE), cursor: c.req.query("cursor") },
    });
    const { results, next } = page.body as { results: ApplicationView[]; next?: string };
    return renderOperatorPage(c, {
      title: "Applications",
      current: CURRENT,
      children: <ApplicationsList applications={results} csrf={c.var.operator.csrfToken} {...(next ? { next } : {})} />,
    });
  });

  operator.post("/applications", async (c) => {
    const form = await checkedForm(c);
    const created = await adminAs(c, appFetch, {
      method: "POST",
      path: "/applications",
      body: { name: field(form, "name") },
    });
    const application = created.body as Omit<ApplicationView, "keys"> & { keys: (ApiKeyView & { key: string })[] };
    return applicationPage(c, application, {
      title: "The application's keys",
      secrets: application.keys.map((key) => ({ label: `${key.environment} ${key.kind} key`, value: key.key })),
    });
  });

  operator.get("/applications/:id", async (c) => applicationPage(c, await applicationOf(c, appFetch)));

  operator.post("/applications/:id/keys", async (c) => {
    const form = await checkedForm(c);
    const id = c.req.param("id");
    const created = await adminAs(c, appFetch, {
      method: "POST",
      path: `/applications/${encodeURIComponent(id)}/keys`,
      body: { environment: field(form, "environment"), kind: field(form, "kind") },
    });
    const key = created.body as ApiKeyView & { key: string };
    return applicationPage(c, await applicationOf(c, appFetch), {
      title: "The new key",
      secrets: [{ label: `${key.environment} ${key.kind} key`, value: key.key }],
    });
  });

  operator.post("/applications/:id/keys/:keyId/revoke", async (c) => {
    await checkedForm(c);
    const id = encodeURIComponent(c.req.param("id"));
    await adminAs(c, appFetch, {
      method: "DELETE",
      path: `/applications/${id}/keys/${encodeURIComponent(c.req.param("keyId"))}`,
    });
    return c.redirect(`${CURRENT}/${id}`, 303);
  });
}

async function applicationOf(c: Context<OperatorEnv>, appFetch: AppFetch): Promise<ApplicationView> {
  const answer = await adminAs(c, appFetch, {
    method: "GET",
    path: `/applications/${encodeURIComponent(c.req.param("id") ?? "")}`,
  });
  return answer.body as ApplicationView;
}

/** An application's page; with the secrets a creation answered, shown this once above it. */
function applicationPage(
  c: Context<OperatorEnv>,
  application: ApplicationView,
  shownOnce?: { title: string; secrets: { label: string; value: string }[] },
) {
  return renderOperatorPage(c, {
    title: application.name,
    current: CURRENT,
    ...(shownOnce ? { script: COPY_SCRIPT } : {}),
    children: (
      <>
        {shownOnce ? <SecretsShownOnce {...shownOnce} /> : null}
        <ApplicationDetails application={application} csrf={c.var.operator.csrfToken} />
      </>
    ),
  });
}
