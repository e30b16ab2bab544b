/**
 * The dashboard's connections page (issue 24): the application's connections in the chosen
 * environment as GET /connections lists them, searched by external id, tag, provider and status,
 * each with its last sync at a glance, paged by the API's cursor.
 */
import { describe, expect, it } from "vitest";
import { syncedConnection } from "../destinations/delivery-helpers";
import { createTestApplication, insertSandboxConnection } from "../helpers/factories";
import { send, signIn } from "./helpers";

async function page(path: string, cookie: string) {
  return await send(path, { cookie });
}

/** The connection ids a page's table lists, in order. */
const listedIds = (html: string) =>
  [...html.matchAll(/<span class="muted">(conn_[0-9A-Z]{26})<\/span>/g)].map((m) => m[1]);

describe("the connections page", () => {
  it("finds a connection by external id, with its last sync; filters by tag and status", async () => {
    const app = await createTestApplication();
    const synced = await syncedConnection(app, 1, {
      externalId: "customer-42",
      tags: ["east"],
      options: { sandbox: { fleetSize: 2 } },
    });
    const other = await insertSandboxConnection(app, { externalId: "customer-7", tags: ["west"] });
    const { cookie } = await signIn(app.id);
    const all = await page(`/dashboard/connections?app=${app.id}&env=sandbox`, cookie);
    expect(all.status).toBe(200);
    expect(new Set(listedIds(all.html))).toEqual(new Set([synced.id, other.id]));
    const found = await page(`/dashboard/connections?app=${app.id}&env=sandbox&externalId=customer-42`, cookie);
    expect(listedIds(found.html)).toEqual([synced.id]);
    expect(found.html).toMatch(/completed \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(found.html).toContain('value="customer-42"');
    expect(listedIds((await page(`/dashboard/connections?app=${app.id}&tag=west`, cookie)).html)).toEqual([other.id]);
    expect(listedIds((await page(`/dashboard/connections?app=${app.id}&status=archived`, cookie)).html)).toEqual([]);
    // Production shows production's connections: none here.
    expect(listedIds((await page(`/dashboard/connections?app=${app.id}&env=production`, cookie)).html)).toEqual([]);
  });

  it("pages as the API pages, the filters kept on the next page", async () => {
    const app = await createTestApplication();
    const ids: string[] = [];
    for (let index = 0; index < 27; index++) {
      ids.push((await insertSandboxConnection(app, { tags: ["fleet"] })).id);
    }
    const { cookie } = await signIn(app.id);
    const first = await page(`/dashboard/connections?app=${app.id}&tag=fleet`, cookie);
    const next = /<a href="([^"]+)">Next page<\/a>/.exec(first.html)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toContain("tag=fleet");
    const second = await page(next as string, cookie);
    expect(second.html).not.toContain("Next page");
    expect([...listedIds(first.html), ...listedIds(second.html)].sort()).toEqual([...ids].sort());
  });
});
