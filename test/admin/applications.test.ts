import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSandboxConnection, createTestApplication, uniqueName } from "../helpers/factories";
import { ADMIN_BASE, admin, BASE, type CallResult, call, type Environment } from "../helpers/http";

const ULID = "[0-9A-HJKMNP-TV-Z]{26}";
const APP_ID = new RegExp(`^app_${ULID}$`);
const KEY_ID = new RegExp(`^key_${ULID}$`);
const CURSOR = /^[A-Za-z0-9+/=_-]+$/;
const UNKNOWN_APP = "app_01HZX5G1Q4V2M8T6W9K3R7N0PB";
const UNKNOWN_KEY = "key_01HZX5G1Q4V2M8T6W9K3R7N0PB";

const PREFIXES = {
  "production.secret": "sk_prod_",
  "production.publishable": "pk_prod_",
  "sandbox.secret": "sk_sandbox_",
  "sandbox.publishable": "pk_sandbox_",
} as const;

type Kind = "secret" | "publishable";
type PresentedKey = {
  id: string;
  environment: Environment;
  kind: Kind;
  hint: string;
  createdAt: string;
  revokedAt?: string;
  key?: string;
};
type PresentedApplication = { id: string; name: string; createdAt: string; keys: PresentedKey[] };

/** The contract's error shape; `detail` only where the code carries one. */
function expectError(result: CallResult<any>, status: number, code: string) {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  expect(result.body).toMatchObject({ code, message: expect.any(String) });
  expect(result.body.message.length).toBeGreaterThan(0);
  if (code !== "bad_request") expect(Object.keys(result.body).sort()).toEqual(["code", "message"]);
}

/** A bad_request whose detail names every expected path. */
function expectBadRequest(result: CallResult<any>, paths: string[]) {
  expectError(result, 400, "bad_request");
  const detail = result.body.detail as { message: string; path: string }[];
  expect(Array.isArray(detail)).toBe(true);
  for (const entry of detail) expect(entry).toMatchObject({ message: expect.any(String), path: expect.any(String) });
  expect(detail.map((entry) => entry.path).sort()).toEqual([...paths].sort());
}

const isoDate = (value: string) => new Date(value).toISOString() === value;

/** Whether a secret key is accepted by the API of its environment. */
async function keyWorks(key: string, environment: Environment = key.includes("_sandbox_") ? "sandbox" : "production") {
  const result = await call("GET", `${BASE[environment]}/providers`, { key });
  if (result.status !== 200 && result.status !== 401) throw new Error(`unexpected ${result.status}`);
  return result.status === 200;
}

/** Every application, by walking the pages of GET /applications. */
async function walkApplications(limit: number, between?: (page: number) => Promise<void>) {
  const pages: { results: PresentedApplication[]; next?: string }[] = [];
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const result = await admin<{ results: PresentedApplication[]; next?: string }>("GET", `/applications?${query}`);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    pages.push(result.body);
    cursor = result.body.next;
    if (cursor !== undefined) await between?.(pages.length);
    if (pages.length > 1000) throw new Error("the walk does not end");
  } while (cursor !== undefined);
  return pages;
}

describe("operator authentication", () => {
  const unauthorizedCalls = (authorization?: string) => {
    const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
    return [
      call("GET", `${ADMIN_BASE}/applications`, { headers }),
      call("POST", `${ADMIN_BASE}/applications`, { headers, body: { name: uniqueName("unauthorized") } }),
      call("GET", `${ADMIN_BASE}/applications/${UNKNOWN_APP}`, { headers }),
      call("POST", `${ADMIN_BASE}/applications/${UNKNOWN_APP}/keys`, {
        headers,
        body: { environment: "sandbox", kind: "secret" },
      }),
      call("DELETE", `${ADMIN_BASE}/applications/${UNKNOWN_APP}/keys/${UNKNOWN_KEY}`, { headers }),
    ];
  };

  it("refuses a request without a token, on every route", async () => {
    for (const result of await Promise.all(unauthorizedCalls())) expectError(result, 401, "unauthorized");
  });

  it("refuses a wrong token of the same length", async () => {
    const token = env.ADMIN_TOKEN;
    const wrong = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const result of await Promise.all(unauthorizedCalls(`Bearer ${wrong}`))) {
      expectError(result, 401, "unauthorized");
    }
  });

  it("refuses prefixes and extensions of the right token", async () => {
    const token = env.ADMIN_TOKEN;
    for (const presented of [
      token.slice(0, -1),
      token.slice(0, 16),
      token.slice(0, 1),
      `${token}x`,
      `${token}${token}`,
    ]) {
      for (const result of await Promise.all(unauthorizedCalls(`Bearer ${presented}`))) {
        expectError(result, 401, "unauthorized");
      }
    }
  });

  it("refuses the token in another scheme or without the scheme", async () => {
    for (const authorization of [env.ADMIN_TOKEN, `Basic ${env.ADMIN_TOKEN}`, `Token ${env.ADMIN_TOKEN}`, "Bearer "]) {
      expectError(await call("GET", `${ADMIN_BASE}/applications`, { headers: { authorization } }), 401, "unauthorized");
    }
  });

  it("refuses an application's API keys in place of the admin token", async () => {
    const app = await createTestApplication();
    for (const key of [app.keys.production.secret, app.keys.sandbox.secret, app.keys.production.publishable]) {
      for (const result of await Promise.all(unauthorizedCalls(`Bearer ${key}`))) {
        expectError(result, 401, "unauthorized");
      }
      const own = await call("GET", `${ADMIN_BASE}/applications/${app.id}`, { key });
      expectError(own, 401, "unauthorized");
    }
  });

  it("accepts the right token", async () => {
    const result = await call("GET", `${ADMIN_BASE}/applications?limit=1`, { key: env.ADMIN_TOKEN });
    expect(result.status).toBe(200);
  });

  it("changes nothing on a refused request: no application created, no key created or revoked", async () => {
    const app = await createTestApplication();
    const name = uniqueName("refused");
    const headers = { authorization: "Bearer not-the-admin-token-at-all" };
    expectError(await call("POST", `${ADMIN_BASE}/applications`, { headers, body: { name } }), 401, "unauthorized");
    expectError(
      await call("POST", `${ADMIN_BASE}/applications/${app.id}/keys`, {
        headers,
        body: { environment: "sandbox", kind: "secret" },
      }),
      401,
      "unauthorized",
    );
    expectError(
      await call("DELETE", `${ADMIN_BASE}/applications/${app.id}/keys/${app.keyIds["sandbox.secret"]}`, { headers }),
      401,
      "unauthorized",
    );
    expect(await keyWorks(app.keys.sandbox.secret)).toBe(true);
    const found = await admin<PresentedApplication>("GET", `/applications/${app.id}`);
    expect(found.body.keys).toHaveLength(4);
    expect(found.body.keys.every((key) => key.revokedAt === undefined)).toBe(true);
    const all = (await walkApplications(500)).flatMap((page) => page.results);
    expect(all.filter((application) => application.name === name)).toEqual([]);
  });
});

describe("POST /applications", () => {
  it("creates an application with exactly four keys, shown once", async () => {
    const name = uniqueName("Acme Fleet");
    const result = await admin<PresentedApplication>("POST", "/applications", { name });
    expect(result.status).toBe(201);
    const body = result.body;
    expect(body.id).toMatch(APP_ID);
    expect(body.name).toBe(name);
    expect(isoDate(body.createdAt)).toBe(true);
    expect(body.keys).toHaveLength(4);
    const combinations = body.keys.map((key) => `${key.environment}.${key.kind}`).sort();
    expect(combinations).toEqual(Object.keys(PREFIXES).sort());
    for (const key of body.keys) {
      const prefix = PREFIXES[`${key.environment}.${key.kind}` as keyof typeof PREFIXES];
      expect(key.id).toMatch(KEY_ID);
      expect(key.key).toMatch(new RegExp(`^${prefix}[0-9A-Za-z]{32,}$`));
      expect(key.hint).toBe(`${prefix}…${key.key!.slice(-4)}`);
      expect(key.hint).not.toContain(key.key!);
      expect(key.hint.length).toBeLessThan(key.key!.length);
      expect(isoDate(key.createdAt)).toBe(true);
      expect(key.revokedAt).toBeUndefined();
    }
    expect(new Set(body.keys.map((key) => key.id)).size).toBe(4);
    expect(new Set(body.keys.map((key) => key.key)).size).toBe(4);
  });

  it("gives every application its own keys", async () => {
    const [a, b] = await Promise.all([createTestApplication(), createTestApplication()]);
    expect(a!.id).not.toBe(b!.id);
    const keysOf = (app: typeof a) => [
      app!.keys.production.secret,
      app!.keys.production.publishable,
      app!.keys.sandbox.secret,
      app!.keys.sandbox.publishable,
    ];
    expect(keysOf(a).filter((key) => keysOf(b).includes(key))).toEqual([]);
  });

  it("issues working keys: each secret key in its own environment only; publishable keys not server-side", async () => {
    const app = await createTestApplication();
    expect(await keyWorks(app.keys.sandbox.secret, "sandbox")).toBe(true);
    expect(await keyWorks(app.keys.production.secret, "production")).toBe(true);
    expect(await keyWorks(app.keys.sandbox.secret, "production")).toBe(false);
    expect(await keyWorks(app.keys.production.secret, "sandbox")).toBe(false);
    expect(await keyWorks(app.keys.sandbox.publishable, "sandbox")).toBe(false);
    expect(await keyWorks(app.keys.production.publishable, "production")).toBe(false);
  });

  it("keeps the name as given, up to 200 characters", async () => {
    for (const name of ["Flotte Générale ✓", "x".repeat(200), " spaced "]) {
      const result = await admin<PresentedApplication>("POST", "/applications", { name });
      expect(result.status).toBe(201);
      expect(result.body.name).toBe(name);
      expect((await admin<PresentedApplication>("GET", `/applications/${result.body.id}`)).body.name).toBe(name);
    }
  });

  it("refuses a missing name", async () => {
    expectBadRequest(await admin("POST", "/applications", {}), ["{requestBody}.name"]);
  });

  it("refuses an empty, too long or non-string name", async () => {
    expectBadRequest(await admin("POST", "/applications", { name: "" }), ["{requestBody}.name"]);
    expectBadRequest(await admin("POST", "/applications", { name: "x".repeat(201) }), ["{requestBody}.name"]);
    expectBadRequest(await admin("POST", "/applications", { name: 42 }), ["{requestBody}.name"]);
    expectBadRequest(await admin("POST", "/applications", { name: null }), ["{requestBody}.name"]);
  });

  it("refuses an unknown field, naming it", async () => {
    const result = await admin("POST", "/applications", { name: uniqueName("app"), plan: "enterprise" });
    expectBadRequest(result, ["{requestBody}"]);
    expect(JSON.stringify(result.body.detail)).toContain("plan");
  });

  it("refuses a body that is not JSON, or not an object", async () => {
    const raw = await call("POST", `${ADMIN_BASE}/applications`, {
      key: env.ADMIN_TOKEN,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expectError(raw, 400, "bad_request");
    expectError(await admin("POST", "/applications", ["name"]), 400, "bad_request");
    expectError(await admin("POST", "/applications", "name"), 400, "bad_request");
  });
});

describe("GET /applications", () => {
  it("walks every application exactly once, in id order, with limit and cursor", async () => {
    const created = await Promise.all(Array.from({ length: 5 }, () => createTestApplication()));
    const pages = await walkApplications(2);
    for (const [index, page] of pages.entries()) {
      const last = index === pages.length - 1;
      expect(page.results.length).toBeLessThanOrEqual(2);
      if (!last) {
        expect(page.results).toHaveLength(2);
        expect(page.next).toMatch(CURSOR);
      } else {
        expect(page.next).toBeUndefined();
      }
    }
    const ids = pages.flatMap((page) => page.results.map((application) => application.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
    for (const app of created) expect(ids.filter((id) => id === app.id)).toHaveLength(1);
  });

  it("presents each application with its key hints, never the keys", async () => {
    const app = await createTestApplication();
    const all = (await walkApplications(500)).flatMap((page) => page.results);
    const listed = all.find((application) => application.id === app.id)!;
    expect(listed).toBeDefined();
    expect(listed.name).toMatch(/^app-/);
    expect(isoDate(listed.createdAt)).toBe(true);
    expect(listed.keys.map((key) => key.id).sort()).toEqual(Object.values(app.keyIds).sort());
    for (const key of listed.keys) {
      expect(key).not.toHaveProperty("key");
      expect(key.hint).toMatch(/^(sk|pk)_(prod|sandbox)_…[0-9A-Za-z]{4}$/);
    }
    const text = JSON.stringify(all);
    for (const key of [app.keys.production.secret, app.keys.sandbox.secret, app.keys.sandbox.publishable]) {
      expect(text).not.toContain(key);
    }
  });

  it("skips nothing and repeats nothing when applications are created between pages", async () => {
    const before = await Promise.all(Array.from({ length: 4 }, () => createTestApplication()));
    const added: string[] = [];
    const pages = await walkApplications(2, async () => {
      if (added.length < 3) added.push((await createTestApplication()).id);
    });
    const ids = pages.flatMap((page) => page.results.map((application) => application.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
    for (const app of before) expect(ids.filter((id) => id === app.id)).toHaveLength(1);
    expect(added.length).toBeGreaterThan(0);
  });

  it("refuses a tampered cursor", async () => {
    await Promise.all([createTestApplication(), createTestApplication()]);
    const first = await admin("GET", "/applications?limit=1");
    expect(first.status).toBe(200);
    const next = first.body.next as string;
    expect(next).toMatch(CURSOR);
    const middle = Math.floor(next.length / 2);
    const tampered = next.slice(0, middle) + (next[middle] === "A" ? "B" : "A") + next.slice(middle + 1);
    for (const cursor of [tampered, next.slice(0, -4), `${next}AAAA`, "bm90LWEtY3Vyc29y"]) {
      const result = await admin("GET", `/applications?limit=1&cursor=${encodeURIComponent(cursor)}`);
      expectBadRequest(result, ["{requestQuery}.cursor"]);
    }
    // The untouched cursor still works.
    expect((await admin("GET", `/applications?limit=1&cursor=${encodeURIComponent(next)}`)).status).toBe(200);
  });

  it("refuses a cursor issued by another list", async () => {
    const app = await createTestApplication();
    await createSandboxConnection(app);
    await createSandboxConnection(app);
    const connections = await call("GET", `${BASE.sandbox}/connections?limit=1`, { key: app.keys.sandbox.secret });
    expect(connections.status).toBe(200);
    const foreign = connections.body.next as string;
    expect(foreign).toMatch(CURSOR);
    expectBadRequest(await admin("GET", `/applications?cursor=${encodeURIComponent(foreign)}`), [
      "{requestQuery}.cursor",
    ]);
  });

  it("refuses a limit out of range or not an integer", async () => {
    for (const limit of ["0", "-1", "501", "1.5", "abc"]) {
      expectBadRequest(await admin("GET", `/applications?limit=${limit}`), ["{requestQuery}.limit"]);
    }
  });
});

describe("GET /applications/{id}", () => {
  it("answers the application with its keys, without the keys themselves", async () => {
    const created = await admin<PresentedApplication>("POST", "/applications", { name: uniqueName("app") });
    const result = await admin<PresentedApplication>("GET", `/applications/${created.body.id}`);
    expect(result.status).toBe(200);
    expect(result.body.id).toBe(created.body.id);
    expect(result.body.name).toBe(created.body.name);
    expect(result.body.createdAt).toBe(created.body.createdAt);
    const byId = (keys: PresentedKey[]) => [...keys].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byId(result.body.keys)).toEqual(byId(created.body.keys).map(({ key: _key, ...presented }) => presented));
    for (const key of result.body.keys) expect(key).not.toHaveProperty("key");
    const text = JSON.stringify(result.body);
    for (const key of created.body.keys) expect(text).not.toContain(key.key!);
  });

  it("answers not_found for an unknown id", async () => {
    expectError(await admin("GET", `/applications/${UNKNOWN_APP}`), 404, "not_found");
  });

  it("refuses a malformed id", async () => {
    for (const id of ["app_123", "conn_01HZX5G1Q4V2M8T6W9K3R7N0PB", "app_01hzx5g1q4v2m8t6w9k3r7n0pb", "x"]) {
      expectBadRequest(await admin("GET", `/applications/${id}`), ["{requestPath}.id"]);
    }
  });
});

describe("POST /applications/{id}/keys", () => {
  it("creates a working key, shown once and listed afterwards by hint", async () => {
    const app = await createTestApplication();
    const result = await admin<PresentedKey>("POST", `/applications/${app.id}/keys`, {
      environment: "sandbox",
      kind: "secret",
    });
    expect(result.status).toBe(201);
    const key = result.body;
    expect(key.id).toMatch(KEY_ID);
    expect(Object.values(app.keyIds)).not.toContain(key.id);
    expect(key).toMatchObject({ environment: "sandbox", kind: "secret" });
    expect(key.key).toMatch(/^sk_sandbox_[0-9A-Za-z]{32,}$/);
    expect(key.key).not.toBe(app.keys.sandbox.secret);
    expect(key.hint).toBe(`sk_sandbox_…${key.key!.slice(-4)}`);
    expect(isoDate(key.createdAt)).toBe(true);
    expect(key.revokedAt).toBeUndefined();

    const providers = await call("GET", `${BASE.sandbox}/providers`, { key: key.key });
    expect(providers.status).toBe(200);
    // The old key keeps working until it is revoked.
    expect(await keyWorks(app.keys.sandbox.secret)).toBe(true);

    const found = await admin<PresentedApplication>("GET", `/applications/${app.id}`);
    expect(found.body.keys).toHaveLength(5);
    const listed = found.body.keys.find((entry) => entry.id === key.id);
    expect(listed).toEqual({
      id: key.id,
      environment: "sandbox",
      kind: "secret",
      hint: key.hint,
      createdAt: key.createdAt,
    });
    expect(JSON.stringify(found.body)).not.toContain(key.key!);
  });

  it("creates keys of every environment and kind, with the right prefix and scope", async () => {
    const app = await createTestApplication();
    for (const [combination, prefix] of Object.entries(PREFIXES)) {
      const [environment, kind] = combination.split(".") as [Environment, Kind];
      const result = await admin<PresentedKey>("POST", `/applications/${app.id}/keys`, { environment, kind });
      expect(result.status).toBe(201);
      expect(result.body).toMatchObject({ environment, kind });
      expect(result.body.key!.startsWith(prefix)).toBe(true);
      expect(await keyWorks(result.body.key!, environment)).toBe(kind === "secret");
    }
  });

  it("refuses an unknown environment or kind, and missing or extra fields", async () => {
    const app = await createTestApplication();
    const path = `/applications/${app.id}/keys`;
    expectBadRequest(await admin("POST", path, { environment: "staging", kind: "secret" }), [
      "{requestBody}.environment",
    ]);
    expectBadRequest(await admin("POST", path, { environment: "sandbox", kind: "admin" }), ["{requestBody}.kind"]);
    expectBadRequest(await admin("POST", path, {}), ["{requestBody}.environment", "{requestBody}.kind"]);
    expectBadRequest(await admin("POST", path, { environment: "sandbox", kind: "secret", name: "x" }), [
      "{requestBody}",
    ]);
    const found = await admin<PresentedApplication>("GET", `/applications/${app.id}`);
    expect(found.body.keys).toHaveLength(4);
  });

  it("answers not_found for an unknown application, and creates nothing", async () => {
    expectError(
      await admin("POST", `/applications/${UNKNOWN_APP}/keys`, { environment: "sandbox", kind: "secret" }),
      404,
      "not_found",
    );
  });

  it("refuses a malformed application id", async () => {
    expectBadRequest(await admin("POST", "/applications/app_1/keys", { environment: "sandbox", kind: "secret" }), [
      "{requestPath}.id",
    ]);
  });
});

describe("DELETE /applications/{id}/keys/{keyId}", () => {
  it("revokes a key at once: the next request with it is unauthorized", async () => {
    const app = await createTestApplication();
    const keyId = app.keyIds["sandbox.secret"]!;
    expect(await keyWorks(app.keys.sandbox.secret)).toBe(true);
    const result = await admin<PresentedKey>("DELETE", `/applications/${app.id}/keys/${keyId}`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ id: keyId, environment: "sandbox", kind: "secret" });
    expect(result.body.hint).toBe(`sk_sandbox_…${app.keys.sandbox.secret.slice(-4)}`);
    expect(isoDate(result.body.revokedAt!)).toBe(true);
    expect(result.body).not.toHaveProperty("key");

    const refused = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    expectError(refused, 401, "unauthorized");
    const refusedList = await call("GET", `${BASE.sandbox}/connections`, { key: app.keys.sandbox.secret });
    expectError(refusedList, 401, "unauthorized");

    // The application's other keys are untouched.
    expect(await keyWorks(app.keys.production.secret)).toBe(true);
    const found = await admin<PresentedApplication>("GET", `/applications/${app.id}`);
    const byId = new Map(found.body.keys.map((key) => [key.id, key]));
    expect(byId.get(keyId)?.revokedAt).toBe(result.body.revokedAt);
    for (const [name, id] of Object.entries(app.keyIds)) {
      if (name !== "sandbox.secret") expect(byId.get(id)?.revokedAt, name).toBeUndefined();
    }
  });

  it("rotates: a new key works after the old one is revoked", async () => {
    const app = await createTestApplication();
    const created = await admin<PresentedKey>("POST", `/applications/${app.id}/keys`, {
      environment: "production",
      kind: "secret",
    });
    expect(created.status).toBe(201);
    const revoked = await admin("DELETE", `/applications/${app.id}/keys/${app.keyIds["production.secret"]}`);
    expect(revoked.status).toBe(200);
    expect(await keyWorks(app.keys.production.secret)).toBe(false);
    expect(await keyWorks(created.body.key!)).toBe(true);
  });

  it("keeps the first revocation time when revoked twice", async () => {
    const app = await createTestApplication();
    const path = `/applications/${app.id}/keys/${app.keyIds["sandbox.publishable"]}`;
    const first = await admin<PresentedKey>("DELETE", path);
    expect(first.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await admin<PresentedKey>("DELETE", path);
    expect(second.status).toBe(200);
    expect(first.body.revokedAt).toBeDefined();
    expect(second.body.revokedAt).toBe(first.body.revokedAt);
    // The clock did move in between: a revocation now gets a later time, so equality above is not a coincidence.
    const later = await admin<PresentedKey>("DELETE", `/applications/${app.id}/keys/${app.keyIds["sandbox.secret"]}`);
    expect(Date.parse(later.body.revokedAt!)).toBeGreaterThan(Date.parse(first.body.revokedAt!));
    const found = await admin<PresentedApplication>("GET", `/applications/${app.id}`);
    expect(found.body.keys.find((key) => key.id === app.keyIds["sandbox.publishable"])?.revokedAt).toBe(
      first.body.revokedAt,
    );
  });

  it("answers not_found for a key of another application under this application's path, and leaves it alone", async () => {
    const [mine, theirs] = await Promise.all([createTestApplication(), createTestApplication()]);
    const theirKeyId = theirs.keyIds["sandbox.secret"]!;
    expectError(await admin("DELETE", `/applications/${mine.id}/keys/${theirKeyId}`), 404, "not_found");
    expect(await keyWorks(theirs.keys.sandbox.secret)).toBe(true);
    const found = await admin<PresentedApplication>("GET", `/applications/${theirs.id}`);
    expect(found.body.keys.find((key) => key.id === theirKeyId)?.revokedAt).toBeUndefined();
    // And none of this application's keys was revoked instead.
    expect(await keyWorks(mine.keys.sandbox.secret)).toBe(true);
  });

  it("answers not_found for an unknown key or an unknown application", async () => {
    const app = await createTestApplication();
    expectError(await admin("DELETE", `/applications/${app.id}/keys/${UNKNOWN_KEY}`), 404, "not_found");
    expectError(
      await admin("DELETE", `/applications/${UNKNOWN_APP}/keys/${app.keyIds["sandbox.secret"]}`),
      404,
      "not_found",
    );
    expect(await keyWorks(app.keys.sandbox.secret)).toBe(true);
  });

  it("refuses malformed ids", async () => {
    const app = await createTestApplication();
    expectBadRequest(await admin("DELETE", `/applications/${app.id}/keys/key_1`), ["{requestPath}.keyId"]);
    expectBadRequest(await admin("DELETE", `/applications/${app.id}/keys/${app.keys.sandbox.secret}`), [
      "{requestPath}.keyId",
    ]);
    expectBadRequest(await admin("DELETE", `/applications/app_1/keys/${app.keyIds["sandbox.secret"]}`), [
      "{requestPath}.id",
    ]);
    expect(await keyWorks(app.keys.sandbox.secret)).toBe(true);
  });
});
