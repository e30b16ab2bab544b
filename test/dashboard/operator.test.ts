/**
 * The operator's pages (issue 24): signed in with the deployment's admin token (never a member's),
 * they manage applications, keys, members and their tokens through the operator API in process,
 * show each new secret once, list the shards as GET /shards does, and refuse forged posts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findSession, isOperatorSessionCurrent, startSession } from "../../src/domain/dashboard/sessions";
import { createTestApplication, db } from "../helpers/factories";
import { admin, BASE, call } from "../helpers/http";
import { csrfOf, ORIGIN, send, signIn } from "./helpers";

/** The operator signed in: their session cookie and the CSRF token of their pages. */
async function operatorSignedIn() {
  const answer = await send("/dashboard/operator/sign-in", { form: { token: env.ADMIN_TOKEN }, origin: ORIGIN });
  expect(answer.status).toBe(303);
  expect(answer.location).toBe("/dashboard/operator/applications");
  const cookie = (answer.headers.get("set-cookie") ?? "").split(";")[0] as string;
  const page = await send("/dashboard/operator/shards", { cookie });
  expect(page.status).toBe(200);
  return { cookie, csrf: csrfOf(page.html) };
}

const post = (path: string, cookie: string, form: Record<string, string>) =>
  send(path, { cookie, form, origin: ORIGIN });

/** The value of a secret shown once (a read-only input of the secrets panel). */
const shownSecrets = (html: string) => [...html.matchAll(/id="secret-\d+"[^>]*value="([^"]+)"/g)].map((m) => m[1]);

describe("the operator's sign-in", () => {
  it("refuses a wrong admin token with a message and no cookie, and a member's token too", async () => {
    const wrong = await send("/dashboard/operator/sign-in", { form: { token: "not-the-admin-token" }, origin: ORIGIN });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain("Invalid admin token");
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const app = await createTestApplication();
    const member = await signIn(app.id, "admin");
    const asMember = await send("/dashboard/operator/applications", { cookie: member.cookie });
    expect(asMember.status).toBe(303);
    expect(asMember.location).toBe("/dashboard/operator/sign-in");
  });

  it("keeps the operator out of applications' pages, and ends the session on sign-out", async () => {
    const { cookie, csrf } = await operatorSignedIn();
    const connections = await send("/dashboard/connections", { cookie });
    expect(connections.location).toBe("/dashboard/operator");
    const forged = await send("/dashboard/sign-out", { cookie, form: { _csrf: csrf }, origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect((await post("/dashboard/sign-out", cookie, { _csrf: csrf })).status).toBe(303);
    expect((await send("/dashboard/operator/shards", { cookie })).location).toBe("/dashboard/operator/sign-in");
  });

  it("ends an operator's session once the admin token it signed in with is no longer the deployment's", async () => {
    const session = await startSession(db(), { kind: "operator", adminToken: "the-admin-token-before-rotation" });
    const row = await findSession(db(), session.token);
    expect(row).toBeDefined();
    expect(await isOperatorSessionCurrent(row!, "the-admin-token-before-rotation")).toBe(true);
    expect(await isOperatorSessionCurrent(row!, "the-admin-token-after-rotation")).toBe(false);
  });
});

describe("the operator's applications and keys", () => {
  it("creates an application whose keys are shown once and work, creates and revokes a key", async () => {
    const { cookie, csrf } = await operatorSignedIn();
    const name = `Operator page app ${crypto.randomUUID().slice(0, 8)}`;
    const created = await post("/dashboard/operator/applications", cookie, { _csrf: csrf, name });
    expect(created.status).toBe(200);
    expect(created.headers.get("cache-control")).toBe("no-store");
    const keys = shownSecrets(created.html);
    const secret = keys.find((key) => key?.startsWith("sk_sandbox_"));
    expect(secret).toBeDefined();
    expect((await call("GET", `${BASE.sandbox}/connections`, { key: secret })).status).toBe(200);
    const id = /<dt>Id<\/dt><dd>(app_[A-Za-z0-9]+)<\/dd>/.exec(created.html)?.[1] ?? "";
    expect((await admin("GET", `/applications/${id}`)).body.name).toBe(name);

    // The application's page shows hints only.
    const page = await send(`/dashboard/operator/applications/${id}`, { cookie });
    expect(page.status).toBe(200);
    expect(page.html).not.toContain(secret);
    expect(page.html).toContain(`${secret!.slice(0, 11)}…${secret!.slice(-4)}`);

    const newKey = await post(`/dashboard/operator/applications/${id}/keys`, cookie, {
      _csrf: csrf,
      environment: "production",
      kind: "secret",
    });
    const [production] = shownSecrets(newKey.html);
    expect(production).toMatch(/^sk_prod_/);
    expect((await call("GET", `${BASE.production}/connections`, { key: production })).status).toBe(200);

    const application = (await admin("GET", `/applications/${id}`)).body;
    const keyId = application.keys.find((key: { hint: string }) => key.hint.endsWith(production!.slice(-4))).id;
    const revoked = await post(`/dashboard/operator/applications/${id}/keys/${keyId}/revoke`, cookie, { _csrf: csrf });
    expect(revoked.status).toBe(303);
    expect((await call("GET", `${BASE.production}/connections`, { key: production })).status).toBe(401);
  });

  it("shows the operator API's message for a refused input, not a 500", async () => {
    const { cookie, csrf } = await operatorSignedIn();
    const refused = await post("/dashboard/operator/applications", cookie, { _csrf: csrf, name: "" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('role="alert"');
    const unknown = await send("/dashboard/operator/applications/app_01HZZZZZZZZZZZZZZZZZZZZZZZ", { cookie });
    expect(unknown.status).toBe(404);
  });

  it("refuses a post without the session's CSRF token", async () => {
    const { cookie } = await operatorSignedIn();
    const before = (await admin("GET", "/applications?limit=500")).body.results.length;
    const forged = await post("/dashboard/operator/applications", cookie, { name: "Forged" });
    expect(forged.status).toBe(403);
    expect((await admin("GET", "/applications?limit=500")).body.results.length).toBe(before);
  });
});

describe("the operator's members and shards", () => {
  it("adds a member whose token is shown once, gives a role, creates and revokes tokens", async () => {
    const { cookie, csrf } = await operatorSignedIn();
    const app = await createTestApplication();
    const email = `operator-page-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const added = await post("/dashboard/operator/members", cookie, { _csrf: csrf, email });
    expect(added.status).toBe(200);
    const [token] = shownSecrets(added.html);
    expect(token).toMatch(/^mpt_/);
    const members = (await admin("GET", "/members?limit=500")).body.results as { id: string; email: string }[];
    const member = members.find((candidate) => candidate.email === email)!;

    const role = await post(`/dashboard/operator/members/${member.id}/applications`, cookie, {
      _csrf: csrf,
      applicationId: app.id,
      role: "viewer",
    });
    expect(role.status).toBe(303);
    // The token signs the member in to the application the role was given in.
    const signedIn = await send("/dashboard/sign-in", { form: { token: token! }, origin: ORIGIN });
    expect(signedIn.status).toBe(303);
    const memberCookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect((await send(`/dashboard/providers?app=${app.id}`, { cookie: memberCookie })).status).toBe(200);

    const second = await post(`/dashboard/operator/members/${member.id}/tokens`, cookie, { _csrf: csrf });
    expect(shownSecrets(second.html)[0]).toMatch(/^mpt_/);
    const tokens = (await admin("GET", "/members?limit=500")).body.results.find(
      (candidate: { id: string }) => candidate.id === member.id,
    ).tokens as { id: string; hint: string }[];
    expect(tokens).toHaveLength(2);
    const first = tokens.find((candidate) => candidate.hint.endsWith(token!.slice(-4)))!;
    const revoked = await post(`/dashboard/operator/members/${member.id}/tokens/${first.id}/revoke`, cookie, {
      _csrf: csrf,
    });
    expect(revoked.status).toBe(303);
    // Revoking the token ended the member's dashboard session.
    expect((await send(`/dashboard/providers?app=${app.id}`, { cookie: memberCookie })).status).toBe(303);

    const removed = await post(`/dashboard/operator/members/${member.id}/applications/${app.id}/remove`, cookie, {
      _csrf: csrf,
    });
    expect(removed.status).toBe(303);
    const after = (await admin("GET", "/members?limit=500")).body.results.find(
      (candidate: { id: string }) => candidate.id === member.id,
    );
    expect(after.memberships).toEqual([]);
  });

  it("lists the shards as GET /shards reports them", async () => {
    const { cookie } = await operatorSignedIn();
    const page = await send("/dashboard/operator/shards", { cookie });
    const shards = (await admin("GET", "/shards")).body.results as { name: string; status: string }[];
    expect(shards.length).toBeGreaterThan(0);
    for (const shard of shards)
      expect(page.html).toContain(`<th scope="row">${shard.name}</th><td>${shard.status}</td>`);
  });
});
