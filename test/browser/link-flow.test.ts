/**
 * The hosted consent flow in real Chromium, driven through the real `@terminal-api/link-sdk` on a
 * page of another origin (the demo application), as an application's customers would use it.
 * Every step is photographed into test-results/link-flow/.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  api,
  apiKey,
  type Browser,
  demoEvents,
  launchBrowser,
  linkFrame,
  openDemo,
  openedFlow,
  type Page,
  screenshot,
  seedFakeAccount,
  unique,
} from "./helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type DemoResult = {
  connection: { id: string; provider: { code: string }; status: string };
  token: string;
  vehicles: unknown[];
};

/** Waits for the demo application to have exchanged the public token and read vehicles with it. */
async function demoResult(page: Page): Promise<DemoResult> {
  await expect
    .poll(() => page.locator("#result").getAttribute("data-state"), { timeout: 30_000 })
    .toMatch(/^(done|error)$/);
  const text = (await page.locator("#result").textContent()) ?? "{}";
  expect(await page.locator("#result").getAttribute("data-state"), text).toBe("done");
  return JSON.parse(text);
}

/** Content-Security-Policy violations the page reports: the flow must cause none. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function fillSandboxCredentials(page: Page, password = "correct-horse") {
  const flow = linkFrame(page);
  await flow.getByLabel("Username").fill("fleet-manager");
  await flow.getByLabel("Password").fill(password);
}

describe("new connection through the SDK", () => {
  it("picker → agreement → credentials → onSuccess; the public token exchanges into a token that reads data", async () => {
    const page = await openDemo(browser);
    const csp = watchCsp(page);
    const externalId = unique("browser");
    await page.locator("#external-id").fill(externalId);
    await page.getByRole("button", { name: "Connect a fleet" }).click();
    const flow = await openedFlow(page);

    await flow.getByRole("heading", { name: "Connect your fleet" }).waitFor();
    await screenshot(page, "01-new-picker");
    await flow.getByLabel("Search providers").fill("sand");
    await expect.poll(() => flow.getByRole("button", { name: /Samsara/ }).isVisible()).toBe(false);
    await screenshot(page, "02-new-picker-search");
    await flow.getByRole("button", { name: /Sandbox/ }).click();

    await flow.getByRole("heading", { name: "Connect Sandbox" }).waitFor();
    await screenshot(page, "03-new-agreement");
    await flow.getByRole("button", { name: "Accept and continue" }).click();

    await flow.getByRole("heading", { name: "Sign in to Sandbox" }).waitFor();
    await fillSandboxCredentials(page);
    await screenshot(page, "04-new-credentials");
    await flow.getByRole("button", { name: "Connect" }).click();

    const result = await demoResult(page);
    await screenshot(page, "05-new-success");
    expect(result.token).toMatch(/^con_tkn_\S+$/);
    expect(result.connection.status).toBe("connected");
    expect(result.vehicles.length).toBeGreaterThan(0);
    await expect.poll(() => demoEvents(page)).toEqual(["open", "success", "close"]);
    // The overlay closed itself on CLOSE.
    await expect.poll(() => page.locator("#terminal-link-overlay").isVisible()).toBe(false);

    const current = await api("GET", "/connections/current", { connectionToken: result.token });
    expect(current.status).toBe(200);
    expect(current.body.externalId).toBe(externalId);
    expect(current.body.agreements[0].userAgent).toContain("Chrome");
    expect(csp).toEqual([]);
    await page.context().close();
  });

  it("shows rejected credentials in the form, then succeeds on the next try", async () => {
    const page = await openDemo(browser);
    await page.getByRole("button", { name: "Connect a fleet" }).click();
    const flow = await openedFlow(page);
    await flow.getByRole("button", { name: /Sandbox/ }).click();
    await flow.getByRole("button", { name: "Accept and continue" }).click();
    await fillSandboxCredentials(page, "invalid");
    await flow.getByRole("button", { name: "Connect" }).click();

    const alert = flow.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("rejected the username or password");
    // Nothing typed comes back.
    expect(await flow.getByLabel("Password").inputValue()).toBe("");
    await screenshot(page, "06-invalid-credentials");

    await fillSandboxCredentials(page);
    await flow.getByRole("button", { name: "Connect" }).click();
    expect((await demoResult(page)).token).toMatch(/^con_tkn_/);
    await page.context().close();
  });

  it("connects a production Samsara account (fake Samsara API) with its API token", async () => {
    const credential = unique("samsara-token");
    await seedFakeAccount("samsara", { credential, name: "Browser Freight", vehicles: 3, seed: credential });
    const page = await openDemo(browser);
    await page.locator("#environment").selectOption("production");
    await page.getByRole("button", { name: "Connect a fleet" }).click();
    const flow = await openedFlow(page);
    await flow.getByRole("button", { name: /Samsara/ }).click();
    await flow.getByRole("button", { name: "Accept and continue" }).click();
    // Samsara offers its OAuth consent first (oauth-consent.test.ts); the API token is a link away.
    await flow.getByRole("link", { name: "Use an API token instead" }).click();
    await flow.getByLabel("API token").fill(credential);
    await screenshot(page, "07-samsara-credentials");
    await flow.getByRole("button", { name: "Connect" }).click();
    const result = await demoResult(page);
    expect(result.connection.provider).toMatchObject({ code: "samsara" });
    expect(result.vehicles).toHaveLength(3);
    await page.context().close();
  });
});

describe("leaving and coming back", () => {
  it("Exit calls onExit and closes the overlay", async () => {
    const page = await openDemo(browser);
    await page.getByRole("button", { name: "Connect a fleet" }).click();
    const flow = await openedFlow(page);
    await flow.getByRole("heading", { name: "Connect your fleet" }).waitFor();
    await flow.getByRole("button", { name: "Exit" }).click();
    await expect.poll(() => demoEvents(page)).toEqual(["open", "exit", "close"]);
    await expect.poll(() => page.locator("#terminal-link-overlay").isVisible()).toBe(false);
    await screenshot(page, "08-exited");
    // Every analytics event of the run's application, oldest first: page through them all.
    const analytics: string[] = [];
    let cursor: string | undefined;
    do {
      const events = await api(
        "GET",
        `/webhooks/events?type=link.analytics_event_emitted&limit=100${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(events.status).toBe(200);
      analytics.push(...events.body.results.map((event: any) => event.detail.event));
      cursor = events.body.next;
    } while (cursor);
    expect(analytics).toContain("exited");
    await page.context().close();
  });

  it("reconnects a disconnected connection: same token, connected again", async () => {
    const created = await api("POST", "/connections", {
      body: { provider: "sandbox", credentials: { username: "fleet-manager", password: "old-password" } },
    });
    expect(created.status).toBe(201);
    const disconnected = await api("PATCH", "/connections/current", {
      connectionToken: created.body.token,
      body: { status: "disconnected" },
    });
    expect(disconnected.body.status).toBe("disconnected");

    const page = await openDemo(browser);
    await page.locator("#connection-id").fill(created.body.id);
    await page.getByRole("button", { name: "Reconnect" }).click();
    const flow = await openedFlow(page);
    await flow.getByRole("heading", { name: "Connect Sandbox" }).waitFor();
    await screenshot(page, "09-reconnect-agreement");
    await flow.getByRole("button", { name: "Accept and continue" }).click();
    await fillSandboxCredentials(page, "new-password");
    await flow.getByRole("button", { name: "Connect" }).click();
    const result = await demoResult(page);
    await screenshot(page, "10-reconnect-success");
    expect(result.connection.id).toBe(created.body.id);
    expect(result.token).toBe(created.body.token);
    expect(result.connection.status).toBe("connected");
    await page.context().close();
  });
});

describe("without the SDK's iframe", () => {
  it("redirect mode: the flow in the tab, back to redirect_url with the public token", async () => {
    const page = await openDemo(browser);
    await page.locator("#redirect-link").click();
    await page.getByRole("heading", { name: "Connect your fleet" }).waitFor();
    await page.getByRole("button", { name: /Sandbox/ }).click();
    await page.getByRole("button", { name: "Accept and continue" }).click();
    await page.getByLabel("Username").fill("fleet-manager");
    await page.getByLabel("Password").fill("correct-horse");
    await screenshot(page, "11-redirect-credentials");
    await page.getByRole("button", { name: "Connect" }).click();
    await page.waitForURL(/\/callback\?/);
    expect(new URL(page.url()).searchParams.get("public_token")).toMatch(/^pub_tkn_/);
    const result = await demoResult(page);
    await screenshot(page, "12-redirect-callback");
    expect(result.token).toMatch(/^con_tkn_/);
    await page.context().close();
  });

  it("a short link opens the flow with its presets and ends at its redirectUrl", async () => {
    const externalId = unique("short");
    const created = await api("POST", "/link/short", {
      body: { provider: "sandbox", externalId, redirectUrl: `${inject("demoUrl")}/callback?environment=sandbox` },
    });
    expect(created.status).toBe(201);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(created.body.url);
    // The provider is preset: straight to the agreement.
    await page.getByRole("heading", { name: "Connect Sandbox" }).waitFor();
    await screenshot(page, "13-short-link-agreement");
    await page.getByRole("button", { name: "Accept and continue" }).click();
    await page.getByLabel("Username").fill("fleet-manager");
    await page.getByLabel("Password").fill("correct-horse");
    await page.getByRole("button", { name: "Connect" }).click();
    await page.waitForURL(/\/callback\?/);
    const result = await demoResult(page);
    const current = await api("GET", "/connections/current", { connectionToken: result.token });
    expect(current.body.externalId).toBe(externalId);
    await context.close();
  });

  it("an expired or deleted short link says so", async () => {
    const created = await api("POST", "/link/short", { body: { externalId: unique("gone") } });
    expect((await api("DELETE", `/link/short/${created.body.id}`)).status).toBe(204);
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(created.body.url);
    expect(response?.status()).toBe(410);
    await page.getByRole("heading", { name: "Link expired" }).waitFor();
    await context.close();
  });
});

describe("accessibility and phones", () => {
  it("works with the keyboard alone on a phone-sized screen", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const csp = watchCsp(page);
    await page.goto(
      `${inject("linkOrigin")}/?key=${apiKey("sandbox", "publishable")}&redirect_url=${encodeURIComponent(`${inject("demoUrl")}/callback?environment=sandbox`)}`,
    );
    // Focus starts in the search field.
    await expect
      .poll(() => page.evaluate("document.activeElement && document.activeElement.id"))
      .toBe("provider-search");
    await page.keyboard.type("sand");
    await page.keyboard.press("Tab");
    await expect
      .poll(() => page.evaluate("document.activeElement && document.activeElement.textContent"))
      .toContain("Sandbox");
    await screenshot(page, "14-phone-picker");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Connect Sandbox" }).waitFor();
    // Focus moves to the new page's heading; the agreement link, then the accept button, come next.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect
      .poll(() => page.evaluate("document.activeElement && document.activeElement.textContent"))
      .toBe("Accept and continue");
    await screenshot(page, "15-phone-agreement");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Sign in to Sandbox" }).waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.type("fleet-manager");
    await page.keyboard.press("Tab");
    await page.keyboard.type("correct-horse");
    await screenshot(page, "16-phone-credentials");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/callback\?/);
    expect((await demoResult(page)).token).toMatch(/^con_tkn_/);
    // No horizontal scrolling on a 390 px screen.
    expect(csp).toEqual([]);
    await context.close();
  });

  it("every form control of the flow has a label", async () => {
    const page = await openDemo(browser);
    await page.getByRole("button", { name: "Connect a fleet" }).click();
    const flow = await openedFlow(page);
    await flow.getByRole("button", { name: /Sandbox/ }).click();
    await flow.getByRole("button", { name: "Accept and continue" }).click();
    await flow.getByRole("heading", { name: "Sign in to Sandbox" }).waitFor();
    for (const input of await flow.locator("input:not([type=hidden]), select").all()) {
      const id = await input.getAttribute("id");
      expect(await flow.locator(`label[for="${id}"]`).count(), `label for #${id}`).toBe(1);
    }
    await page.context().close();
  });
});
