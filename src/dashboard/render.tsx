import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { randomBase62 } from "../lib/random";
import { setPrivatePageHeaders } from "../link/render";
import { DashboardLayout, type DashboardLayoutProps } from "./pages/layout";

export type DashboardRenderOptions = Omit<DashboardLayoutProps, "nonce"> & { status?: ContentfulStatusCode };

/**
 * Sends a dashboard page with a strict Content-Security-Policy: nothing loads from elsewhere, the
 * inline style (and a page's small script, when it has one) runs only with this response's nonce,
 * forms post only here, and no other site may frame it (clickjacking); never cached.
 */
export async function renderDashboard(c: Context, options: DashboardRenderOptions): Promise<Response> {
  const nonce = randomBase62(22);
  const { status = 200, ...layout } = options;
  c.header(
    "Content-Security-Policy",
    [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      "img-src 'self' data:",
      // A page's script reads its own page again (live sync progress), nothing else.
      "connect-src 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join("; "),
  );
  setPrivatePageHeaders(c);
  // The dashboard's own posts then carry its Origin (with no-referrer a browser sends `null`); other sites get nothing.
  c.header("Referrer-Policy", "same-origin");
  const html = await (<DashboardLayout {...layout} nonce={nonce} />).toString();
  return c.html(`<!doctype html>${html}`, status);
}
