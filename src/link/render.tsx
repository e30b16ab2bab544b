import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env";
import { randomBase62 } from "../lib/random";
import { Layout, type LayoutProps } from "./pages/layout";

export type RenderOptions = Omit<LayoutProps, "nonce"> & {
  status?: ContentfulStatusCode;
  /** Origin the page's forms may end up at besides its own (redirect mode's redirect_url). */
  redirectOrigin?: string;
  /** The provider's consent pages' origins, where the page's OAuth form ends up after its redirect. */
  consentOrigins?: readonly string[];
};

/**
 * Sends a page of the flow with a strict Content-Security-Policy: nothing loads from anywhere
 * (no CDN, no fonts), the inline style and script run only with this response's nonce, forms
 * post only to this origin (and to the redirect target in redirect mode, or to the provider's
 * consent page for OAuth, since Chromium applies form-action to the redirect after a post). `frame-ancestors *` because the flow is made to be
 * embedded by any application's page; the publishable key, not the embedding page, names the
 * application, and the public token it hands out reads nothing without the secret key.
 */
export async function renderPage(c: Context<AppEnv>, options: RenderOptions): Promise<Response> {
  const nonce = randomBase62(22);
  const { status = 200, redirectOrigin, consentOrigins = [], ...layout } = options;
  const formAction = ["'self'", ...(redirectOrigin ? [redirectOrigin] : []), ...consentOrigins].join(" ");
  c.header(
    "Content-Security-Policy",
    [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      "img-src data:",
      `form-action ${formAction}`,
      "frame-ancestors *",
      "base-uri 'none'",
    ].join("; "),
  );
  setPrivatePageHeaders(c);
  const html = await (<Layout {...layout} nonce={nonce} />).toString();
  return c.html(`<!doctype html>${html}`, status);
}

/** Headers of every flow response: never cached (pages carry session ids and tokens), never sniffed, no Referer leaks. */
export function setPrivatePageHeaders(c: Context<AppEnv>): void {
  c.header("Cache-Control", "no-store");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
}
