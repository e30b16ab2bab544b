import { createMiddleware } from "hono/factory";
import { findSession, isOperatorSessionCurrent } from "../../domain/dashboard/sessions";
import type { AppEnv } from "../../env";
import { csrfTokenOf } from "../csrf";
import { readSessionCookie } from "../session-cookie";

/** The signed-in operator of a dashboard request: their session's cookie value and its CSRF token. */
export type Operator = { sessionToken: string; csrfToken: string };

export type OperatorEnv = AppEnv & { Variables: AppEnv["Variables"] & { operator: Operator } };

/**
 * The operator's pages need a live operator session that stands for the deployment's current admin
 * token; anyone else is sent to the operator's sign-in (a member's session does not open them).
 */
export const requireOperator = createMiddleware<OperatorEnv>(async (c, next) => {
  const sessionToken = readSessionCookie(c);
  const session = sessionToken ? await findSession(c.var.db, sessionToken) : undefined;
  const adminToken = c.env.ADMIN_TOKEN ?? "";
  if (!sessionToken || !session || !(await isOperatorSessionCurrent(session, adminToken))) {
    return c.redirect("/dashboard/operator/sign-in", 303);
  }
  c.set("operator", { sessionToken, csrfToken: await csrfTokenOf(c.env.ENCRYPTION_KEY, sessionToken) });
  await next();
});
