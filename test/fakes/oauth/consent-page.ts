/**
 * The fake authorization server's pages: the consent page, where the customer signs in to the
 * provider and allows or denies the app, and the error page shown when the request cannot be
 * sent back to the app (an unknown client or a bad redirect URI: RFC 6749 §4.1.2.1 forbids a
 * redirect then). Plain accessible HTML (language, headings, labelled fields, an alert for a
 * failed sign-in). No X-Frame-Options: the hosted flow may show the page in a popup or a frame.
 */

/** What the consent form carries back to the authorize endpoint. */
export type ConsentRequest = { clientId: string; redirectUri: string; state: string | null; scope: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
input { font: inherit; padding: 0.5rem; width: 100%; box-sizing: border-box; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.25rem; }
button { font: inherit; padding: 0.5rem 1.25rem; }
[role="alert"] { color: #a40000; font-weight: 600; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
    },
  });
}

/** The consent page: `<h1>` and `<title>` "Authorize <app> · Sign in to <provider>". */
export function consentPage(
  options: { provider: string; appName: string; action: string; request: ConsentRequest; alert?: string },
  status = 200,
): Response {
  const { provider, appName, action, request, alert } = options;
  const title = `Authorize ${appName} · Sign in to ${provider}`;
  const hidden = (name: string, value: string | null) =>
    value === null ? "" : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">\n`;
  const scopes = request.scope.split(" ").filter(Boolean);
  const scopeList = scopes.length
    ? `<h2>It asks to</h2>\n<ul>\n${scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join("\n")}\n</ul>\n`
    : "";
  return page(
    status,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(appName)} asks to read your fleet's data in ${escapeHtml(provider)}. Sign in to your ${escapeHtml(provider)} account to allow it.</p>
${scopeList}${alert ? `<p role="alert">${escapeHtml(alert)}</p>\n` : ""}<form method="post" action="${escapeHtml(action)}">
${hidden("client_id", request.clientId)}${hidden("redirect_uri", request.redirectUri)}${hidden("state", request.state)}${hidden("scope", request.scope)}<label for="login">Account login</label>
<input id="login" name="login" type="text" autocomplete="username" required>
<div class="actions">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</div>
</form>`,
  );
}

/** A request that cannot go back to the app: said here, to the customer (status 400). */
export function errorPage(provider: string, message: string): Response {
  return page(
    400,
    `Authorization failed · ${provider}`,
    `<h1>Authorization failed</h1>\n<p role="alert">${escapeHtml(message)}</p>`,
  );
}
