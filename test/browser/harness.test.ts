import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Browser, demoEvents, launchBrowser, openDemo, screenshot } from "./helpers";

/** The harness itself: the demo application, the real SDK and the Worker, seen from Chromium. */
describe("browser harness", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the demo page loads the real SDK, which opens the flow in its overlay iframe", async () => {
    const page = await openDemo(browser);
    expect(new URL(page.url()).origin).not.toBe(inject("linkOrigin"));

    await page.getByRole("button", { name: "Connect a fleet" }).click();

    const iframe = page.locator("#terminal-link-overlay #terminal-link-iframe");
    await iframe.waitFor({ state: "attached" });
    expect(await iframe.getAttribute("src")).toMatch(
      new RegExp(`^${inject("linkOrigin").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/\\?key=pk_sandbox_`),
    );
    await expect.poll(() => demoEvents(page)).toEqual(["open"]);
    await screenshot(page, "harness-overlay");
    await page.context().close();
  });

  it("reaches the Worker from the browser", async () => {
    const page = await openDemo(browser);
    const response = await page.request.get(`${inject("linkOrigin")}/tsp/v1/openapi.json`);
    expect(response.status()).toBe(200);
    expect((await response.json()).openapi).toMatch(/^3\./);

    const navigation = await page.goto(`${inject("linkOrigin")}/tsp/v1/openapi.json`);
    expect(navigation?.status()).toBe(200);
    await page.context().close();
  });

  it("the redirect-mode link points at the flow with the sandbox key and a callback on the demo", async () => {
    const page = await openDemo(browser);
    const href = new URL((await page.locator("#redirect-link").getAttribute("href"))!);
    expect(href.origin).toBe(inject("linkOrigin"));
    expect(href.searchParams.get("key")).toMatch(/^pk_sandbox_/);
    expect(href.searchParams.get("redirect_url")).toBe(`${inject("demoUrl")}/callback?environment=sandbox`);

    await page.locator("#environment").selectOption("production");
    const production = new URL((await page.locator("#redirect-link").getAttribute("href"))!);
    expect(production.searchParams.get("key")).toMatch(/^pk_prod_/);
    await page.context().close();
  });
});
