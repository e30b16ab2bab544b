/** The reference's `providerHints` and `template` on POST /link/short, and the hints' order in the hosted flow's picker. */

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CreateShortLinkResponse } from "../../src/api/routes/link/create-short";
import { linkShortLinks } from "../../src/db/schema";
import { listProviders } from "../../src/providers/registry";
import { expectBadRequestAt } from "../helpers/error-contract";
import { createTestApplication, db, type TestApplication, uniqueName } from "../helpers/factories";
import { BASE, type CallResult, call, type Environment } from "../helpers/http";
import { flowRequest, LINK } from "./flow-helpers";

function create(
  app: TestApplication,
  body: Record<string, unknown>,
  environment: Environment = "sandbox",
): Promise<CallResult<CreateShortLinkResponse>> {
  return call("POST", `${BASE[environment]}/link/short`, { key: app.keys[environment].secret, body });
}

const paramsOf = async (id: string) =>
  (await db().select().from(linkShortLinks).where(eq(linkShortLinks.id, id)))[0]?.params ?? expect.fail(`no row ${id}`);

/** The provider codes of the picker's buttons, in page order. */
const pickerOrder = (html: string) => [...html.matchAll(/name="provider" value="([^"]+)"/g)].map((match) => match[1]);

/** Opens the short link's URL as a browser would and answers the picker page. */
async function openPicker(url: string) {
  const path = new URL(url).pathname;
  const resolved = await flowRequest("GET", path);
  expect(resolved.status).toBe(302);
  const opened = await flowRequest("GET", resolved.location as string);
  expect(opened.status, opened.text).toBe(303);
  const page = await flowRequest("GET", new URL(opened.location as string, LINK).pathname);
  expect(page.status).toBe(200);
  return page;
}

describe("POST /link/short: providerHints and template", () => {
  it("accepts both and stores them with the link's presets", async () => {
    const app = await createTestApplication();
    const name = uniqueName("Acme");
    const created = await create(app, {
      name,
      providerHints: ["geotab", "motive"],
      template: "ltp_01HXQ4YK8V2X0X0X0X0X0X0X0X",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The link's presentation is the reference's: its presets are not echoed.
    expect(Object.keys(created.body).sort()).toEqual(["code", "expiresAt", "id", "url"]);
    expect(await paramsOf(created.body.id)).toEqual({
      name,
      providerHints: ["geotab", "motive"],
      template: "ltp_01HXQ4YK8V2X0X0X0X0X0X0X0X",
    });
  });

  it("lists the hinted providers first in the picker, in the hints' order, then the others as usual", async () => {
    const app = await createTestApplication();
    const plain = await create(app, { name: uniqueName("Plain") });
    const usual = pickerOrder((await openPicker(plain.body.url)).text);
    // The registry's order (src/providers/registry.ts).
    expect(usual).toEqual(listProviders("sandbox").map((adapter) => adapter.code));

    const hinted = await create(app, { name: uniqueName("Hinted"), providerHints: ["sandbox", "geotab"] });
    expect(hinted.status, JSON.stringify(hinted.body)).toBe(201);
    const page = await openPicker(hinted.body.url);
    expect(pickerOrder(page.text)).toEqual([
      "sandbox",
      "geotab",
      ...usual.filter((code) => code !== "sandbox" && code !== "geotab"),
    ]);
    // Every provider is still there, once.
    expect([...pickerOrder(page.text)].sort()).toEqual([...usual].sort());
  });

  it("refuses a hint that is not a provider of the environment, at its index", async () => {
    const app = await createTestApplication();
    const unknown = await create(app, { name: uniqueName("Acme"), providerHints: ["geotab", "no-such-provider"] });
    const entry = expectBadRequestAt(unknown, "{requestBody}.providerHints[1]");
    expect(entry.message).toContain("no-such-provider");
    // The sandbox provider exists in the sandbox environment only.
    const production = await create(app, { name: uniqueName("Acme"), providerHints: ["sandbox"] }, "production");
    expectBadRequestAt(production, "{requestBody}.providerHints[0]");
    // Shapes: a list of codes, a template string.
    expectBadRequestAt(await create(app, { providerHints: "geotab" }), "{requestBody}.providerHints");
    expectBadRequestAt(await create(app, { providerHints: [""] }), "{requestBody}.providerHints[0]");
    expectBadRequestAt(await create(app, { template: 42 }), "{requestBody}.template");
    expectBadRequestAt(await create(app, { template: "" }), "{requestBody}.template");
  });

  it("answers the same body with the same link (Idempotent-Replayed), and other hints or template with another", async () => {
    const app = await createTestApplication();
    const body = { name: uniqueName("Acme"), providerHints: ["motive", "samsara"], template: "ltp_A" };
    const first = await create(app, body);
    expect(first.status).toBe(201);
    // Key order does not matter; the hints' order does.
    const again = await create(app, { template: "ltp_A", providerHints: ["motive", "samsara"], name: body.name });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);

    const reordered = await create(app, { ...body, providerHints: ["samsara", "motive"] });
    expect(reordered.status).toBe(201);
    expect(reordered.body.id).not.toBe(first.body.id);
    const otherTemplate = await create(app, { ...body, template: "ltp_B" });
    expect(otherTemplate.status).toBe(201);
    expect(otherTemplate.body.id).not.toBe(first.body.id);

    // No hints are no hints: an empty list is the body without it.
    const bare = { name: uniqueName("Acme") };
    const withoutHints = await create(app, bare);
    const emptyHints = await create(app, { ...bare, providerHints: [] });
    expect(emptyHints.status).toBe(200);
    expect(emptyHints.body.id).toBe(withoutHints.body.id);
  });
});
