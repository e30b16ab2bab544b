import type { Child } from "hono/jsx";
import { CSRF_FIELD } from "../csrf";
import { DASHBOARD_CSS } from "../styles";
import { type Viewer, viewQuery } from "../viewer";

/** The dashboard's sections, in the navigation's order. */
const SECTIONS = [
  { path: "/dashboard/connections", label: "Connections" },
  { path: "/dashboard/webhooks", label: "Webhooks" },
  { path: "/dashboard/usage", label: "Usage" },
  { path: "/dashboard/providers", label: "Providers" },
  { path: "/dashboard/link", label: "Link" },
] as const;

/** The operator's sections (admin token only). */
const OPERATOR_SECTIONS = [
  { path: "/dashboard/operator/applications", label: "Applications" },
  { path: "/dashboard/operator/members", label: "Members" },
  { path: "/dashboard/operator/shards", label: "Shards" },
] as const;

export type DashboardLayoutProps = {
  title: string;
  nonce: string;
  /** The signed-in viewer; absent on the sign-in page. */
  viewer?: Viewer;
  /** The signed-in operator's CSRF token (for sign-out), on the operator's pages. */
  operatorCsrf?: string;
  /** The path of the page, for `aria-current` in the navigation. */
  current?: string;
  children?: Child;
  /** A page's small script (live progress, copy buttons), run under the response's CSP nonce. */
  script?: string;
};

/** A page of the dashboard: header (application and environment switch, sign-out), navigation, main. */
export function DashboardLayout(props: DashboardLayoutProps) {
  const { viewer, operatorCsrf } = props;
  const csrf = viewer?.csrfToken ?? operatorCsrf;
  const sections = operatorCsrf !== undefined ? OPERATOR_SECTIONS : viewer ? SECTIONS : [];
  const query = viewer ? `?${viewQuery(viewer)}` : "";
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${props.title} · Telematics dashboard`}</title>
        <style nonce={props.nonce} dangerouslySetInnerHTML={{ __html: DASHBOARD_CSS }} />
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header>
          <span class="brand">Telematics dashboard</span>
          {viewer ? <ViewSwitch viewer={viewer} current={props.current ?? "/dashboard"} /> : null}
          {operatorCsrf !== undefined ? <span>Operator</span> : null}
          {csrf !== undefined ? (
            <form method="post" action="/dashboard/sign-out">
              <input type="hidden" name={CSRF_FIELD} value={csrf} />
              <button type="submit">Sign out</button>
            </form>
          ) : null}
        </header>
        {sections.length > 0 ? (
          <nav aria-label="Sections">
            <ul>
              {sections.map((section) => (
                <li>
                  <a
                    href={`${section.path}${query}`}
                    aria-current={section.path === props.current ? "page" : undefined}
                  >
                    {section.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id="main">
          <h1>{props.title}</h1>
          {props.children}
        </main>
        {props.script ? <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: props.script }} /> : null}
      </body>
    </html>
  );
}

/** The application and environment the pages show: a GET form, so it works without JavaScript. */
function ViewSwitch(props: { viewer: Viewer; current: string }) {
  const { principal, applications } = props.viewer;
  return (
    <form method="get" action={props.current}>
      <label for="view-app">Application</label>
      <select id="view-app" name="app">
        {applications.map((application) => (
          <option value={application.id} selected={application.id === principal.applicationId}>
            {`${application.name} (${application.role})`}
          </option>
        ))}
      </select>
      <label for="view-env">Environment</label>
      <select id="view-env" name="env">
        <option value="sandbox" selected={principal.environment === "sandbox"}>
          Sandbox
        </option>
        <option value="production" selected={principal.environment === "production"}>
          Production
        </option>
      </select>
      <button type="submit">Show</button>
    </form>
  );
}
