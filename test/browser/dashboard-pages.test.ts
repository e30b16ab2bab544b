/**
 * Every page of the dashboard in a real browser (issue 24), at a desktop's width and a phone's:
 * axe-core finds no serious or critical violation, and no page is wider than the phone's screen
 * (wide tables scroll inside their own region). The pages are reached as a member would, by their
 * forms: a webhook endpoint and a short link created, their secrets copied; the operator's pages
 * with the admin token.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  dashboardUrl,
  newMember,
  operatorPage,
  overflowsSideways,
  sandboxConnection,
  seriousViolations,
  signedInPage,
} from "./dashboard-helpers.ts";
import { type Browser, launchBrowser, type Page, screenshot } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = {
  desktop: { width: 1100, height: 850 },
  phone: { width: 360, height: 740 },
} as const;

/** The page as it is now passes axe-core and fits the window's width; its name says which page failed. */
async function expectAccessible(page: Page, name: string) {
  expect({ page: name, violations: await seriousViolations(page) }).toEqual({ page: name, violations: [] });
  expect({ page: name, overflows: await overflowsSideways(page) }).toEqual({ page: name, overflows: false });
}

/** The copy button of the field labelled `label` copies its value, and says so. */
async function expectCopies(page: Page, label: string) {
  const value = await page.getByLabel(label, { exact: true }).inputValue();
  await page.getByRole("button", { name: "Copy" }).click();
  await expect.poll(() => page.getByRole("status").filter({ hasText: "Copied" }).count()).toBe(1);
  expect(await page.evaluate("navigator.clipboard.readText()")).toBe(value);
}

describe.each(Object.entries(VIEWPORTS))("every page at a %s's width", (name, viewport) => {
  it("a member's pages: sign-in, connections, a connection, webhooks, usage, providers, link, an error", async () => {
    const signIn = await (await browser.newContext({ viewport })).newPage();
    await signIn.goto(dashboardUrl("/dashboard/sign-in"));
    await expectAccessible(signIn, "sign-in");
    await signIn.context().close();

    const { token } = await newMember("admin");
    const connection = await sandboxConnection();
    const page = await signedInPage(browser, token, viewport);
    try {
      await expectAccessible(page, "connections");
      await page.goto(dashboardUrl(`/dashboard/connections/${connection.id}`));
      await expectAccessible(page, "connection");

      await page.getByRole("link", { name: "Webhooks" }).click();
      await page.getByLabel("URL (https)").fill(`${inject("demoUrl")}/webhook-sink`);
      await page.getByLabel("sync.completed").check();
      await page.getByRole("button", { name: "Add the endpoint" }).click();
      await page.getByRole("heading", { name: "Signing secret" }).waitFor();
      await expectAccessible(page, "webhook secret");
      await expectCopies(page, `Signing secret of ${inject("demoUrl")}/webhook-sink`);
      await page.getByRole("link", { name: "Go to the endpoint's page" }).click();
      await expectAccessible(page, "webhook endpoint");
      await page.getByRole("link", { name: "Webhooks" }).click();
      await expectAccessible(page, "webhooks");

      await page.getByRole("link", { name: "Usage" }).click();
      await expectAccessible(page, "usage");
      if (name === "desktop") await screenshot(page, "dashboard-usage");
      await page.getByRole("link", { name: "Providers" }).click();
      await expectAccessible(page, "providers");

      await page.getByRole("link", { name: "Link", exact: true }).click();
      await expectAccessible(page, "link");
      await page.getByRole("button", { name: "Create the short link" }).click();
      await page.getByRole("heading", { name: "Your short link" }).waitFor();
      await expectAccessible(page, "created short link");
      await expectCopies(page, "Short link address");
      if (name === "desktop") await screenshot(page, "dashboard-link");

      await page.goto(dashboardUrl("/dashboard/connections/conn_01HZZZZZZZZZZZZZZZZZZZZZZZ"));
      expect(await page.getByRole("alert").textContent()).toContain("No connection");
      await expectAccessible(page, "error");
    } finally {
      await page.context().close();
    }
  });

  it("the operator's pages: sign-in, applications, an application and its new key, members, shards", async () => {
    const signIn = await (await browser.newContext({ viewport })).newPage();
    await signIn.goto(dashboardUrl("/dashboard/operator/sign-in"));
    await expectAccessible(signIn, "operator sign-in");
    await signIn.context().close();

    const page = await operatorPage(browser, viewport);
    try {
      await expectAccessible(page, "applications");
      await page.locator("tbody a").first().click();
      await page.getByRole("heading", { name: "Keys" }).waitFor();
      await expectAccessible(page, "application");
      await page.getByLabel("Environment").selectOption("sandbox");
      await page.getByLabel("Kind").selectOption("publishable");
      await page.getByRole("button", { name: "Create the key" }).click();
      await page.getByRole("heading", { name: "The new key" }).waitFor();
      await expectAccessible(page, "new key");
      await expectCopies(page, "sandbox publishable key");
      await page.getByRole("link", { name: "Members" }).click();
      await expectAccessible(page, "members");
      await page.getByRole("link", { name: "Shards" }).click();
      await expectAccessible(page, "shards");
      if (name === "desktop") await screenshot(page, "dashboard-operator-shards");
    } finally {
      await page.context().close();
    }
  });
});
