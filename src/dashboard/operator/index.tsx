import { Hono } from "hono";
import type { AppFetch } from "../../api/in-process-call";
import { startSession } from "../../domain/dashboard/sessions";
import type { ShardFigures } from "../../domain/shards/directory";
import { timingSafeEqualStrings } from "../../lib/crypto";
import { requireSameSitePost } from "../csrf";
import { SignInForm } from "../pages/sign-in";
import { renderDashboard } from "../render";
import { writeSessionCookie } from "../session-cookie";
import { adminAs } from "./admin-api";
import { registerApplicationsPages } from "./applications-routes";
import { registerMembersPages } from "./members-routes";
import { ShardsTable } from "./pages/shards";
import { field, renderOperatorPage } from "./render";
import { type OperatorEnv, requireOperator } from "./session";

/** The admin token the operator API accepts (auth.ts refuses a shorter one as misconfigured). */
const MIN_ADMIN_TOKEN_LENGTH = 16;

/**
 * The operator's part of the dashboard at /dashboard/operator: signed in with the deployment's
 * admin token, it shows and manages applications, members, keys and shards through the operator
 * API (/admin/v1) in process. A member's session does not open it, nor does a session of an admin
 * token since rotated.
 */
export function newOperatorApp(appFetch: AppFetch) {
  const operator = new Hono<OperatorEnv>();

  operator.get("/sign-in", (c) => renderDashboard(c, { title: "Operator sign-in", children: <SignInForm operator /> }));

  operator.post("/sign-in", async (c) => {
    const form = await c.req.parseBody();
    await requireSameSitePost(c, form);
    const expected = c.env.ADMIN_TOKEN ?? "";
    const presented = field(form, "token");
    if (expected.length < MIN_ADMIN_TOKEN_LENGTH || !timingSafeEqualStrings(presented, expected)) {
      const error = "Invalid admin token, or the operator API is not configured.";
      return renderDashboard(c, {
        title: "Operator sign-in",
        status: 401,
        children: <SignInForm operator error={error} />,
      });
    }
    const session = await startSession(c.var.db, { kind: "operator", adminToken: expected });
    writeSessionCookie(c, session.token);
    return c.redirect("/dashboard/operator/applications", 303);
  });

  operator.use("*", requireOperator);
  operator.get("/", (c) => c.redirect("/dashboard/operator/applications", 303));
  registerApplicationsPages(operator, appFetch);
  registerMembersPages(operator, appFetch);

  operator.get("/shards", async (c) => {
    const answer = await adminAs(c, appFetch, { method: "GET", path: "/shards" });
    return renderOperatorPage(c, {
      title: "Shards",
      current: "/dashboard/operator/shards",
      children: <ShardsTable shards={(answer.body as { results: ShardFigures[] }).results} />,
    });
  });
  return operator;
}
