/** Shared by the dashboard's tests: requests to its pages through the Worker, and a member signed in to it. */
import { exports } from "cloudflare:workers";
import { addMembership, createTestMember } from "../members/helpers";

/** The test configuration's production host; the dashboard answers on every host. */
export const ORIGIN = "https://api.telematics.test";

export type PageAnswer = { status: number; headers: Headers; location: string | null; html: string };

/** One dashboard request: a GET, or a form post (with this site's Origin unless another is given). */
export async function send(
  path: string,
  init: { cookie?: string; form?: Record<string, string>; origin?: string } = {},
): Promise<PageAnswer> {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.form) headers["content-type"] = "application/x-www-form-urlencoded";
  if (init.origin) headers.origin = init.origin;
  const response = await exports.default.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: init.form ? "POST" : "GET",
      headers,
      redirect: "manual",
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    }),
  );
  return {
    status: response.status,
    headers: response.headers,
    location: response.headers.get("location"),
    html: await response.text(),
  };
}

/** The CSRF token a page's forms carry. */
export const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

/** A new member of the application with `role`, signed in: the member, the sign-in's answer and its session cookie. */
export async function signIn(applicationId: string, role: "admin" | "viewer" = "viewer") {
  const member = await createTestMember();
  await addMembership(applicationId, member.id, role);
  const answer = await send("/dashboard/sign-in", { form: { token: member.token }, origin: ORIGIN });
  const setCookie = answer.headers.get("set-cookie") ?? "";
  return { member, answer, setCookie, cookie: setCookie.split(";")[0] as string };
}
