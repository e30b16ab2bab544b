import { exports } from "cloudflare:workers";

/** The hosted flow's origin in the test configuration (LINK_BASE_URL). */
export const LINK = "https://link.telematics.test";

export type FlowResponse = { status: number; headers: Headers; text: string; location: string | null };

/** One browser-like request to the flow (no redirects followed, HTML accepted). */
export async function flowRequest(
  method: "GET" | "POST",
  path: string,
  options: { form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<FlowResponse> {
  const headers = new Headers({ accept: "text/html", "user-agent": "FlowTest/1.0", ...options.headers });
  let body: string | undefined;
  if (options.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  }
  const response = await exports.default.fetch(
    new Request(new URL(path, LINK), { method, headers, body, redirect: "manual" }),
  );
  return {
    status: response.status,
    headers: response.headers,
    text: await response.text(),
    location: response.headers.get("location"),
  };
}

/** Opens a flow and answers the session's page path (`/flow/lnk_…`). */
export async function openFlow(query: string, headers: Record<string, string> = {}): Promise<string> {
  const opened = await flowRequest("GET", `/?${query}`, { headers });
  if (opened.status !== 303 || !opened.location) throw new Error(`flow not opened: ${opened.status} ${opened.text}`);
  return new URL(opened.location, LINK).pathname;
}

/** The JSON state a page hands its script (`#link-state`). */
export function pageState(html: string): Record<string, any> {
  const match = html.match(/<script type="application\/json" id="link-state">([^<]*)<\/script>/);
  if (!match?.[1]) throw new Error("page has no state");
  return JSON.parse(match[1]);
}

/** Walks a session through provider and agreement to its credentials form. */
export async function reachCredentials(path: string, provider = "sandbox"): Promise<void> {
  const chosen = await flowRequest("POST", `${path}/provider`, { form: { provider } });
  if (chosen.status !== 303) throw new Error(`provider not chosen: ${chosen.status} ${chosen.text}`);
  const accepted = await flowRequest("POST", `${path}/agreement`, { form: { accept: "yes" } });
  if (accepted.status !== 303) throw new Error(`agreement not accepted: ${accepted.status} ${accepted.text}`);
}
