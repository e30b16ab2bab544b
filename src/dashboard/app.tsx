import { type Context, Hono } from "hono";
import type { AppFetch } from "../api/in-process-call";
import { endSession, startSession } from "../domain/dashboard/sessions";
import { authenticateMemberToken } from "../domain/members/authenticate";
import { ApiError } from "../http/errors";
import { apiAs } from "./api";
import { registerConnectionPage } from "./connection-page";
import { connectionsPage } from "./connections-page";
import { requireSameSitePost } from "./csrf";
import { registerLinkPage } from "./link-page";
import { newOperatorApp } from "./operator";
import type { Operator, OperatorEnv } from "./operator/session";
import { ProvidersMatrix, type ProviderView } from "./pages/providers";
import { SignInForm } from "./pages/sign-in";
import { renderDashboard } from "./render";
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from "./session-cookie";
import { registerUsagePage } from "./usage-page";
import { type DashboardEnv, requireViewer, type Viewer, viewQuery } from "./viewer";
import { registerWebhooksPages } from "./webhooks-page";

/**
 * The dashboard at `/dashboard`: server-rendered pages for the members of an application, signed in
 * with a personal access token and kept by a session cookie. Every page reads, and every action
 * writes, through the REST routes in process as the signed-in member (api/in-process-call.ts), so
 * the API's rules, roles and messages are the dashboard's.
 */
export function newDashboardApp(appFetch: AppFetch) {
  const dashboard = new Hono<DashboardEnv>();

  dashboard.get("/sign-in", (c) => renderDashboard(c, { title: "Sign in", children: <SignInForm /> }));

  dashboard.post("/sign-in", async (c) => {
    const form = await c.req.parseBody();
    await requireSameSitePost(c, form);
    const presented = typeof form.token === "string" ? form.token.trim() : "";
    const found = presented ? await authenticateMemberToken(c.var.db, presented) : undefined;
    if (!found) {
      const error = "Invalid personal access token: it is unknown, malformed or revoked.";
      return renderDashboard(c, { title: "Sign in", status: 401, children: <SignInForm error={error} /> });
    }
    const session = await startSession(c.var.db, {
      kind: "member",
      memberId: found.member.id,
      memberTokenId: found.tokenId,
    });
    writeSessionCookie(c, session.token);
    return c.redirect("/dashboard", 303);
  });

  dashboard.post("/sign-out", async (c) => {
    const token = readSessionCookie(c);
    const form = await c.req.parseBody();
    if (token) {
      await requireSameSitePost(c, form, token);
      await endSession(c.var.db, token);
    }
    clearSessionCookie(c);
    return c.redirect("/dashboard/sign-in", 303);
  });

  dashboard.route("/operator", newOperatorApp(appFetch));

  dashboard.use("*", requireViewer);

  dashboard.get("/", (c) => c.redirect(`/dashboard/connections?${viewQuery(c.var.viewer)}`, 303));

  dashboard.get("/connections", (c) => connectionsPage(c, appFetch));
  registerConnectionPage(dashboard, appFetch);
  registerWebhooksPages(dashboard, appFetch);
  registerUsagePage(dashboard, appFetch);
  registerLinkPage(dashboard, appFetch);

  dashboard.get("/providers", async (c) => {
    const answer = await apiAs(c, appFetch, { method: "GET", path: "/providers" });
    return renderDashboard(c, {
      title: "Providers",
      viewer: c.var.viewer,
      current: "/dashboard/providers",
      children: <ProvidersMatrix providers={answer.body as ProviderView[]} />,
    });
  });

  // A refused request is shown as the page of its message, never a stack trace; the member keeps
  // the navigation (when signed in) to go on from there.
  dashboard.onError((error, c) => {
    const refused = error instanceof ApiError;
    if (!refused) {
      console.error(JSON.stringify({ level: "error", message: "dashboard page failed", error: String(error) }));
    }
    const message = refused ? error.message : "Something went wrong on our side; try again, or quote the request id.";
    const viewer = c.get("viewer") as Viewer | undefined;
    const operator = (c as unknown as Context<OperatorEnv>).get("operator") as Operator | undefined;
    return renderDashboard(c, {
      title: refused && error.status < 500 ? "Refused" : "Something went wrong",
      status: (refused ? error.status : 500) as 400,
      ...(viewer ? { viewer } : {}),
      ...(operator ? { operatorCsrf: operator.csrfToken } : {}),
      children: (
        <>
          <p class="error" role="alert">
            {message}
          </p>
          <p class="muted">Request id: {c.var.requestId}</p>
        </>
      ),
    });
  });
  return dashboard;
}
