/**
 * The dashboard in a real browser (issue 24): a member signs in with a personal access token,
 * finds a connection by its external id, watches its sync reach completed, and signs out; every
 * page passes axe-core's checks without a serious or critical violation.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi, api, type Browser, launchBrowser, type Page, screenshot, unique } from "./helpers.ts";
import { browserApplication } from "./readiness.ts";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type AxeViolation = { id: string; impact: string | null; help: string; nodes: unknown[] };

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the page's CSP (scripts by nonce only) stays in force.
  await page.evaluate(`${AXE_SOURCE};undefined`);
  const result = (await page.evaluate("axe.run(document)")) as { violations: AxeViolation[] };
  return result.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
}

describe("the dashboard", () => {
  it("signs a member in, finds a connection by external id, shows its sync completed, and signs out", async () => {
    const application = browserApplication();
    const member = await adminApi("POST", "/members", { email: `${unique("dashboard")}@example.com` });
    expect(member.status).toBe(201);
    expect(
      (await adminApi("PUT", `/applications/${application.id}/members/${member.body.id}`, { role: "admin" })).status,
    ).toBe(200);
    const externalId = unique("customer");
    const created = await api("POST", "/connections", {
      body: {
        provider: "sandbox",
        credentials: { username: "demo", password: "demo" },
        externalId,
        options: { sandbox: { fleetSize: 2 } },
        backfill: { days: 1 },
      },
    });
    expect(created.status).toBe(201);

    const page = await browser.newPage();
    try {
      await page.goto(`${inject("linkOrigin")}/dashboard`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel("Personal access token").fill(member.body.token.token);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "Connections" }).waitFor();
      await page.getByLabel("External id").fill(externalId);
      await page.getByRole("button", { name: "Search" }).click();
      await expect.poll(() => page.getByRole("row").count()).toBe(2);
      expect(await seriousViolations(page)).toEqual([]);

      await page
        .getByRole("link", { name: /Sandbox|conn_/ })
        .first()
        .click();
      // The sync the connection started: reloaded until it completed (bounded).
      await expect
        .poll(
          async () => {
            await page.reload();
            return (await page.locator("table").first().textContent()) ?? "";
          },
          { timeout: 60_000, interval: 500 },
        )
        .toContain("completed");
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, "dashboard-connection");

      await page.getByRole("link", { name: "Providers" }).click();
      await page.getByRole("heading", { name: "Providers" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      await page.goto(`${inject("linkOrigin")}/dashboard/providers`);
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
    } finally {
      await page.close();
    }
  });
});
