import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrationsInBackground } from "../../scripts/d1-databases.mjs";
import { startDemoApp } from "../../scripts/demo-app.mjs";
import { ensureChromium } from "../../scripts/ensure-chromium.mjs";
import { fakeBaseUrlVars } from "../fakes/base-urls.ts";
import { FAKE_OAUTH_CLIENT_VARS } from "../fakes/oauth/clients.ts";
import { startAllFakes } from "../fakes/start-all.ts";
import { freePort, stopProcessGroup } from "./processes.ts";

/**
 * The browser suite runs against a real `wrangler dev` (not the workerd test pool), because a browser
 * needs a real origin: fake providers on free ports, a fresh D1 in a temporary persist dir, a fresh
 * application, and the demo application (scripts/demo-app.mjs) on another origin (`localhost`).
 */
const root = path.resolve(import.meta.dirname, "../..");
const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
/** wrangler dev's output, for reading when a flow test fails (git-ignored). */
const LOG_FILE = path.join(root, "test-results", "wrangler-dev.log");

async function waitForWorker(origin: string, child: ChildProcess) {
  // It starts beside the workers suite, on a machine that is busy with it.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early (code ${child.exitCode}); see ${LOG_FILE}`);
    try {
      const response = await fetch(`${origin}/tsp/v1/openapi.json`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`wrangler dev did not answer on ${origin} within 180 s; see ${LOG_FILE}`);
}

/**
 * Starts the browser suite's world without holding up the run: the ports, the admin token and the
 * fake providers are settled at once and provided; the migrations, `wrangler dev`, the application
 * and the demo application come up in the background while the workers suite runs (about 15 s of
 * start-up that used to delay every file), and their outcome is written to `browserReadyFile`,
 * which ./setup.ts waits for before a browser test file starts.
 */
export default async function setup(project: TestProject) {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  const readyFile = path.join(mkdtempSync(path.join(tmpdir(), "telematics-browser-ready-")), "ready.json");
  cleanups.push(() => rmSync(path.dirname(readyFile), { recursive: true, force: true }));
  project.provide("browserReadyFile", readyFile);
  try {
    // A fresh machine has no browser yet: `npm test` installs Debian's chromium itself.
    ensureChromium();
    const fakes = await startAllFakes();
    cleanups.push(() => fakes.close());
    const [port, inspectorPort, demoPort] = [await freePort(), await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${port}`;
    const adminToken = `adm_${randomBytes(24).toString("base64url")}`;
    project.provide("linkOrigin", origin);
    project.provide("demoUrl", `http://localhost:${demoPort}`);
    project.provide("adminToken", adminToken);
    project.provide("fakeProviderUrls", fakes.urls);

    const prepared = prepareWorker({ origin, port, inspectorPort, demoPort, adminToken, fakes, cleanups }).then(
      (application): BrowserReadiness => ({ application }),
      (error: unknown): BrowserReadiness => ({ error: error instanceof Error ? error.message : String(error) }),
    );
    const written = prepared.then((readiness) => {
      // Not thrown: in `npm test` that would abort the workers suite too. ./setup.ts fails each
      // browser test file with this message instead.
      if ("error" in readiness) console.error(`browser suite setup failed: ${readiness.error}`);
      writeFileSync(readyFile, JSON.stringify(readiness));
    });
    return async () => {
      await written;
      await teardown();
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`browser suite setup failed: ${message}`);
    writeFileSync(readyFile, JSON.stringify({ error: message } satisfies BrowserReadiness));
    return teardown;
  }
}

type Preparation = {
  origin: string;
  port: number;
  inspectorPort: number;
  demoPort: number;
  adminToken: string;
  fakes: Awaited<ReturnType<typeof startAllFakes>>;
  cleanups: Array<() => Promise<unknown> | unknown>;
};

/** Migrates a fresh D1, starts `wrangler dev` on it, creates the run's application and starts the demo application. */
async function prepareWorker({ origin, port, inspectorPort, demoPort, adminToken, fakes, cleanups }: Preparation) {
  const persistDir = mkdtempSync(path.join(tmpdir(), "telematics-browser-"));
  cleanups.push(() => rmSync(persistDir, { recursive: true, force: true }));
  // The control database and every data shard of wrangler.toml, one after another.
  await applyMigrationsInBackground({ wrangler, args: ["--local", "--persist-to", persistDir], env, cwd: root });

  // --var wins over a developer's .dev.vars, so these fresh secrets are the ones in effect.
  const vars = {
    ADMIN_TOKEN: adminToken,
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    LINK_BASE_URL: origin,
    PRODUCTION_BASE_URL: `${origin}/tsp/v1`,
    SANDBOX_BASE_URL: `${origin}/sandbox/tsp/v1`,
    ...fakeBaseUrlVars(fakes.urls),
    ...FAKE_OAUTH_CLIENT_VARS,
    ALLOW_LOOPBACK_WEBHOOKS: "true",
  };
  mkdirSync(path.dirname(LOG_FILE), { recursive: true });
  const log = createWriteStream(LOG_FILE);
  cleanups.push(() => new Promise((resolve) => log.end(resolve)));
  const child = spawn(
    wrangler,
    [
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      persistDir,
      "--show-interactive-dev-session=false",
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    // Its own process group, so teardown stops workerd too.
    { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  cleanups.push(() => stopProcessGroup(child));
  await waitForWorker(origin, child);

  const created = await fetch(`${origin}/admin/v1/applications`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Browser tests" }),
  });
  if (created.status !== 201) throw new Error(`could not create the test application (${created.status})`);
  const application = (await created.json()) as BrowserTestApplication;

  const demo = await startDemoApp({
    port: demoPort,
    linkBaseUrl: origin,
    apiBaseUrls: { production: vars.PRODUCTION_BASE_URL, sandbox: vars.SANDBOX_BASE_URL },
    application,
  });
  cleanups.push(() => demo.close());
  return application;
}

/** What ./setup.ts reads from `browserReadyFile`: the run's application, or why the world could not start. */
export type BrowserReadiness = { application: BrowserTestApplication } | { error: string };

/** The application created for the run, as POST /admin/v1/applications answered (keys included). */
export type BrowserTestApplication = {
  id: string;
  name: string;
  keys: Array<{ id: string; environment: "production" | "sandbox"; kind: "secret" | "publishable"; key: string }>;
};

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the Worker under test (wrangler dev), which is also its LINK_BASE_URL: http://127.0.0.1:<port>. */
    linkOrigin: string;
    /** The demo application (scripts/demo-app.mjs), on another origin: http://localhost:<port>. */
    demoUrl: string;
    /** The Worker's ADMIN_TOKEN for this run. */
    adminToken: string;
    fakeProviderUrls: Record<string, string>;
    /** Where the outcome of the background start-up appears (`BrowserReadiness` as JSON): ./setup.ts waits for it. */
    browserReadyFile: string;
  }
}
