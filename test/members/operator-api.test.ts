/** The operator API for members: tokens shown once, stored only as hashes. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids";
import { expectError } from "../helpers/error-contract";
import { createTestApplication, uniqueName } from "../helpers/factories";
import { admin } from "../helpers/http";
import { addMembership, createTestMember } from "./helpers";

const TOKEN_PATTERN = /^mpt_[0-9A-Za-z]{40}$/;

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

describe("POST /admin/v1/members", () => {
  it("creates a member with a personal access token shown once", async () => {
    const email = `${uniqueName("dana")}@example.com`;
    const created = await admin("POST", "/members", { email });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^mbr_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(created.body.email).toBe(email);
    expect(created.body.memberships).toEqual([]);
    expect(created.body.token.id).toMatch(/^mtk_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(created.body.token.token).toMatch(TOKEN_PATTERN);
    expect(created.body.token.hint).toBe(`mpt_…${created.body.token.token.slice(-4)}`);
    expect(created.body.tokens).toEqual([
      { id: created.body.token.id, hint: created.body.token.hint, createdAt: created.body.token.createdAt },
    ]);

    // Never shown again: the list carries hints only.
    const listed = await admin("GET", "/members?limit=500");
    expect(listed.status).toBe(200);
    const text = JSON.stringify(listed.body);
    expect(text).not.toContain(created.body.token.token);
  });

  it("stores tokens only as SHA-256 hashes", async () => {
    const member = await createTestMember();
    const second = await admin("POST", `/members/${member.id}/tokens`);
    expect(second.status).toBe(201);
    expect(second.body.token).toMatch(TOKEN_PATTERN);
    expect(second.body.token).not.toBe(member.token);

    const { results } = await env.DB.prepare("SELECT * FROM member_tokens WHERE member_id = ?").bind(member.id).all();
    expect(results).toHaveLength(2);
    const dump = JSON.stringify(results);
    expect(dump).not.toContain(member.token);
    expect(dump).not.toContain(second.body.token);
    const hashes = results.map((row) => row.token_hash);
    expect(hashes).toContain(await sha256Hex(member.token));
    expect(hashes).toContain(await sha256Hex(second.body.token));
  });

  it("refuses a second member with the same email (409) and a malformed email (400)", async () => {
    const email = `${uniqueName("twice")}@example.com`;
    expect((await admin("POST", "/members", { email })).status).toBe(201);
    expectError(await admin("POST", "/members", { email }), "conflict");
    expectError(await admin("POST", "/members", { email: "not an email" }), "bad_request");
  });
});

describe("memberships and tokens", () => {
  it("adds, changes and removes a membership; lists it on the member", async () => {
    const app = await createTestApplication();
    const member = await createTestMember();
    const added = await addMembership(app.id, member.id, "viewer");
    expect(added).toMatchObject({ memberId: member.id, applicationId: app.id, role: "viewer" });
    const changed = await addMembership(app.id, member.id, "admin");
    expect(changed.role).toBe("admin");

    let cursor: string | undefined;
    let found: any;
    do {
      const page = await admin("GET", `/members?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.status).toBe(200);
      found ??= page.body.results.find((row: any) => row.id === member.id);
      cursor = page.body.next;
    } while (cursor && !found);
    expect(found.memberships).toEqual([expect.objectContaining({ applicationId: app.id, role: "admin" })]);

    const removed = await admin("DELETE", `/applications/${app.id}/members/${member.id}`);
    expect(removed.status).toBe(200);
    expectError(await admin("DELETE", `/applications/${app.id}/members/${member.id}`), "not_found");
  });

  it("answers 404 for an unknown application, member or token", async () => {
    const app = await createTestApplication();
    const member = await createTestMember();
    const unknownMember = newId("member");
    expectError(await admin("PUT", `/applications/${app.id}/members/${unknownMember}`, { role: "admin" }), "not_found");
    expectError(
      await admin("PUT", `/applications/${newId("application")}/members/${member.id}`, { role: "admin" }),
      "not_found",
    );
    expectError(await admin("POST", `/members/${unknownMember}/tokens`), "not_found");
    expectError(await admin("DELETE", `/members/${member.id}/tokens/${newId("memberToken")}`), "not_found");
    expectError(await admin("PUT", `/applications/${app.id}/members/${member.id}`, { role: "owner" }), "bad_request");
  });

  it("revokes a token: revoking twice keeps the first time", async () => {
    const member = await createTestMember();
    const first = await admin("DELETE", `/members/${member.id}/tokens/${member.tokenId}`);
    expect(first.status).toBe(200);
    expect(first.body.revokedAt).toBeTypeOf("string");
    const again = await admin("DELETE", `/members/${member.id}/tokens/${member.tokenId}`);
    expect(again.body.revokedAt).toBe(first.body.revokedAt);
  });
});
