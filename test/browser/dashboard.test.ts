/**
 * The dashboard in a real browser (issue 24): a member signs in with a personal access token, finds
 * a connection by its external id, watches a sync reach completed without reloading, resolves an
 * issue, rotates the token, requests the deletion and cancels it, and signs out; a viewer gets no
 * such controls and the server refuses their forged post; a post forged on another site is refused.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  dashboardUrl,
  newMember,
  sandboxConnection,
  seriousViolations,
  signedInPage,
  syncsOf,
} from "./dashboard-helpers.ts";
import { api, type Browser, launchBrowser, screenshot, seedFakeAccount, unique } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A production Samsara connection whose sync is held: the fake Samsara API answers each request
 * after 2 s until `release` lifts the delay, so the sync is still moving when the page opens, however
 * slow the machine, and ends soon after the release.
 */
async function heldSamsaraConnection() {
  const credential = unique("samsara-token");
  await seedFakeAccount("samsara", { credential, vehicles: 3, seed: credential, faults: { delayMs: 2000 } });
  const externalId = unique("held-customer");
  const created = await api("POST", "/connections", {
    environment: "production",
    body: { provider: "samsara", credentials: { apiToken: credential }, externalId, backfill: { days: 1 } },
  });
  expect(created.status).toBe(201);
  const release = async () => {
    const url = `${inject("fakeProviderUrls").samsara}/__fake/accounts/${encodeURIComponent(credential)}`;
    const answer = await fetch(url, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ faults: {} }),
    });
    expect(answer.status).toBe(200);
  };
  return { id: created.body.id as string, externalId, release };
}

describe("the dashboard", () => {
  it("finds a connection by external id and follows its sync live to completed, without a reload", async () => {
    const { token } = await newMember("admin");
    const connection = await heldSamsaraConnection();
    const page = await signedInPage(browser, token);
    try {
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel("Environment").selectOption("production");
      await page.getByRole("button", { name: "Show" }).click();
      await page.getByLabel("External id").fill(connection.externalId);
      await page.getByRole("button", { name: "Search" }).click();
      await expect.poll(() => page.getByRole("row").count()).toBe(2);
      await page.locator("tbody a").first().click();
      // The sync is held moving when the page opens: the page marks it live; then it is let go.
      await expect.poll(() => page.locator("#syncs").getAttribute("data-live")).toBe("true");
      await page.evaluate("window.notReloaded = true");
      await connection.release();
      await expect
        .poll(async () => page.locator("#syncs tbody tr").first().textContent(), { timeout: 90_000, interval: 500 })
        .toContain("completed");
      await expect.poll(() => page.locator("#syncs").getAttribute("data-live")).toBe("false");
      // The same document all along: the script swapped the section in, the page never reloaded.
      expect(await page.evaluate("window.notReloaded")).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, "dashboard-connection");
    } finally {
      await page.context().close();
    }
  });

  it("lets an admin resolve an issue, rotate the token, request the deletion and cancel it, then sign out", async () => {
    const { token } = await newMember("admin");
    const connection = await sandboxConnection();
    await expect.poll(async () => (await syncsOf(connection))[0]?.status, { timeout: 60_000 }).toBe("completed");
    const page = await signedInPage(browser, token);
    try {
      await page.goto(dashboardUrl(`/dashboard/connections/${connection.id}`));
      await page.getByRole("button", { name: "Resolve" }).first().click();
      await expect.poll(() => page.locator(".issues").textContent()).toContain("resolved");

      await page.getByLabel("The current token stops working at once").check();
      await page.getByRole("button", { name: "Rotate the token" }).click();
      const newToken = await page.getByLabel("Connection token", { exact: true }).inputValue();
      expect(newToken).not.toBe(connection.token);
      await page.getByRole("button", { name: "Copy" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Copied" }).isVisible()).toBe(true);
      expect(await page.evaluate("navigator.clipboard.readText()")).toBe(newToken);
      expect(await seriousViolations(page)).toEqual([]);
      expect((await api("GET", "/connections/current", { connectionToken: connection.token })).status).toBe(403);
      expect((await api("GET", "/connections/current", { connectionToken: newToken })).status).toBe(200);

      await page.goto(dashboardUrl(`/dashboard/connections/${connection.id}`));
      await page.getByLabel("Its data is deleted after the grace period").check();
      await page.getByRole("button", { name: "Delete the connection" }).click();
      await expect.poll(() => page.locator(".details").textContent()).toContain("pending_deletion");
      await expect.poll(() => page.locator(".details").textContent()).toContain("Deletion due");
      await page.getByRole("button", { name: "Cancel the deletion" }).click();
      await expect.poll(() => page.locator(".details").textContent()).toContain("archived");
      expect((await api("GET", `/connections/${connection.id}`)).body.status).toBe("archived");

      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      await page.goto(dashboardUrl("/dashboard/providers"));
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it("shows a viewer no write control, and the server refuses the post they forge in the page", async () => {
    const { token } = await newMember("viewer");
    const connection = await sandboxConnection();
    const page = await signedInPage(browser, token);
    try {
      await page.goto(dashboardUrl(`/dashboard/connections/${connection.id}`));
      await page.getByRole("heading", { name: "Syncs" }).waitFor();
      for (const control of ["Request a sync", "Rotate the token", "Delete the connection", "Resolve"]) {
        expect(await page.getByRole("button", { name: control }).count()).toBe(0);
      }
      const before = (await syncsOf(connection)).length;
      // The viewer's own page, their own session and CSRF token: only the role is missing.
      const refused = (await page.evaluate(`(async () => {
        const csrf = document.querySelector('input[name="_csrf"]').value;
        const answer = await fetch(location.pathname + "/sync", { method: "POST", body: new URLSearchParams({ _csrf: csrf }) });
        return { status: answer.status, text: await answer.text() };
      })()`)) as { status: number; text: string };
      expect(refused.status).toBe(403);
      expect(refused.text).toContain("This action needs the admin role.");
      expect((await syncsOf(connection)).length).toBe(before);
    } finally {
      await page.context().close();
    }
  });

  it("refuses a post forged on another site, even one carrying the member's CSRF token", async () => {
    const { token } = await newMember("admin");
    const connection = await sandboxConnection();
    const page = await signedInPage(browser, token);
    try {
      await page.goto(dashboardUrl(`/dashboard/connections/${connection.id}`));
      const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
      const before = (await syncsOf(connection)).length;
      // Another site (the demo application, another origin and site) in the member's browser posts to the dashboard.
      const attacker = await page.context().newPage();
      await attacker.goto(inject("demoUrl"));
      await attacker.evaluate(`(() => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = ${JSON.stringify(dashboardUrl(`/dashboard/connections/${connection.id}/sync`))};
        const field = document.createElement("input");
        field.name = "_csrf";
        field.value = ${JSON.stringify(csrf)};
        form.append(field);
        document.body.append(form);
        form.submit();
      })()`);
      await attacker.waitForURL((url) => url.pathname.startsWith("/dashboard"));
      // Refused: the session cookie does not go with another site's post (SameSite=Strict), and
      // the post is refused for its origin if it did.
      expect(await attacker.locator("h1").textContent()).toMatch(/Sign in|Refused/);
      expect((await syncsOf(connection)).length).toBe(before);
    } finally {
      await page.context().close();
    }
  });
});
