import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { requireSameSitePost } from "../csrf";
import { renderDashboard } from "../render";
import type { OperatorEnv } from "./session";

/** An operator's page: the operator's navigation and sign-out, under the dashboard's headers and CSP. */
export function renderOperatorPage(
  c: Context<OperatorEnv>,
  page: { title: string; current: string; children: Child; status?: 200 | 201; script?: string },
): Promise<Response> {
  return renderDashboard(c, {
    title: page.title,
    current: page.current,
    operatorCsrf: c.var.operator.csrfToken,
    children: page.children,
    ...(page.status ? { status: page.status } : {}),
    ...(page.script ? { script: page.script } : {}),
  });
}

/** The form's text field, trimmed; empty when absent. */
export const field = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === "string" ? (form[name] as string).trim() : "";

/** The posted form, once it is known to come from this site with the operator session's CSRF token. */
export async function checkedForm(c: Context<OperatorEnv>): Promise<Record<string, unknown>> {
  const form = await c.req.parseBody();
  await requireSameSitePost(c, form, c.var.operator.sessionToken);
  return form;
}
