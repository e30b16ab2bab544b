import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { applications, type Environment, memberships } from "../db/schema";
import type { MemberPrincipal } from "../domain/api-keys/authenticate";
import { findSession } from "../domain/dashboard/sessions";
import type { AppEnv } from "../env";
import { csrfTokenOf } from "./csrf";
import { readSessionCookie } from "./session-cookie";

/** Who is looking at a dashboard page: the member, the application and environment chosen, their role there. */
export type Viewer = {
  sessionToken: string;
  csrfToken: string;
  principal: MemberPrincipal;
  /** Every application the member belongs to, for the switch. */
  applications: { id: string; name: string; role: MemberPrincipal["role"] }[];
};

export type DashboardEnv = AppEnv & { Variables: AppEnv["Variables"] & { viewer: Viewer } };

const ENVIRONMENTS: readonly Environment[] = ["sandbox", "production"];

/** The page's own link to another view of the same page: the application and environment kept. */
export function viewQuery(viewer: Viewer): string {
  return `app=${encodeURIComponent(viewer.principal.applicationId)}&env=${viewer.principal.environment}`;
}

/**
 * The signed-in member of a dashboard request, or a redirect to the sign-in page: their live
 * session (cookie), the application (`app`, or their only one) and the environment (`env`, the
 * sandbox by default) they look at, and their role there. A member of no application sees nothing.
 */
export const requireViewer = createMiddleware<DashboardEnv>(async (c, next) => {
  const sessionToken = readSessionCookie(c);
  const session = sessionToken ? await findSession(c.var.db, sessionToken) : undefined;
  // The operator's session opens the operator's pages, not an application's.
  if (session?.operator) return c.redirect("/dashboard/operator", 303);
  if (!sessionToken || !session?.memberId || !session.memberTokenId) return c.redirect("/dashboard/sign-in", 303);
  const rows = await c.var.db
    .select({ id: applications.id, name: applications.name, role: memberships.role })
    .from(memberships)
    .innerJoin(applications, eq(applications.id, memberships.applicationId))
    .where(eq(memberships.memberId, session.memberId))
    .orderBy(applications.name);
  const wanted = c.req.query("app");
  const chosen = rows.find((row) => row.id === wanted) ?? rows[0];
  if (!chosen) return c.redirect("/dashboard/sign-in?reason=no-application", 303);
  const requested = c.req.query("env") as Environment | undefined;
  const environment = requested && ENVIRONMENTS.includes(requested) ? requested : "sandbox";
  c.set("viewer", {
    sessionToken,
    csrfToken: await csrfTokenOf(c.env.ENCRYPTION_KEY, sessionToken),
    principal: {
      kind: "member",
      memberId: session.memberId,
      tokenId: session.memberTokenId,
      applicationId: chosen.id,
      environment,
      role: chosen.role,
    },
    applications: rows,
  });
  await next();
});

/** Whether the viewer may change things (the server refuses a viewer's writes anyway). */
export const mayWrite = (c: Context<DashboardEnv>) => c.var.viewer.principal.role === "admin";
