// A tiny "application that embeds the hosted consent flow", for `npm start` and the browser tests.
// Its page loads the real @terminal-api/link-sdk from node_modules and opens the flow served by the
// Worker; its server exchanges the public token with the secret key, as a customer's backend would.
// Serve it from another origin than the flow (host `localhost` while the Worker is on 127.0.0.1),
// so that embedding is cross-origin as in production.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";

// createRequire, not import.meta.resolve: vitest's module runner (browser tests) lacks the latter.
const SDK_PATH = createRequire(import.meta.url).resolve("@terminal-api/link-sdk");
const ENVIRONMENTS = ["sandbox", "production"];
/** The first sync runs in the background, so vehicles may take a moment to appear. */
const VEHICLE_WAIT_MS = 10_000;
const VEHICLE_POLL_MS = 500;

/**
 * Starts the demo application on 127.0.0.1:`port` (0 picks a free port), reached as http://localhost:<port>.
 * `application` is the admin API's created application, with its keys (like .wrangler/dev-application.json).
 * @param {{ port?: number, linkBaseUrl: string, apiBaseUrls: { production: string, sandbox: string },
 *   application: { keys: Array<{ environment: string, kind: string, key: string }> } }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startDemoApp({ port = 0, linkBaseUrl, apiBaseUrls, application }) {
  const keyOf = (environment, kind) => {
    const found = application.keys.find((entry) => entry.environment === environment && entry.kind === kind);
    if (!found?.key) throw new Error(`the application has no ${environment} ${kind} key`);
    return found.key;
  };
  const publishableKeys = Object.fromEntries(ENVIRONMENTS.map((env) => [env, keyOf(env, "publishable")]));
  const secretKeys = Object.fromEntries(ENVIRONMENTS.map((env) => [env, keyOf(env, "secret")]));
  // The SDK compares event.origin with linkBaseUrl exactly: no trailing slash.
  const linkOrigin = linkBaseUrl.replace(/\/+$/, "");

  /** Exchanges a public token with the secret key, then reads a few vehicles with the connection token. */
  async function exchange(publicToken, environment) {
    const apiBase = apiBaseUrls[environment];
    const authorization = `Bearer ${secretKeys[environment]}`;
    const exchanged = await fetch(`${apiBase}/public-token/exchange`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({ publicToken }),
    });
    const connection = await exchanged.json().catch(() => ({}));
    if (exchanged.status !== 200) return { status: 502, body: { error: { status: exchanged.status, ...connection } } };

    let vehicles = [];
    const deadline = Date.now() + VEHICLE_WAIT_MS;
    for (;;) {
      const response = await fetch(`${apiBase}/vehicles?limit=5`, {
        headers: { authorization, "connection-token": connection.token },
      });
      const page = await response.json().catch(() => ({}));
      if (response.status !== 200) return { status: 502, body: { error: { status: response.status, ...page } } };
      vehicles = page.results ?? [];
      if (vehicles.length > 0 || Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, VEHICLE_POLL_MS));
    }
    const { id, provider, status } = connection;
    return { status: 200, body: { connection: { id, provider, status }, token: connection.token, vehicles } };
  }

  async function handle(request, response) {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (request.method === "GET" && url.pathname === "/") {
      return send(response, 200, "text/html; charset=utf-8", homePage({ linkBaseUrl: linkOrigin, publishableKeys }));
    }
    if (request.method === "GET" && url.pathname === "/sdk/link-sdk.js") {
      return send(response, 200, "text/javascript; charset=utf-8", await readFile(SDK_PATH));
    }
    if (request.method === "POST" && url.pathname === "/api/exchange") {
      const input = await readJson(request);
      const problem = validate(input?.publicToken, input?.environment);
      if (problem) return sendJson(response, 400, { error: problem });
      const result = await exchange(input.publicToken, input.environment);
      return sendJson(response, result.status, result.body);
    }
    if (request.method === "GET" && url.pathname === "/callback") {
      const publicToken = url.searchParams.get("public_token");
      const environment = url.searchParams.get("environment") ?? "sandbox";
      const problem = validate(publicToken, environment);
      const result = problem ? { status: 400, body: { error: problem } } : await exchange(publicToken, environment);
      return send(response, result.status, "text/html; charset=utf-8", callbackPage(result));
    }
    return sendJson(response, 404, { error: "not found" });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      // The message only: request details may carry tokens.
      console.error(`demo app: ${error instanceof Error ? error.message : "request failed"}`);
      if (!response.headersSent) sendJson(response, 500, { error: "the demo app failed; see its console" });
      else response.end();
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    // Loopback only: the page holds keys of a local service.
    server.listen(port, "127.0.0.1", () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://localhost:${actualPort}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

function validate(publicToken, environment) {
  if (typeof publicToken !== "string" || !/^pub_tkn_\S{1,200}$/.test(publicToken))
    return "missing or malformed public token";
  if (!ENVIRONMENTS.includes(environment)) return "environment must be sandbox or production";
  return undefined;
}

async function readJson(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > 10_000) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}

function send(response, status, contentType, body) {
  response.writeHead(status, { "content-type": contentType, "cache-control": "no-store" });
  response.end(body);
}

function sendJson(response, status, body) {
  send(response, status, "application/json", JSON.stringify(body));
}

/** JSON inside a <script> or <pre>: escape `<` so no value can close the element. */
function embed(value) {
  return JSON.stringify(value, null, 2).replace(/</g, "\\u003c").replace(/&/g, "\\u0026");
}

const STYLE = `
  body { font: 15px/1.4 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #1d2330; }
  fieldset { border: 1px solid #d5d9e0; border-radius: 8px; margin: 0 0 1rem; padding: 0.75rem 1rem; }
  label { display: inline-block; margin: 0.25rem 1rem 0.25rem 0; }
  button { font: inherit; padding: 0.35rem 0.9rem; cursor: pointer; }
  pre { background: #f4f6f9; padding: 0.75rem; border-radius: 8px; overflow: auto; max-height: 24rem; }
`;

function homePage(config) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Hosted flow demo</title>
  <style>${STYLE}</style>
</head>
<body>
  <h1>Hosted flow demo</h1>
  <p>An application embedding the hosted consent flow with <code>@terminal-api/link-sdk</code>.</p>
  <fieldset>
    <label>Environment
      <select id="environment">
        <option value="sandbox" selected>Sandbox</option>
        <option value="production">Production</option>
      </select>
    </label>
    <label>External id (optional) <input id="external-id" placeholder="customer-42"></label>
  </fieldset>
  <fieldset>
    <button id="connect" type="button">Connect a fleet</button>
    <a id="redirect-link" href="#">Open in redirect mode</a>
  </fieldset>
  <fieldset>
    <label>Connection id <input id="connection-id" placeholder="conn_…"></label>
    <button id="reconnect" type="button">Reconnect</button>
  </fieldset>
  <h2>Result</h2>
  <pre id="result" data-state="idle"></pre>
  <h2>Events</h2>
  <ol id="events"></ol>
  <script type="application/json" id="config">${embed(config)}</script>
  <script type="module">
    import { TerminalLink } from "/sdk/link-sdk.js";

    const config = JSON.parse(document.getElementById("config").textContent);
    const $ = (id) => document.getElementById(id);
    let link;

    function logEvent(name) {
      const item = document.createElement("li");
      item.textContent = name;
      $("events").append(item);
    }

    function showResult(state, value) {
      $("result").dataset.state = state;
      $("result").textContent = value === undefined ? "" : JSON.stringify(value, null, 2);
    }

    async function exchange(publicToken, environment) {
      showResult("pending", { message: "Exchanging the public token…" });
      try {
        const response = await fetch("/api/exchange", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ publicToken, environment }),
        });
        const body = await response.json();
        showResult(response.ok ? "done" : "error", body);
      } catch (error) {
        showResult("error", { error: String(error) });
      }
    }

    // One SDK instance at a time: each instance listens to window messages until destroyed.
    function openLink(options) {
      link?.destroy();
      const environment = $("environment").value;
      const externalId = $("external-id").value.trim();
      link = TerminalLink.initialize({
        publishableKey: config.publishableKeys[environment],
        linkBaseUrl: config.linkBaseUrl,
        // The SDK refuses params when reconnecting.
        params: options?.connectionId || !externalId ? undefined : { externalId },
        onOpen: () => logEvent("open"),
        onSuccess: ({ publicToken }) => {
          logEvent("success");
          exchange(publicToken, environment);
        },
        onExit: () => logEvent("exit"),
        onClose: () => logEvent("close"),
      });
      link.open(options);
    }

    function updateRedirectLink() {
      const environment = $("environment").value;
      const url = new URL("/", config.linkBaseUrl);
      url.searchParams.set("key", config.publishableKeys[environment]);
      const externalId = $("external-id").value.trim();
      if (externalId) url.searchParams.set("external_id", externalId);
      url.searchParams.set("redirect_url", location.origin + "/callback?environment=" + environment);
      $("redirect-link").href = url.toString();
    }

    $("connect").addEventListener("click", () => openLink());
    $("reconnect").addEventListener("click", () => {
      const connectionId = $("connection-id").value.trim();
      if (connectionId) openLink({ connectionId });
    });
    $("environment").addEventListener("change", updateRedirectLink);
    $("external-id").addEventListener("input", updateRedirectLink);
    updateRedirectLink();
    document.body.dataset.ready = "true";
  </script>
</body>
</html>`;
}

function callbackPage(result) {
  const state = result.status === 200 ? "done" : "error";
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Hosted flow demo: callback</title>
  <style>${STYLE}</style>
</head>
<body>
  <h1>Back from the hosted flow</h1>
  <pre id="result" data-state="${state}">${embed(result.body)}</pre>
  <p><a href="/">Back to the demo</a></p>
</body>
</html>`;
}
