import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "../../scripts/d1-databases.mjs";
import { startDemoApp } from "../../scripts/demo-app.mjs";
import { ensureChromium } from "../../scripts/ensure-chromium.mjs";
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
  const deadline = Date.now() + 90_000;
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
  throw new Error(`wrangler dev did not answer on ${origin} within 90 s; see ${LOG_FILE}`);
}

export default async function setup(project: TestProject) {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    // A fresh machine has no browser yet: `npm test` installs Debian's chromium itself.
    ensureChromium();
    const fakes = await startAllFakes();
    cleanups.push(() => fakes.close());

    const persistDir = mkdtempSync(path.join(tmpdir(), "telematics-browser-"));
    cleanups.push(() => rmSync(persistDir, { recursive: true, force: true }));
    // The control database and every data shard of wrangler.toml.
    // One database after another: wrangler processes migrating the same persist directory at once
    // meet on its shared files (SQLITE_BUSY, seen once in a full run).
    applyMigrations({ wrangler, args: ["--local", "--persist-to", persistDir], env, cwd: root, quiet: true });

    const [port, inspectorPort] = [await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${port}`;
    const adminToken = `adm_${randomBytes(24).toString("base64url")}`;
    // --var wins over a developer's .dev.vars, so these fresh secrets are the ones in effect.
    const vars = {
      ADMIN_TOKEN: adminToken,
      ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      LINK_BASE_URL: origin,
      PRODUCTION_BASE_URL: `${origin}/tsp/v1`,
      SANDBOX_BASE_URL: `${origin}/sandbox/tsp/v1`,
      SAMSARA_BASE_URL: fakes.urls.samsara,
      SAMSARA_EU_BASE_URL: fakes.urls.samsara,
      MOTIVE_BASE_URL: fakes.urls.motive,
      GEOTAB_BASE_URL: fakes.urls.geotab,
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
      port: 0,
      linkBaseUrl: origin,
      apiBaseUrls: { production: vars.PRODUCTION_BASE_URL, sandbox: vars.SANDBOX_BASE_URL },
      application,
    });
    cleanups.push(() => demo.close());

    project.provide("linkOrigin", origin);
    project.provide("demoUrl", demo.url);
    project.provide("application", application);
    project.provide("adminToken", adminToken);
    project.provide("fakeProviderUrls", fakes.urls);
  } catch (error) {
    await teardown();
    // Not thrown: in `npm test` that would abort the workers suite too. ./setup.ts fails each browser
    // test file with this message instead.
    const message = error instanceof Error ? error.message : String(error);
    console.error(`browser suite setup failed: ${message}`);
    project.provide("browserSetupError", message);
    return;
  }
  project.provide("browserSetupError", "");
  return teardown;
}

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
    /** The application created for the run, with its four keys. */
    application: BrowserTestApplication;
    /** The Worker's ADMIN_TOKEN for this run. */
    adminToken: string;
    fakeProviderUrls: { samsara: string; motive: string; geotab: string };
    /** Why the setup failed (empty when it succeeded). */
    browserSetupError: string;
  }
}
