import type { Child } from "hono/jsx";
import { LINK_CLIENT_SCRIPT } from "../client-script";
import { LINK_CSS } from "../styles";

/** What the page's script needs: how to reach the embedding page, and the flow's result if it ended. */
export type PageState = {
  parentOrigin?: string | null;
  result?: "success" | "exit";
  publicToken?: string;
  /** The page is the provider's OAuth callback: opened as the flow's consent popup, it hands its result to the flow. */
  oauthCallback?: boolean;
  /** The callback's consent did not complete (`declined` by the customer, or `failed`): the flow shows it. */
  consent?: "declined" | "failed";
};

export type LayoutProps = {
  title: string;
  nonce: string;
  /** Name of the application the end user is connecting to (header). */
  applicationName?: string;
  /** Where the Exit button posts (the session's exit step); without it, Exit only tells the SDK. */
  exitAction?: string;
  state?: PageState;
  children?: Child;
};

/** JSON inside a <script> element: `<` is escaped so no value can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export function Layout(props: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${props.title} · Connect your fleet`}</title>
        <style nonce={props.nonce} dangerouslySetInnerHTML={{ __html: LINK_CSS }} />
      </head>
      <body>
        <header>
          <span class="app">{props.applicationName ?? "Connect your fleet"}</span>
          {props.exitAction ? (
            <form method="post" action={props.exitAction}>
              <button class="exit" type="submit" aria-label="Exit" title="Exit">
                ×
              </button>
            </form>
          ) : (
            <button class="exit" type="button" aria-label="Exit" title="Exit" data-exit-now="">
              ×
            </button>
          )}
        </header>
        <main id="main">
          <h1 tabindex={-1}>{props.title}</h1>
          {props.children}
        </main>
        <script
          type="application/json"
          id="link-state"
          dangerouslySetInnerHTML={{ __html: scriptJson(props.state ?? {}) }}
        />
        <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: LINK_CLIENT_SCRIPT }} />
      </body>
    </html>
  );
}
