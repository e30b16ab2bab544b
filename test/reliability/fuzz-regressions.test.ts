/**
 * Regressions of the bugs the bad-input fuzzer (fuzz-run.ts) found, pinned as plain tests so
 * they fail without depending on a random seed.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectError } from "../helpers/error-contract";
import { createSandboxConnection, createTestApplication, insertSyncJob } from "../helpers/factories";
import { ADMIN_BASE, admin, BASE, call } from "../helpers/http";
import { fetchDocument } from "../helpers/openapi-operations";
import { registerDocument } from "./fuzz-client";

/** Validates a body against the document's response schema of an operation (in Node, with ajv). */
async function schemaErrors(path: string, method: string, status: number, body: unknown) {
  const document = await fetchDocument(BASE.production);
  const id = await registerDocument(document);
  const response = await env.RESPONSE_VALIDATOR.fetch("https://validator/validate", {
    method: "POST",
    body: JSON.stringify({ id, path, method, status, body }),
  });
  const result = (await response.json()) as { valid: boolean; documented: boolean; errors: unknown[] };
  expect(result.documented).toBe(true);
  return result.errors;
}

/** Runs `count` calls, a few at a time. */
async function times(count: number, make: (index: number) => Promise<unknown>) {
  for (let start = 0; start < count; start += 10) {
    await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, index) => make(start + index)));
  }
}

describe("bugs found by the fuzzer", () => {
  it("GET /admin/v1/applications lists a page of more than 100 applications (was a 500: D1's 100 bound parameters)", async () => {
    await times(105, () => createTestApplication());
    const result = await call("GET", `${ADMIN_BASE}/applications?limit=500`, { key: env.ADMIN_TOKEN });
    expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(200);
    expect(result.body.results.length).toBeGreaterThan(100);
    for (const application of result.body.results) expect(application.keys.length).toBeGreaterThan(0);
    expect(await schemaErrors("/admin/v1/applications", "get", 200, result.body)).toEqual([]);
  }, 60_000);

  it("GET /admin/v1/members lists a page of more than 100 members (same limit)", async () => {
    await times(105, async (index) => {
      const created = await admin("POST", "/members", {
        email: `regression-${index}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      });
      expect(created.status).toBe(201);
    });
    const result = await call("GET", `${ADMIN_BASE}/members?limit=500`, { key: env.ADMIN_TOKEN });
    expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(200);
    expect(result.body.results.length).toBeGreaterThan(100);
  }, 60_000);

  it("GET /syncs lists a page of more than 100 sync jobs (same limit, on their issues)", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    await times(105, () => insertSyncJob(app, connection.id));
    const result = await call("GET", `${BASE.sandbox}/syncs?limit=500&expand=issues`, {
      key: app.keys.sandbox.secret,
      token: connection.token,
    });
    expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(200);
    expect(result.body.results.length).toBeGreaterThan(100);
  }, 60_000);

  it("a connection's linkUrl (a URI template with {connectionId}) matches its documented schema", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    expect(connection.linkUrl).toContain("{connectionId}");
    expect(await schemaErrors("/connections", "post", 201, connection)).toEqual([]);
  });
});

describe("races found by the fuzzer", () => {
  it("rotating the secret of (or updating) a webhook endpoint deleted at the same moment answers 404, never a 500", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const statuses: number[] = [];
    await times(30, async (index) => {
      const created = await call("POST", `${BASE.sandbox}/webhooks/endpoints`, {
        key,
        body: { url: `${env.WEBHOOK_RECEIVER_URL}/race`, eventTypes: ["issue.reported"] },
      });
      expect(created.status).toBe(201);
      const path = `${BASE.sandbox}/webhooks/endpoints/${created.body.id}`;
      const [, action] = await Promise.all([
        call("DELETE", path, { key }),
        index % 2 === 0
          ? call("POST", `${path}/rotate-secret`, { key })
          : call("PATCH", path, { key, body: { description: "raced" } }),
      ]);
      statuses.push(action.status);
      if (action.status !== 200) expectError(action, "not_found");
    });
    expect(
      statuses.every((status) => status === 200 || status === 404),
      JSON.stringify(statuses),
    ).toBe(true);
  }, 60_000);
});
