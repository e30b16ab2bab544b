/**
 * Shared by the dashboard's browser tests: axe-core's verdict on a page (under the page's own CSP),
 * members of the run's application signed in through the sign-in form, the operator signed in with
 * the admin token, and sandbox connections to look at.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, inject } from "vitest";
import { adminApi, api, type Browser, type Page, unique } from "./helpers.ts";
import { browserApplication } from "./readiness.ts";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown }[] };

/** axe-core's serious and critical violations on the page as it is now, with where they are. */
export async function seriousViolations(page: Page): Promise<{ id: string; help: string; targets: unknown[] }[]> {
  // Evaluated through the DevTools protocol: the page's CSP (scripts by nonce only) stays in force.
  await page.evaluate(`${AXE_SOURCE};undefined`);
  const result = (await page.evaluate("axe.run(document)")) as { violations: AxeViolation[] };
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target),
    }));
}

/** Whether the page is wider than its window (a phone would scroll sideways). */
export const overflowsSideways = (page: Page) =>
  page.evaluate("document.documentElement.scrollWidth > window.innerWidth") as Promise<boolean>;

/** A dashboard address on the Worker the browser suite runs. */
export const dashboardUrl = (path: string) => `${inject("linkOrigin")}${path}`;

/** A new member of the run's application with `role`, and their personal access token. */
export async function newMember(role: "admin" | "viewer"): Promise<{ id: string; token: string }> {
  const member = await adminApi("POST", "/members", { email: `${unique(`dashboard-${role}`)}@example.com` });
  expect(member.status).toBe(201);
  const membership = await adminApi("PUT", `/applications/${browserApplication().id}/members/${member.body.id}`, {
    role,
  });
  expect(membership.status).toBe(200);
  return { id: member.body.id, token: member.body.token.token };
}

/** A page of its own browser context (no shared cookies), signed in through the form with `token`. */
export async function signedInPage(
  browser: Browser,
  token: string,
  viewport = { width: 1100, height: 850 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: inject("linkOrigin") });
  const page = await context.newPage();
  await page.goto(dashboardUrl("/dashboard"));
  await page.getByLabel("Personal access token").fill(token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Connections" }).waitFor();
  return page;
}

/** A page signed in as the operator, with the run's admin token. */
export async function operatorPage(browser: Browser, viewport = { width: 1100, height: 850 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: inject("linkOrigin") });
  const page = await context.newPage();
  await page.goto(dashboardUrl("/dashboard/operator/sign-in"));
  await page.getByLabel("Admin token").fill(inject("adminToken"));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Applications" }).waitFor();
  return page;
}

/** A sandbox connection of the run's application (with an issue its sync reports), and its token. */
export async function sandboxConnection(): Promise<{ id: string; externalId: string; token: string }> {
  const externalId = unique("customer");
  const created = await api("POST", "/connections", {
    body: {
      provider: "sandbox",
      credentials: { username: "demo", password: "demo" },
      externalId,
      options: { sandbox: { fleetSize: 2, issues: ["unknown_device_type"] } },
      backfill: { days: 1 },
    },
  });
  expect(created.status).toBe(201);
  return { id: created.body.id, externalId, token: created.body.token };
}

/** The connection's sync jobs as GET /syncs lists them. */
export async function syncsOf(connection: { token: string }): Promise<{ id: string; status: string }[]> {
  const answer = await api("GET", "/syncs", { connectionToken: connection.token });
  expect(answer.status).toBe(200);
  return answer.body.results;
}
