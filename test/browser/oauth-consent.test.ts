/**
 * Samsara's and Motive's OAuth consent in real Chromium, against the fakes' authorization servers
 * (test/fakes/oauth/): embedded through the real SDK the consent opens in a popup, which hands the
 * result back to the flow and closes; the grant's tokens are refreshed (on a 401, and before they
 * expire); a grant the customer revokes disconnects the connection until the consent is given
 * again in the flow opened directly (no iframe: the consent in the same window); a denied consent
 * leaves the flow on the consent step. Screenshots go to test-results/link-flow/oauth-*.png.
 */

import type { FrameLocator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  apiKey,
  type Browser,
  demoEvents,
  launchBrowser,
  openDemo,
  openedFlow,
  type Page,
  screenshot,
} from "./helpers";
import {
  type Connected,
  connectionOf,
  grantsOf,
  lastSyncEnded,
  missingPermissions,
  type OAuthProvider,
  oauthControl,
  registerAccount,
  requestSync,
} from "./oauth-helpers";

/** A bound for a busy machine (two cores shared with other suites), not a measure of speed. */
const STEP_TIMEOUT = 30_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for the demo application to have exchanged the public token and read vehicles with it. */
async function demoResult(page: Page) {
  await expect
    .poll(() => page.locator("#result").getAttribute("data-state"), { timeout: 60_000 })
    .toMatch(/^(done|error)$/);
  const text = (await page.locator("#result").textContent()) ?? "{}";
  expect(await page.locator("#result").getAttribute("data-state"), text).toBe("done");
  return JSON.parse(text) as {
    connection: { id: string; provider: { code: string }; status: string };
    token: string;
    vehicles: unknown[];
  };
}

/** In the demo application (production): Connect a fleet → the provider → the agreement → the consent step. */
async function openConsentStep(provider: OAuthProvider, shot: string) {
  const page = await openDemo(browser);
  const logs: string[] = [];
  page.on("console", (message) => logs.push(`${message.type()}: ${message.text()}`));
  await page.locator("#environment").selectOption("production");
  await page.getByRole("button", { name: "Connect a fleet" }).click();
  const flow = await openedFlow(page);
  await flow.getByRole("button", { name: new RegExp(`^${provider.name}`) }).click();
  await flow.getByRole("button", { name: "Accept and continue" }).click();
  await flow.getByRole("heading", { name: `Sign in to ${provider.name}` }).waitFor({ timeout: STEP_TIMEOUT });
  await flow.getByRole("link", { name: "Use an API token instead" }).waitFor();
  if (provider.code === "samsara") expect(await flow.getByLabel("Region").inputValue()).toBe("us");
  await screenshot(page, `oauth-${provider.code}-${shot}`);
  return { page, flow, logs };
}

/** Clicks "Continue to <provider>" in the embedded flow: the consent opens in the flow's popup. */
async function openConsentPopup(page: Page, flow: FrameLocator, provider: OAuthProvider) {
  const [popup] = await Promise.all([
    page.waitForEvent("popup", { timeout: STEP_TIMEOUT }),
    flow.getByRole("button", { name: `Continue to ${provider.name}` }).click(),
  ]);
  await popup
    .getByRole("heading", { name: `Authorize Telematics API · Sign in to ${provider.name}` })
    .waitFor({ timeout: STEP_TIMEOUT });
  return popup;
}

describe.each<OAuthProvider>([
  { code: "samsara", name: "Samsara" },
  { code: "motive", name: "Motive" },
])("$name's OAuth consent in the browser", (provider) => {
  /** The connection test 1 made, which the next tests use (made again if test 1 could not). */
  let connected: Connected | undefined;

  async function connectThroughPopup(shots: boolean): Promise<Connected> {
    const login = await registerAccount(provider);
    const { page, flow, logs } = await openConsentStep(provider, "01-consent-step");
    const popup = await openConsentPopup(page, flow, provider);
    // The SDK's iframe stays on the consent step while the customer is on the provider's page.
    if (shots) await screenshot(popup, `oauth-${provider.code}-02-provider-page`);
    await popup.getByLabel("Account login").fill(login);
    if (shots) await screenshot(popup, `oauth-${provider.code}-03-provider-page-filled`);
    await Promise.all([
      popup.waitForEvent("close", { timeout: STEP_TIMEOUT }),
      popup.getByRole("button", { name: "Allow" }).click(),
    ]);
    const result = await demoResult(page).catch((error) => {
      throw new Error(`${error instanceof Error ? error.message : error}\nconsole: ${logs.join("\n")}`);
    });
    if (shots) await screenshot(page, `oauth-${provider.code}-04-connected`);
    expect(result.connection).toMatchObject({ provider: { code: provider.code }, status: "connected" });
    expect(result.token).toMatch(/^con_tkn_/);
    expect(result.vehicles.length).toBeGreaterThan(0);
    await expect.poll(() => demoEvents(page)).toEqual(["open", "success", "close"]);
    await expect.poll(() => page.locator("#terminal-link-overlay").isVisible()).toBe(false);
    await page.context().close();
    return { id: result.connection.id, token: result.token, login };
  }

  const connection = async () => {
    connected ??= await connectThroughPopup(false);
    return connected;
  };

  it("consent through the SDK's iframe: a popup on the provider's page, Allow, the popup closes, the app connects", async () => {
    connected = await connectThroughPopup(true);
    const grants = await grantsOf(provider, connected.login);
    expect(grants.grants).toEqual([expect.objectContaining({ revoked: false })]);
    expect(grants.codesIssued).toBe(1);
    const first = await lastSyncEnded(connected.token);
    expect(first?.status, first?.failureReason).toBe("completed");
  }, 180_000);

  it("refreshes the access token on a 401 and before it expires; syncs complete", async () => {
    const { id, token, login } = await connection();
    await lastSyncEnded(token);
    const start = (await grantsOf(provider, login)).grants[0]!;

    // Every access token expired at the provider: the service learns it from a 401 and refreshes once.
    await oauthControl(provider, login, "/expire");
    const afterExpiry = await requestSync(token);
    expect(afterExpiry.status, afterExpiry.failureReason).toBe("completed");
    const refreshed = (await grantsOf(provider, login)).grants;
    expect(refreshed).toHaveLength(1);
    expect(refreshed[0]!.revoked).toBe(false);
    expect(refreshed[0]!.refreshes).toBeGreaterThanOrEqual(start.refreshes + 1);

    // Tokens that live 60 s are always inside the 5-minute margin: refreshed before use, without a 401.
    await oauthControl(provider, login, "", "PUT", { accessTokenSeconds: 60 });
    await oauthControl(provider, login, "/expire");
    expect((await requestSync(token)).status).toBe("completed");
    const shortLived = (await grantsOf(provider, login)).grants[0]!;
    const early = await requestSync(token);
    expect(early.status, early.failureReason).toBe("completed");
    const ahead = (await grantsOf(provider, login)).grants[0]!;
    expect(ahead.refreshes).toBeGreaterThan(shortLived.refreshes);
    expect(ahead.revoked).toBe(false);

    expect((await connectionOf(token)).status).toBe("connected");
    expect((await missingPermissions(id)).filter((issue) => issue.status === "ongoing")).toEqual([]);
  }, 300_000);

  it("a revoked grant disconnects the connection; the consent given again in the flow (direct) reconnects it", async () => {
    const { id, token, login } = await connection();
    await lastSyncEnded(token);
    const revoked = await oauthControl(provider, login, "/revoke");
    expect(revoked.grants.every((grant) => grant.revokedBy === "customer")).toBe(true);

    const failed = await requestSync(token);
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toContain("rejected the connection's credentials");
    expect((await connectionOf(token)).status).toBe("disconnected");
    expect(await missingPermissions(id)).toEqual([
      expect.objectContaining({ status: "ongoing", error: expect.objectContaining({ code: "missing_permissions" }) }),
    ]);

    // The application sends the customer to the flow's reconnect address: no iframe, the consent in the same tab.
    const context = await browser.newContext({ viewport: { width: 1100, height: 850 } });
    const page = await context.newPage();
    await page.goto(`${inject("linkOrigin")}/connection/${id}?key=${apiKey("production", "publishable")}`);
    await page.getByRole("heading", { name: `Connect ${provider.name}` }).waitFor({ timeout: STEP_TIMEOUT });
    await page.getByRole("button", { name: "Accept and continue" }).click();
    await page.getByRole("button", { name: `Continue to ${provider.name}` }).waitFor({ timeout: STEP_TIMEOUT });
    await screenshot(page, `oauth-${provider.code}-05-reconnect-consent`);
    await page.getByRole("button", { name: `Continue to ${provider.name}` }).click();
    await page
      .getByRole("heading", { name: `Authorize Telematics API · Sign in to ${provider.name}` })
      .waitFor({ timeout: STEP_TIMEOUT });
    await page.getByLabel("Account login").fill(login);
    await screenshot(page, `oauth-${provider.code}-06-reconnect-provider-page`);
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL(/\/oauth\/callback\?/, { timeout: STEP_TIMEOUT });
    await page.getByRole("status").filter({ hasText: "reconnected" }).waitFor({ timeout: STEP_TIMEOUT });
    await screenshot(page, `oauth-${provider.code}-07-reconnected`);
    await context.close();

    expect((await connectionOf(token)).status).toBe("connected");
    const grants = (await grantsOf(provider, login)).grants;
    expect(grants.map((grant) => grant.revoked)).toEqual([true, false]);
    const again = await requestSync(token);
    expect(again.status, again.failureReason).toBe("completed");
    expect((await missingPermissions(id)).map((issue) => issue.status)).toEqual(["resolved"]);
  }, 300_000);

  it("Deny in the popup: the popup closes, the flow shows the consent step again, the application gets nothing", async () => {
    const login = await registerAccount(provider);
    const { page, flow } = await openConsentStep(provider, "08-deny-consent-step");
    const popup = await openConsentPopup(page, flow, provider);
    await popup.getByLabel("Account login").fill(login);
    await popup.getByRole("button", { name: "Deny" }).click();
    // The callback tells the embedded flow and closes itself.
    await popup.waitForEvent("close", { timeout: STEP_TIMEOUT });
    const alert = flow.getByRole("alert");
    await alert.waitFor({ timeout: STEP_TIMEOUT });
    expect(await alert.textContent()).toContain(`Access was not granted on ${provider.name}`);
    await flow.getByRole("button", { name: `Continue to ${provider.name}` }).waitFor();
    await screenshot(page, `oauth-${provider.code}-09-denied`);

    // The embedding page heard nothing but the flow's opening.
    expect(await demoEvents(page)).toEqual(["open"]);
    expect(await page.locator("#result").getAttribute("data-state")).toBe("idle");
    expect((await grantsOf(provider, login)).grants).toEqual([]);
    await page.context().close();
  }, 180_000);
});
