/** Short links of the hosted flow: creation (idempotent by body), deletion, validation, scope, and resolution by code. */

import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CreateShortLinkRequest, CreateShortLinkResponse } from "../../src/api/routes/link/create-short";
import { shortLinkLifetimeDays } from "../../src/config";
import { linkShortLinks } from "../../src/db/schema";
import { resolveShortLink } from "../../src/domain/link/short-links";
import { expectBadRequestAt, expectError } from "../helpers/error-contract";
import { createTestApplication, db, type TestApplication, uniqueName } from "../helpers/factories";
import { BASE, type CallResult, call, type Environment } from "../helpers/http";
import { addMembership, createTestMember, memberCall } from "../members/helpers";

const CODE = /^[a-hjkmnp-z2-9]{8}$/;
const ID = /^slk_[0-9A-HJKMNP-TV-Z]{26}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function create(
  app: TestApplication,
  body: CreateShortLinkRequest | Record<string, unknown>,
  environment: Environment = "sandbox",
): Promise<CallResult<CreateShortLinkResponse>> {
  return call("POST", `${BASE[environment]}/link/short`, { key: app.keys[environment].secret, body });
}

function remove(app: TestApplication, id: string, environment: Environment = "sandbox") {
  return call("DELETE", `${BASE[environment]}/link/short/${id}`, { key: app.keys[environment].secret });
}

/** A body no other test sends, so its link is this test's alone. */
const freshBody = (extra: Record<string, unknown> = {}) => ({ name: uniqueName("Acme Trucking"), ...extra });

const rowOf = async (id: string) =>
  (await db().select().from(linkShortLinks).where(eq(linkShortLinks.id, id)))[0] ?? expect.fail(`no row ${id}`);

describe("POST /link/short", () => {
  it("creates a link: 201, a slk_ id, an 8-character code, its URL under LINK_BASE_URL and a year's expiry", async () => {
    const app = await createTestApplication();
    const before = Date.now();
    const created = await create(app, freshBody({ provider: "sandbox", tags: ["fleet-a"], syncMode: "manual" }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(["code", "expiresAt", "id", "url"]);
    expect(created.body.id).toMatch(ID);
    expect(created.body.code).toMatch(CODE);
    expect(created.body.url).toBe(`https://link.telematics.test/s/${created.body.code}`);
    expect(env.LINK_BASE_URL).toBe("https://link.telematics.test");
    const expiresAt = Date.parse(created.body.expiresAt);
    // The reference's links live a year; SHORT_LINK_LIFETIME_DAYS is not set in the tests.
    expect(expiresAt).toBeGreaterThanOrEqual(before + 365 * DAY_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 365 * DAY_MS);
    expect(created.headers.get("idempotent-replayed")).toBeNull();
  });

  it("stores the presets for the hosted flow, URLs and times in one spelling", async () => {
    const app = await createTestApplication();
    const name = uniqueName("Acme");
    const created = await create(app, {
      name,
      externalId: "customer-42",
      redirectUrl: "HTTPS://Example.COM/done?x=1",
      backfill: { startFrom: "2025-01-06T05:24:53+02:00" },
      expiresAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const row = await rowOf(created.body.id);
    expect(row).toMatchObject({
      applicationId: app.id,
      environment: "sandbox",
      code: created.body.code,
      deletedAt: null,
    });
    expect(row.params).toEqual({
      name,
      externalId: "customer-42",
      redirectUrl: "https://example.com/done?x=1",
      backfill: { startFrom: "2025-01-06T03:24:53.000Z" },
    });
    expect(row.expiresAt.toISOString()).toBe(created.body.expiresAt);
    // A date alone is midnight UTC, as the hosted flow's backfill_start_from reads it.
    const dated = await create(app, freshBody({ backfill: { startFrom: "2025-01-06" } }));
    expect((await rowOf(dated.body.id)).params.backfill).toEqual({ startFrom: "2025-01-06T00:00:00.000Z" });
  });

  it("answers the same body again with the same link, 200 and Idempotent-Replayed: true", async () => {
    const app = await createTestApplication();
    const body = freshBody({ provider: "samsara", tags: ["a", "b"], backfill: { days: 30 } });
    const first = await create(app, body);
    expect(first.status).toBe(201);
    const again = await create(app, body);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    // The same members in another key order are the same body.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const third = await create(app, reordered);
    expect(third.status).toBe(200);
    expect(third.body.id).toBe(first.body.id);
    // With an explicit expiry, the expiry is part of the body.
    const expiresAt = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const timed = await create(app, { ...body, expiresAt });
    expect(timed.status).toBe(201);
    expect(timed.body.expiresAt).toBe(expiresAt);
    const timedAgain = await create(app, { ...body, expiresAt });
    expect(timedAgain.status).toBe(200);
    expect(timedAgain.body.id).toBe(timed.body.id);
  });

  it("creates another link for a different body, application or environment", async () => {
    const app = await createTestApplication();
    const body = freshBody();
    const first = await create(app, body);
    const ids = new Set([first.body.id]);
    const codes = new Set([first.body.code]);
    const others = [
      await create(app, { ...body, tags: ["other"] }),
      await create(app, { ...body, syncMode: "manual" }),
      await create(app, { ...body, provider: "motive" }, "production"),
      await create(app, body, "production"),
      await create(await createTestApplication(), body),
    ];
    for (const other of others) {
      expect(other.status, JSON.stringify(other.body)).toBe(201);
      ids.add(other.body.id);
      codes.add(other.body.code);
    }
    expect(ids.size).toBe(6);
    expect(codes.size).toBe(6);
  });

  it("gives concurrent identical creations one link", async () => {
    const app = await createTestApplication();
    const body = freshBody({ tags: ["concurrent"] });
    const results = await Promise.all(Array.from({ length: 5 }, () => create(app, body)));
    expect(new Set(results.map((result) => result.body.id)).size).toBe(1);
    expect(results.map((result) => result.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const rows = await db().select().from(linkShortLinks).where(eq(linkShortLinks.applicationId, app.id));
    expect(rows).toHaveLength(1);
  });

  it("creates a new link for a body whose link was deleted", async () => {
    const app = await createTestApplication();
    const body = freshBody();
    const first = await create(app, body);
    expect((await remove(app, first.body.id)).status).toBe(204);
    const again = await create(app, body);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
    expect(again.body.code).not.toBe(first.body.code);
  });

  it("creates a new link for a body whose link expired, retiring the expired one", async () => {
    const app = await createTestApplication();
    const body = freshBody();
    const first = await create(app, body);
    await env.DB.prepare("UPDATE link_short_links SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, first.body.id)
      .run();
    const again = await create(app, body);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    expect((await rowOf(first.body.id)).deletedAt).not.toBeNull();
    expect(await resolveShortLink(db(), first.body.code)).toEqual({ status: "expired" });
    expect((await resolveShortLink(db(), again.body.code)).status).toBe("live");
    // The new one now answers replays.
    const third = await create(app, body);
    expect(third.status).toBe(200);
    expect(third.body.id).toBe(again.body.id);
  });

  it("accepts the edges of each range", async () => {
    const app = await createTestApplication();
    const today = new Date().toISOString().slice(0, 10);
    for (const extra of [
      { backfill: { startFrom: today } },
      { backfill: { startFrom: new Date(Date.now() - 60_000).toISOString() } },
      { backfill: { days: 0 } },
      { backfill: { days: 3650 } },
      { redirectUrl: "http://localhost:3000/callback" },
      { name: "n".repeat(200) },
      { expiresAt: new Date(Date.now() + 365 * DAY_MS - 60_000).toISOString() },
      { expiresAt: new Date(Date.now() + 60_000).toISOString() },
    ]) {
      const result = await create(app, freshBody(extra));
      expect(result.status, `${JSON.stringify(extra)}: ${JSON.stringify(result.body)}`).toBe(201);
    }
    expect((await create(app, {})).status).toBe(201);
  });
});

describe("POST /link/short validation", () => {
  const future = (ms: number) => new Date(Date.now() + ms).toISOString();
  const tomorrow = future(DAY_MS).slice(0, 10);
  const cases: [string, Record<string, unknown> | unknown, string][] = [
    ["an unknown field", { name: "Acme", linkBaseUrl: "https://x.example" }, "{requestBody}"],
    ["a body that is not an object", ["name"], "{requestBody}"],
    ["an empty name", { name: "" }, "{requestBody}.name"],
    ["a name over 200 characters", { name: "n".repeat(201) }, "{requestBody}.name"],
    ["a name that is not a string", { name: 42 }, "{requestBody}.name"],
    ["an unknown provider", { provider: "nope" }, "{requestBody}.provider"],
    ["an empty provider", { provider: "" }, "{requestBody}.provider"],
    ["an externalId over 500 characters", { externalId: "x".repeat(501) }, "{requestBody}.externalId"],
    ["tags that are not an array", { tags: "fleet-a" }, "{requestBody}.tags"],
    ["an empty tag", { tags: [""] }, "{requestBody}.tags[0]"],
    ["more than 50 tags", { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, "{requestBody}.tags"],
    ["an unknown syncMode", { syncMode: "sometimes" }, "{requestBody}.syncMode"],
    ["a javascript: redirect", { redirectUrl: "javascript:alert(1)" }, "{requestBody}.redirectUrl"],
    ["a data: redirect", { redirectUrl: "data:text/html,<script>1</script>" }, "{requestBody}.redirectUrl"],
    ["a relative redirect", { redirectUrl: "/done" }, "{requestBody}.redirectUrl"],
    ["a protocol-relative redirect", { redirectUrl: "//evil.example/done" }, "{requestBody}.redirectUrl"],
    ["an ftp redirect", { redirectUrl: "ftp://example.com/done" }, "{requestBody}.redirectUrl"],
    ["a redirect with credentials", { redirectUrl: "https://bank.example@evil.example/" }, "{requestBody}.redirectUrl"],
    ["a redirect that is not a URL", { redirectUrl: "not a url" }, "{requestBody}.redirectUrl"],
    [
      "a redirect over 2000 characters",
      { redirectUrl: `https://example.com/${"a".repeat(2000)}` },
      "{requestBody}.redirectUrl",
    ],
    [
      "a backfill with both days and startFrom",
      { backfill: { days: 1, startFrom: "2025-01-01" } },
      "{requestBody}.backfill",
    ],
    ["an empty backfill", { backfill: {} }, "{requestBody}.backfill"],
    ["a backfill with an unknown field", { backfill: { weeks: 2 } }, "{requestBody}.backfill"],
    ["negative backfill days", { backfill: { days: -1 } }, "{requestBody}.backfill.days"],
    ["too many backfill days", { backfill: { days: 3651 } }, "{requestBody}.backfill.days"],
    [
      "a backfill start that is not a date",
      { backfill: { startFrom: "yesterday" } },
      "{requestBody}.backfill.startFrom",
    ],
    ["an impossible backfill date", { backfill: { startFrom: "2025-02-30" } }, "{requestBody}.backfill.startFrom"],
    ["a backfill start tomorrow", { backfill: { startFrom: tomorrow } }, "{requestBody}.backfill.startFrom"],
    ["a backfill start in an hour", { backfill: { startFrom: future(3_600_000) } }, "{requestBody}.backfill.startFrom"],
    ["an expiry that is not a date-time", { expiresAt: "next week" }, "{requestBody}.expiresAt"],
    ["an expiry that is a date only", { expiresAt: tomorrow }, "{requestBody}.expiresAt"],
    ["an expiry in the past", { expiresAt: future(-60_000) }, "{requestBody}.expiresAt"],
    ["an expiry more than a year away", { expiresAt: future(366 * DAY_MS) }, "{requestBody}.expiresAt"],
  ];

  it.each(cases)("refuses %s: 400 bad_request with the path", async (_, body, path) => {
    const app = await createTestApplication();
    const result = await call("POST", `${BASE.sandbox}/link/short`, { key: app.keys.sandbox.secret, body });
    const entry = expectBadRequestAt(result, path);
    expect(result.headers.get("idempotent-replayed")).toBeNull();
    if (path === "{requestBody}.provider" && (body as { provider: string }).provider === "nope") {
      expect(entry.suggestion).toContain("sandbox");
    }
  });

  it("refuses a provider of the other environment only: sandbox is not a production provider", async () => {
    const app = await createTestApplication();
    const entry = expectBadRequestAt(
      await create(app, { provider: "sandbox" }, "production"),
      "{requestBody}.provider",
    );
    expect(entry.suggestion).toContain("samsara");
    expect((await create(app, freshBody({ provider: "sandbox" }), "sandbox")).status).toBe(201);
  });

  it("lists every problem of a body at once", async () => {
    const app = await createTestApplication();
    const shape = await create(app, { name: "", syncMode: "x", redirectUrl: "javascript:1" });
    const paths = (expectError(shape, "bad_request").detail as { path: string }[]).map((entry) => entry.path).sort();
    expect(paths).toEqual(["{requestBody}.name", "{requestBody}.redirectUrl", "{requestBody}.syncMode"]);
    const state = await create(app, { provider: "nope", expiresAt: future(-1000) });
    const statePaths = (expectError(state, "bad_request").detail as { path: string }[]).map((entry) => entry.path);
    expect(statePaths.sort()).toEqual(["{requestBody}.expiresAt", "{requestBody}.provider"]);
  });

  it("refuses a body that is not JSON", async () => {
    const app = await createTestApplication();
    const result = await call("POST", `${BASE.sandbox}/link/short`, {
      key: app.keys.sandbox.secret,
      rawBody: "{name",
      headers: { "content-type": "application/json" },
    });
    expectBadRequestAt(result, "{requestBody}");
  });
});

describe("DELETE /link/short/{id}", () => {
  it("deletes a link: 204, then 404, and the link no longer resolves", async () => {
    const app = await createTestApplication();
    const created = await create(app, freshBody());
    const deleted = await remove(app, created.body.id);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expectError(await remove(app, created.body.id), "not_found");
    expect(await resolveShortLink(db(), created.body.code)).toEqual({ status: "deleted" });
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const app = await createTestApplication();
    expectError(await remove(app, "slk_01HZX5G1Q4V2M8T6W9K3R7N0PB"), "not_found");
    expectBadRequestAt(await remove(app, "slk_nope"), "{requestPath}.id");
    expectBadRequestAt(await remove(app, "whe_01HZX5G1Q4V2M8T6W9K3R7N0PB"), "{requestPath}.id");
  });

  it("does not reach another application's or another environment's link", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const created = await create(app, freshBody());
    expectError(await remove(other, created.body.id), "not_found");
    expectError(await remove(app, created.body.id, "production"), "not_found");
    // The link is untouched: still live, and still its owner's to delete.
    expect((await resolveShortLink(db(), created.body.code)).status).toBe("live");
    expect((await remove(app, created.body.id)).status).toBe(204);
  });
});

describe("who may create and delete short links", () => {
  it("refuses publishable keys: 401", async () => {
    const app = await createTestApplication();
    const created = await create(app, freshBody());
    for (const key of [app.keys.sandbox.publishable, app.keys.production.publishable]) {
      expectError(await call("POST", `${BASE.sandbox}/link/short`, { key, body: freshBody() }), "unauthorized");
      expectError(await call("DELETE", `${BASE.sandbox}/link/short/${created.body.id}`, { key }), "unauthorized");
    }
    expect((await resolveShortLink(db(), created.body.code)).status).toBe("live");
  });

  it("lets admin members act and refuses viewers: 403", async () => {
    const app = await createTestApplication();
    const viewer = await createTestMember();
    const adminMember = await createTestMember();
    await addMembership(app.id, viewer.id, "viewer");
    await addMembership(app.id, adminMember.id, "admin");
    const created = await create(app, freshBody());

    expectError(await memberCall("POST", "sandbox", "/link/short", viewer, { body: freshBody() }), "forbidden");
    expectError(await memberCall("DELETE", "sandbox", `/link/short/${created.body.id}`, viewer), "forbidden");
    expect((await resolveShortLink(db(), created.body.code)).status).toBe("live");

    const byAdmin = await memberCall("POST", "sandbox", "/link/short", adminMember, { body: freshBody() });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    expect((await memberCall("DELETE", "sandbox", `/link/short/${created.body.id}`, adminMember)).status).toBe(204);
  });
});

describe("resolveShortLink", () => {
  it("answers live with the row, expired after its expiry, deleted once deleted", async () => {
    const app = await createTestApplication();
    const created = await create(app, freshBody({ provider: "sandbox" }));
    const live = await resolveShortLink(db(), created.body.code);
    expect(live.status).toBe("live");
    if (live.status !== "live") return;
    expect(live.link).toMatchObject({ id: created.body.id, applicationId: app.id, environment: "sandbox" });
    expect(live.link.params.provider).toBe("sandbox");

    const expiresAt = new Date(created.body.expiresAt);
    expect((await resolveShortLink(db(), created.body.code, new Date(expiresAt.getTime() - 1))).status).toBe("live");
    expect(await resolveShortLink(db(), created.body.code, expiresAt)).toEqual({ status: "expired" });

    await remove(app, created.body.id);
    expect(await resolveShortLink(db(), created.body.code)).toEqual({ status: "deleted" });
  });

  it("answers unknown for a well-formed code nobody holds and for anything malformed, without throwing", async () => {
    const app = await createTestApplication();
    const created = await create(app, freshBody());
    const unknownCode = created.body.code === "aaaaaaaa" ? "bbbbbbbb" : "aaaaaaaa";
    const malformed = [
      unknownCode,
      "",
      created.body.code.toUpperCase(),
      `${created.body.code}a`,
      created.body.code.slice(0, 7),
      "abcdefg1",
      "abcdefgo",
      "' OR 1=1 --",
      "../../x",
      undefined as unknown as string,
      42 as unknown as string,
    ];
    for (const code of malformed)
      expect(await resolveShortLink(db(), code), String(code)).toEqual({ status: "unknown" });
  });
});

describe("the short links' lifetime setting", () => {
  it("is SHORT_LINK_LIFETIME_DAYS when it is a whole number of days from 1 to 3650, else a year", () => {
    expect(shortLinkLifetimeDays({})).toBe(365);
    expect(shortLinkLifetimeDays({ SHORT_LINK_LIFETIME_DAYS: "7" })).toBe(7);
    expect(shortLinkLifetimeDays({ SHORT_LINK_LIFETIME_DAYS: "3650" })).toBe(3650);
    for (const bad of ["0", "-3", "1.5", "3651", "a year", ""]) {
      expect(shortLinkLifetimeDays({ SHORT_LINK_LIFETIME_DAYS: bad }), bad).toBe(365);
    }
  });
});
