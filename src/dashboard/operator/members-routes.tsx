import type { Context, Hono } from "hono";
import type { AppFetch } from "../../api/in-process-call";
import { COPY_SCRIPT } from "../copy-script";
import { adminAs } from "./admin-api";
import { SecretsShownOnce } from "./pages/common";
import { MembersList, type MemberView } from "./pages/members";
import { checkedForm, field, renderOperatorPage } from "./render";
import type { OperatorEnv } from "./session";

const CURRENT = "/dashboard/operator/members";

/** Members on a page, and the applications their role forms offer (the first page of them). */
const PAGE_SIZE = 25;
const APPLICATIONS_OFFERED = 200;

/** The members page (GET /members), with the secrets an action answered shown this once above it. */
async function membersPage(
  c: Context<OperatorEnv>,
  appFetch: AppFetch,
  shownOnce?: { title: string; secret: { label: string; value: string } },
) {
  const [members, applications] = await Promise.all([
    adminAs(c, appFetch, {
      method: "GET",
      path: "/members",
      query: { limit: String(PAGE_SIZE), cursor: c.req.query("cursor") },
    }),
    adminAs(c, appFetch, { method: "GET", path: "/applications", query: { limit: String(APPLICATIONS_OFFERED) } }),
  ]);
  const { results, next } = members.body as { results: MemberView[]; next?: string };
  return renderOperatorPage(c, {
    title: "Members",
    current: CURRENT,
    ...(shownOnce ? { script: COPY_SCRIPT } : {}),
    children: (
      <>
        {shownOnce ? <SecretsShownOnce title={shownOnce.title} secrets={[shownOnce.secret]} /> : null}
        <MembersList
          members={results}
          applications={(applications.body as { results: { id: string; name: string }[] }).results}
          csrf={c.var.operator.csrfToken}
          {...(next ? { next } : {})}
        />
      </>
    ),
  });
}

/**
 * The operator's members: add one (POST /members, their first token shown once), give them a role in
 * an application (PUT /applications/{id}/members/{memberId}) or take it away (DELETE), create a
 * personal access token (shown once) or revoke one. Each is the operator API's route in process.
 */
export function registerMembersPages(operator: Hono<OperatorEnv>, appFetch: AppFetch) {
  const back = (c: Context<OperatorEnv>) => c.redirect(CURRENT, 303);
  const member = (c: Context<OperatorEnv>) => encodeURIComponent(c.req.param("id") ?? "");

  operator.get("/members", (c) => membersPage(c, appFetch));

  operator.post("/members", async (c) => {
    const form = await checkedForm(c);
    const created = await adminAs(c, appFetch, {
      method: "POST",
      path: "/members",
      body: { email: field(form, "email") },
    });
    const { email, token } = created.body as { email: string; token: { token: string } };
    return membersPage(c, appFetch, {
      title: "The new member's token",
      secret: { label: `Token of ${email}`, value: token.token },
    });
  });

  operator.post("/members/:id/applications", async (c) => {
    const form = await checkedForm(c);
    const application = encodeURIComponent(field(form, "applicationId"));
    await adminAs(c, appFetch, {
      method: "PUT",
      path: `/applications/${application}/members/${member(c)}`,
      body: { role: field(form, "role") },
    });
    return back(c);
  });

  operator.post("/members/:id/applications/:applicationId/remove", async (c) => {
    await checkedForm(c);
    const application = encodeURIComponent(c.req.param("applicationId"));
    await adminAs(c, appFetch, { method: "DELETE", path: `/applications/${application}/members/${member(c)}` });
    return back(c);
  });

  operator.post("/members/:id/tokens", async (c) => {
    await checkedForm(c);
    const created = await adminAs(c, appFetch, { method: "POST", path: `/members/${member(c)}/tokens` });
    const { token } = created.body as { token: string };
    return membersPage(c, appFetch, {
      title: "The new token",
      secret: { label: "Personal access token", value: token },
    });
  });

  operator.post("/members/:id/tokens/:tokenId/revoke", async (c) => {
    await checkedForm(c);
    await adminAs(c, appFetch, {
      method: "DELETE",
      path: `/members/${member(c)}/tokens/${encodeURIComponent(c.req.param("tokenId"))}`,
    });
    return back(c);
  });
}
