import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { END_USER_AGREEMENT } from "../domain/link/agreement";
import type { AppEnv } from "../env";
import { flowError, toFlowError } from "./errors";
import { AgreementDocument } from "./pages/agreement-document";
import { ErrorStep } from "./pages/outcomes";
import { renderPage } from "./render";
import { registerOAuthRoutes } from "./routes/oauth";
import { registerStartRoutes } from "./routes/start";
import { registerStepRoutes } from "./routes/steps";
import { registerUnsupportedProviderRoutes } from "./routes/unsupported-provider";

/** Forms of the flow are a few short fields. */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * The hosted consent flow, served at the root of its origin (the browser SDK requires it):
 * server-rendered pages, no cookies (it lives in third-party iframes), a strict CSP on every
 * page, failures shown as pages rather than JSON.
 */
export function newLinkApp() {
  const app = new Hono<AppEnv>();
  app.use(
    "/flow/*",
    bodyLimit({
      maxSize: MAX_FORM_BYTES,
      onError: () => {
        throw flowError(413, "Something is not right", "The form is too large.");
      },
    }),
  );
  registerStartRoutes(app);
  registerStepRoutes(app);
  registerOAuthRoutes(app);
  registerUnsupportedProviderRoutes(app);

  app.get(`/agreements/${END_USER_AGREEMENT.type}/${END_USER_AGREEMENT.version}`, (c) =>
    renderPage(c, { title: END_USER_AGREEMENT.title, children: <AgreementDocument /> }),
  );

  app.onError((error, c) => {
    const shown = toFlowError(error);
    if (!shown) {
      console.error(
        JSON.stringify({ level: "error", requestId: c.get("requestId"), error: error.name, stack: error.stack }),
      );
    }
    const page = shown ?? {
      status: 500 as const,
      title: "Something went wrong",
      message: `Something went wrong on our side. Try again in a moment (reference ${c.get("requestId")}).`,
    };
    return renderPage(c, {
      status: page.status,
      title: page.title,
      children: <ErrorStep message={page.message} {...(page.problems ? { problems: page.problems } : {})} />,
    });
  });
  return app;
}
