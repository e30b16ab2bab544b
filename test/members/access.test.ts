/** Member tokens on the /tsp/v1 API: application choice, roles, revocation and scope. */
import { describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids";
import { expectBadRequestAt, expectError } from "../helpers/error-contract";
import { createTestApplication, insertConnection, insertUsage, mintTestPublicToken } from "../helpers/factories";
import { admin } from "../helpers/http";
import { addMembership, createTestMember, memberCall } from "./helpers";

const ids = (body: any) => (body.results as { id: string }[]).map((row) => row.id);

describe("a member of one application", () => {
  it("reads connections, one connection and usage without X-Application-Id", async () => {
    const app = await createTestApplication();
    const member = await createTestMember();
    await addMembership(app.id, member.id, "viewer");
    const connection = await insertConnection(app, "sandbox");
    const usageConnection = newId("connection");
    await insertUsage(app, "sandbox", "2026-03", usageConnection, 2);

    const list = await memberCall("GET", "sandbox", "/connections", member);
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual([connection.id]);

    const one = await memberCall("GET", "sandbox", `/connections/${connection.id}`, member);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(connection.id);
    expect(one.body.agreements).toEqual([]);

    const usage = await memberCall("GET", "sandbox", "/usage?month=2026-03", member);
    expect(usage.status).toBe(200);
    expect(usage.body.results).toHaveLength(2);

    for (const path of ["/providers", "/issues"]) {
      expect((await memberCall("GET", "sandbox", path, member)).status).toBe(200);
    }
  });

  it("answers 404 for another application's connection by id", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const member = await createTestMember();
    await addMembership(app.id, member.id, "admin");
    const theirs = await insertConnection(other, "sandbox");
    expectError(await memberCall("GET", "sandbox", `/connections/${theirs.id}`, member), "not_found");
  });

  it("sees only the environment of the base address", async () => {
    const app = await createTestApplication();
    const member = await createTestMember();
    await addMembership(app.id, member.id, "viewer");
    const sandbox = await insertConnection(app, "sandbox");
    const production = await insertConnection(app, "production");

    const sandboxList = await memberCall("GET", "sandbox", "/connections", member);
    expect(ids(sandboxList.body)).toEqual([sandbox.id]);
    const productionList = await memberCall("GET", "production", "/connections", member);
    expect(ids(productionList.body)).toEqual([production.id]);
    expectError(await memberCall("GET", "sandbox", `/connections/${production.id}`, member), "not_found");
  });
});

describe("a member of two applications", () => {
  it("must send X-Application-Id, for an application it is in, and sees only that one's data", async () => {
    const first = await createTestApplication();
    const second = await createTestApplication();
    const stranger = await createTestApplication();
    const member = await createTestMember();
    await addMembership(first.id, member.id, "viewer");
    await addMembership(second.id, member.id, "admin");
    const firstConnection = await insertConnection(first, "sandbox");
    const secondConnection = await insertConnection(second, "sandbox");

    const missing = await memberCall("GET", "sandbox", "/connections", member);
    expectBadRequestAt(missing, "{requestHeaders}.x-application-id");

    expectError(
      await memberCall("GET", "sandbox", "/connections", member, { applicationId: stranger.id }),
      "forbidden",
    );

    const firstList = await memberCall("GET", "sandbox", "/connections", member, { applicationId: first.id });
    expect(firstList.status).toBe(200);
    expect(ids(firstList.body)).toEqual([firstConnection.id]);
    const secondList = await memberCall("GET", "sandbox", "/connections", member, { applicationId: second.id });
    expect(secondList.status).toBe(200);
    expect(ids(secondList.body)).toEqual([secondConnection.id]);

    expectError(
      await memberCall("GET", "sandbox", `/connections/${secondConnection.id}`, member, { applicationId: first.id }),
      "not_found",
    );
  });

  it("loses access to an application it is removed from", async () => {
    const app = await createTestApplication();
    const member = await createTestMember();
    await addMembership(app.id, member.id, "viewer");
    expect((await memberCall("GET", "sandbox", "/connections", member)).status).toBe(200);
    expect((await admin("DELETE", `/applications/${app.id}/members/${member.id}`)).status).toBe(200);
    expectError(await memberCall("GET", "sandbox", "/connections", member), "forbidden");
    expectError(await memberCall("GET", "sandbox", "/connections", member, { applicationId: app.id }), "forbidden");
  });
});

describe("roles", () => {
  const body = { provider: "sandbox", credentials: { username: "fleet-manager", password: "correct-horse" } };

  it("a viewer gets 403 on POST /connections; an admin passes", async () => {
    const app = await createTestApplication();
    const viewer = await createTestMember();
    const adminMember = await createTestMember();
    await addMembership(app.id, viewer.id, "viewer");
    await addMembership(app.id, adminMember.id, "admin");

    const refused = expectError(await memberCall("POST", "sandbox", "/connections", viewer, { body }), "forbidden");
    expect(refused.message).toMatch(/admin role/);
    const created = await memberCall("POST", "sandbox", "/connections", adminMember, { body });
    expect(created.status).toBe(201);
  });

  it("a viewer gets 403 on the public token exchange", async () => {
    const app = await createTestApplication();
    const viewer = await createTestMember();
    await addMembership(app.id, viewer.id, "viewer");
    const connection = await insertConnection(app, "sandbox");
    const { publicToken } = await mintTestPublicToken(connection, app);
    const result = await memberCall("POST", "sandbox", "/public-token/exchange", viewer, { body: { publicToken } });
    expectError(result, "forbidden");
  });

  it("a viewer gets 403 on cancelling a deletion; an admin passes", async () => {
    const app = await createTestApplication();
    const viewer = await createTestMember();
    const adminMember = await createTestMember();
    await addMembership(app.id, viewer.id, "viewer");
    await addMembership(app.id, adminMember.id, "admin");
    const connection = await insertConnection(app, "sandbox", {
      status: "pending_deletion",
      deletionDueAt: new Date(Date.now() + 3_600_000),
    });
    const path = `/connections/${connection.id}/cancel-deletion`;
    expectError(await memberCall("POST", "sandbox", path, viewer), "forbidden");
    const cancelled = await memberCall("POST", "sandbox", path, adminMember);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("archived");
  });
});

describe("refused member tokens", () => {
  it("a revoked token is unauthorized", async () => {
    const app = await createTestApplication();
    const member = await createTestMember();
    await addMembership(app.id, member.id, "admin");
    expect((await memberCall("GET", "sandbox", "/connections", member)).status).toBe(200);
    expect((await admin("DELETE", `/members/${member.id}/tokens/${member.tokenId}`)).status).toBe(200);
    expectError(await memberCall("GET", "sandbox", "/connections", member), "unauthorized");
  });

  it("an unknown token is unauthorized", async () => {
    expectError(await memberCall("GET", "sandbox", "/connections", { token: `mpt_${"a".repeat(40)}` }), "unauthorized");
  });

  it("a member token on a connection-scoped endpoint is unauthorized", async () => {
    const app = await createTestApplication();
    const member = await createTestMember();
    await addMembership(app.id, member.id, "admin");
    const connection = await insertConnection(app, "sandbox");
    const result = await memberCall("GET", "sandbox", "/connections/current", member, { token: connection.token });
    const error = expectError(result, "unauthorized");
    expect(error.message).toMatch(/application endpoints only/);
    expectError(await memberCall("GET", "sandbox", "/vehicles", member, { token: connection.token }), "unauthorized");
  });
});
