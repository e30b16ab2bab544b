/**
 * Helpers for the browser suite: real headless Chromium (Debian's /usr/bin/chromium driven by
 * playwright-core) against a real `wrangler dev` started by ./global-setup.ts.
 *
 * Adding a hosted-flow test: create `test/browser/<name>.test.ts` (run with `npm run test:browser`):
 *
 *   import { afterAll, beforeAll, expect, inject, it } from "vitest";
 *   import { type Browser, launchBrowser, openDemo, openedFlow, screenshot } from "./helpers";
 *
 *   let browser: Browser;
 *   beforeAll(async () => { browser = await launchBrowser(); });
 *   afterAll(async () => { await browser?.close(); });
 *
 *   it("connects a sandbox fleet", async () => {
 *     const page = await openDemo(browser);                    // the embedding app, on http://localhost:<port>
 *     await page.getByRole("button", { name: "Connect a fleet" }).click();
 *     const flow = await openedFlow(page);                    // the flow inside the SDK's iframe, opened
 *     await flow.getByRole("button", { name: "Sandbox" }).click();
 *     await screenshot(page, "sandbox-form");                 // test-results/link-flow/sandbox-form.png
 *     await expect.poll(() => page.locator("#result").getAttribute("data-state"), { timeout: 20_000 }).toBe("done");
 *     const result = JSON.parse(await page.locator("#result").textContent() ?? "{}");
 *     expect(result.token).toMatch(/^con_tkn_/);
 *   });
 *
 * The demo page (scripts/demo-app.mjs) has: select #environment (sandbox|production), input #external-id,
 * button #connect ("Connect a fleet"), input #connection-id + button #reconnect, link #redirect-link
 * (redirect mode back to <demo>/callback), <pre id="result" data-state="idle|pending|done|error"> with the
 * exchange result `{ connection: { id, provider, status }, token, vehicles }` as JSON, and <ol id="events">
 * with one <li> per SDK callback ("open", "success", "exit", "close"). /callback renders the same #result.
 *
 * Values from global-setup (use `inject(...)` from vitest): linkOrigin, demoUrl, adminToken, fakeProviderUrls;
 * the run's application is `browserApplication()` (./readiness.ts). Each test creates its own data (connections, short links) and asserts on its own ids.
 * `page.evaluate` callbacks run in the browser: the test tsconfig has no DOM types, so prefer locators.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium, type FrameLocator, type Page } from "playwright-core";
import { inject } from "vitest";
import { CHROMIUM_PATH } from "../../scripts/ensure-chromium.mjs";
import { browserApplication } from "./readiness.ts";

export type { Browser, Page } from "playwright-core";

export type Environment = "production" | "sandbox";

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../test-results/link-flow");

/** Launches headless Chromium: Debian's package, since `npx playwright install` cannot download here. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** Saves a full-page PNG to test-results/link-flow/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, "-")}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** A new page (own context: no shared cookies or storage) on the demo application, ready to click. */
export async function openDemo(browser: Browser, pathname = "/"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 850 } });
  const page = await context.newPage();
  await page.goto(new URL(pathname, inject("demoUrl")).toString());
  if (pathname === "/") await page.locator('body[data-ready="true"]').waitFor();
  return page;
}

/** The hosted flow inside the SDK's overlay iframe. */
export function linkFrame(page: Page): FrameLocator {
  return page.frameLocator("#terminal-link-iframe");
}

/**
 * The hosted flow once the SDK has finished opening it. The SDK fades the overlay in and slides
 * the iframe up for 200 ms; a click during the slide can land on the overlay beside the moving
 * iframe, which the SDK takes as a click outside the flow: it calls onExit and closes it.
 * Computed styles report the values mid-transition, so this waits for the final ones.
 */
export async function openedFlow(page: Page): Promise<FrameLocator> {
  await page.waitForFunction(`(() => {
    const overlay = document.getElementById("terminal-link-overlay");
    const iframe = document.getElementById("terminal-link-iframe");
    if (!overlay || !iframe) return false;
    const transform = getComputedStyle(iframe).transform;
    return getComputedStyle(overlay).opacity === "1" && getComputedStyle(iframe).opacity === "1" &&
      (transform === "none" || transform === "matrix(1, 0, 0, 1, 0, 0)");
  })()`);
  return linkFrame(page);
}

/** The texts of the SDK callbacks the demo page logged, in order ("open", "success", "exit", "close"). */
export function demoEvents(page: Page): Promise<string[]> {
  return page.locator("#events li").allTextContents();
}

/** The publishable or secret key of the run's application. */
export function apiKey(environment: Environment, kind: "secret" | "publishable"): string {
  const found = browserApplication().keys.find((key) => key.environment === environment && key.kind === kind);
  if (!found) throw new Error(`no ${environment} ${kind} key`);
  return found.key;
}

/** The API base address of an environment, e.g. http://127.0.0.1:<port>/sandbox/tsp/v1. */
export function apiBase(environment: Environment): string {
  const origin = inject("linkOrigin");
  return environment === "sandbox" ? `${origin}/sandbox/tsp/v1` : `${origin}/tsp/v1`;
}

export type ApiResponse<T = any> = { status: number; headers: Headers; body: T };

/**
 * Calls the public API with the environment's secret key (or `key`), as the customer's backend would.
 * `path` is relative to the base address: `api("GET", "/connections", { environment: "sandbox" })`.
 */
export async function api<T = any>(
  method: string,
  pathname: string,
  options: { environment?: Environment; body?: unknown; key?: string; connectionToken?: string } = {},
): Promise<ApiResponse<T>> {
  const environment = options.environment ?? "sandbox";
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.key ?? apiKey(environment, "secret")}`,
  };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.connectionToken) headers["connection-token"] = options.connectionToken;
  return toApiResponse(
    await fetch(`${apiBase(environment)}${pathname}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
  );
}

/** Calls the operator API (/admin/v1) with the run's admin token. */
export async function adminApi<T = any>(method: string, pathname: string, body?: unknown): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { authorization: `Bearer ${inject("adminToken")}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  return toApiResponse(
    await fetch(`${inject("linkOrigin")}/admin/v1${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/**
 * Registers a customer account at a fake provider (test/fakes/accounts.ts); the flow can then connect
 * with that credential (Samsara API token, Motive API key, Geotab `database/userName/password`).
 */
export async function seedFakeAccount(
  provider: string,
  account: { credential: string; name?: string; vehicles?: number; seed?: string; faults?: { delayMs?: number } },
): Promise<void> {
  const response = await fetch(`${inject("fakeProviderUrls")[provider]}/__fake/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  if (response.status !== 201) throw new Error(`could not seed the ${provider} account (${response.status})`);
}

/** A random suffix, for names and external ids that no other test uses. */
export function unique(prefix = "t"): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

async function toApiResponse<T>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (an HTML page): keep the text.
  }
  return { status: response.status, headers: response.headers, body };
}
