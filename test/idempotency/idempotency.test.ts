import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, webhookEndpoints } from "../../src/db/schema";
import { claimIdempotencyKey, fingerprintRequest } from "../../src/domain/idempotency/keys";
import { expectBadRequestAt, expectError } from "../helpers/error-contract";
import {
  createSandboxConnection,
  createTestApplication,
  db,
  SANDBOX_CREDENTIALS,
  type TestApplication,
} from "../helpers/factories";
import { BASE, call } from "../helpers/http";

let app: TestApplication;
beforeAll(async () => {
  app = await createTestApplication();
});

const ENDPOINT = { url: "https://example.com/hooks/telematics", eventTypes: ["issue.reported"] };

function createEndpoint(key: string | undefined, body: unknown = ENDPOINT, owner = app) {
  return call("POST", `${BASE.sandbox}/webhooks/endpoints`, {
    key: owner.keys.sandbox.secret,
    body,
    headers: key === undefined ? {} : { "idempotency-key": key },
  });
}

async function endpointCount(owner = app): Promise<number> {
  const rows = await db()
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.applicationId, owner.id));
  return rows.length;
}

describe("Idempotency-Key on POST", () => {
  it("replays the stored response of the same request, with Idempotent-Replayed: true", async () => {
    const before = await endpointCount();
    const key = crypto.randomUUID();
    const first = await createEndpoint(key);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await createEndpoint(key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toContain("application/json");
    expect(again.body).toEqual(first.body);
    expect(await endpointCount()).toBe(before + 1);
    // Without a key, the same body creates another endpoint.
    expect((await createEndpoint(undefined)).status).toBe(201);
    expect(await endpointCount()).toBe(before + 2);
  });

  it("refuses the same key with another body, naming the key", async () => {
    const key = `order-${crypto.randomUUID()}`;
    expect((await createEndpoint(key)).status).toBe(201);
    const other = await createEndpoint(key, { ...ENDPOINT, description: "another" });
    const detail = expectBadRequestAt(other, "{requestHeaders}.idempotency-key");
    expect(other.body.message).toContain(key);
    expect(detail.suggestion).toBeTruthy();
  });

  it("answers conflict while the first request with the key is still running", async () => {
    const key = crypto.randomUUID();
    const body = JSON.stringify(ENDPOINT);
    // The first request, claimed and not finished (as while it runs).
    const hash = await fingerprintRequest({
      method: "POST",
      environment: "sandbox",
      path: "/tsp/v1/webhooks/endpoints",
      search: "",
      connectionTokenHash: "",
      body,
    });
    const claimed = await claimIdempotencyKey(db(), env, { applicationId: app.id, environment: "sandbox", key }, hash);
    expect(claimed.outcome).toBe("claimed");
    const duplicate = await call("POST", `${BASE.sandbox}/webhooks/endpoints`, {
      key: app.keys.sandbox.secret,
      rawBody: body,
      headers: { "idempotency-key": key, "content-type": "application/json" },
    });
    expectError(duplicate, "conflict");
    expect(duplicate.body.message).toContain(key);
  });

  it("concurrent duplicates create exactly one resource", async () => {
    const before = await endpointCount();
    const key = crypto.randomUUID();
    const results = await Promise.all(Array.from({ length: 6 }, () => createEndpoint(key)));
    const created = results.filter((result) => result.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const result of results) expect([201, 409]).toContain(result.status);
    expect(new Set(created.map((result) => result.body.id)).size).toBe(1);
    expect(await endpointCount()).toBe(before + 1);
  });

  it("does not keep answers of requests that did not run: a corrected retry with the key runs", async () => {
    const key = crypto.randomUUID();
    const invalid = await createEndpoint(key, { url: "not a url" });
    expect(invalid.status).toBe(400);
    const corrected = await createEndpoint(key);
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get("idempotent-replayed")).toBeNull();
  });

  it("keeps the answers of requests that ran, errors included", async () => {
    const connection = await createSandboxConnection(app);
    const key = crypto.randomUUID();
    const url = `${BASE.sandbox}/syncs/sync_01ARZ3NDEKTSV4RRFFQ69G5FAV/retry`;
    const options = { key: app.keys.sandbox.secret, token: connection.token, headers: { "idempotency-key": key } };
    const first = await call("POST", url, options);
    expectError(first, "not_found");
    const again = await call("POST", url, options);
    expectError(again, "not_found");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("scopes keys to the application and the environment", async () => {
    const other = await createTestApplication();
    const key = crypto.randomUUID();
    const mine = await createEndpoint(key);
    const theirs = await createEndpoint(key, ENDPOINT, other);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
    const production = await call("POST", `${BASE.production}/webhooks/endpoints`, {
      key: app.keys.production.secret,
      body: ENDPOINT,
      headers: { "idempotency-key": key },
    });
    expect(production.status).toBe(201);
    expect(production.headers.get("idempotent-replayed")).toBeNull();
  });

  it("forgets keys after 24 hours, and takes over a key abandoned while running", async () => {
    const key = crypto.randomUUID();
    const first = await createEndpoint(key);
    const where = and(eq(idempotencyKeys.applicationId, app.id), eq(idempotencyKeys.key, key));
    await db()
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(where);
    const later = await createEndpoint(key);
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);

    await db()
      .update(idempotencyKeys)
      .set({ status: "running", createdAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(where);
    const takeover = await createEndpoint(key);
    expect(takeover.status).toBe(201);
    expect(takeover.headers.get("idempotent-replayed")).toBeNull();
  });

  it("stores responses encrypted: no token or secret in the table", async () => {
    const key = crypto.randomUUID();
    const created = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      body: { provider: "sandbox", credentials: SANDBOX_CREDENTIALS },
      headers: { "idempotency-key": key },
    });
    expect(created.status).toBe(201);
    const replayed = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      body: { provider: "sandbox", credentials: SANDBOX_CREDENTIALS },
      headers: { "idempotency-key": key },
    });
    expect(replayed.body.token).toBe(created.body.token);
    const rows = await env.DB.prepare("SELECT * FROM idempotency_keys WHERE key = ?").bind(key).all();
    expect(rows.results).toHaveLength(1);
    expect(JSON.stringify(rows.results)).not.toContain(created.body.token);
    expect(JSON.stringify(rows.results)).not.toContain(SANDBOX_CREDENTIALS.password);
  });

  it("refuses malformed keys", async () => {
    expectBadRequestAt(await createEndpoint("x".repeat(256)), "{requestHeaders}.idempotency-key");
    expectBadRequestAt(await createEndpoint("clé"), "{requestHeaders}.idempotency-key");
    expectBadRequestAt(await createEndpoint("two words"), "{requestHeaders}.idempotency-key");
  });

  it("works with the publishable key on POST /link/complete", async () => {
    const key = crypto.randomUUID();
    const send = () =>
      call("POST", `${BASE.sandbox}/link/complete`, {
        key: app.keys.sandbox.publishable,
        body: {
          provider: "sandbox",
          credentials: SANDBOX_CREDENTIALS,
          agreements: [{ agreementUrl: "https://example.com/terms" }],
        },
        headers: { "idempotency-key": key },
      });
    const first = await send();
    expect(first.status).toBe(200);
    const again = await send();
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.publicToken).toBe(first.body.publicToken);
  });

  it("is documented on every POST of the API", async () => {
    const document = (await call("GET", `${BASE.production}/openapi.json`)).body;
    const posts = Object.entries(document.paths as Record<string, any>).filter(
      ([, item]) => item.post && !item.servers,
    );
    expect(posts.length).toBeGreaterThan(5);
    for (const [path, item] of posts) {
      // A passthrough request is the provider's to deduplicate: every one reaches it, and says so.
      if (path === "/passthrough") {
        expect(item.post.parameters ?? []).not.toContainEqual({ $ref: "#/components/parameters/IdempotencyKey" });
        expect(item.post.description).toContain("`Idempotency-Key` does not apply");
        continue;
      }
      expect(item.post.parameters, path).toContainEqual({ $ref: "#/components/parameters/IdempotencyKey" });
      expect(Object.keys(item.post.responses), path).toContain("409");
    }
  });
});
