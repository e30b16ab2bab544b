/**
 * Bounded free-form input (issue 15): every free-form JSON value the API stores (a
 * connection's `options`, provider `credentials`) has limits of depth, size and keys,
 * enforced by the request schema and answered as a bad_request naming the path and the
 * limit; structured fields refuse deep and wide values by their shape; ignored fields of a
 * loose body stay ignored, however deep. Nothing is created or changed by a refused request,
 * and the lists keep answering. Prototype keys are plain data, stored and answered as sent.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../src/api";
import { connections, idempotencyKeys, linkShortLinks } from "../../src/db/schema";
import {
  CREDENTIALS_LIMITS,
  findJsonProblem,
  type JsonLimits,
  jsonStringBytes,
  OPTIONS_LIMITS,
} from "../../src/http/schemas/bounded-json";
import { type ErrorDetailEntry, expectBadRequestAt, expectError } from "../helpers/error-contract";
import {
  createSandboxConnection,
  createTestApplication,
  db,
  SANDBOX_CREDENTIALS,
  type TestApplication,
} from "../helpers/factories";
import { BASE, type CallResult, call } from "../helpers/http";
import { fetchDocument } from "../helpers/openapi-operations";

let app: TestApplication;
beforeAll(async () => {
  app = await createTestApplication();
});

/** JSON text kept as text: a value 100,000 levels deep cannot go through JSON.stringify. */
type Raw = { raw: string };
const raw = (text: string): Raw => ({ raw: text });

/** A JSON object's text from fields, each a value (stringified) or a Raw text. */
function jsonText(fields: Record<string, unknown>): string {
  const members = Object.entries(fields).map(([key, value]) => {
    const text =
      typeof value === "object" && value !== null && "raw" in value ? (value as Raw).raw : JSON.stringify(value);
    return `${JSON.stringify(key)}:${text}`;
  });
  return `{${members.join(",")}}`;
}

/** `{"a":{"a":…1…}}`, `levels` objects deep. */
const deepObject = (levels: number) => raw(`${'{"a":'.repeat(levels - 1)}{"a":1}${"}".repeat(levels - 1)}`);
/** `[[…[1]…]]`, `levels` arrays deep. */
const deepArray = (levels: number) => raw(`${"[".repeat(levels)}1${"]".repeat(levels)}`);
/** An object of `count` keys `k0`, `k1` … (base 36, so 100,000 of them fit in the body limit). */
const wideObject = (count: number) =>
  raw(`{${Array.from({ length: count }, (_, index) => `"k${index.toString(36)}":1`).join(",")}}`);
/** `{"p":"…"}` of exactly `bytes` bytes of UTF-8 JSON, padded with two-byte characters where it can. */
function objectOfBytes(bytes: number): Record<string, unknown> {
  const room = bytes - '{"p":""}'.length;
  const value = "é".repeat(Math.floor(room / 2)) + "x".repeat(room % 2);
  const object = { p: value };
  expect(new TextEncoder().encode(JSON.stringify(object)).length).toBe(bytes);
  return object;
}
/** A path `{requestBody}.<field>` followed by `levels` × `.a`. */
const pathDown = (field: string, levels: number, step = ".a") => `{requestBody}.${field}${step.repeat(levels)}`;

const connectionBody = (fields: Record<string, unknown> = {}) =>
  jsonText({ provider: "sandbox", credentials: SANDBOX_CREDENTIALS, ...fields });

function postConnection(text: string, headers: Record<string, string> = {}, owner = app) {
  return call("POST", `${BASE.sandbox}/connections`, {
    key: owner.keys.sandbox.secret,
    rawBody: text,
    headers: { "content-type": "application/json", ...headers },
  });
}

function patchCurrent(token: string, text: string) {
  return call("PATCH", `${BASE.sandbox}/connections/current`, {
    key: app.keys.sandbox.secret,
    token,
    rawBody: text,
    headers: { "content-type": "application/json" },
  });
}

/** Every connection of the application, walked to the end of the list; the list must answer 200 throughout. */
async function listAll(owner = app): Promise<unknown[]> {
  const all: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await call("GET", `${BASE.sandbox}/connections?limit=100${cursor ? `&cursor=${cursor}` : ""}`, {
      key: owner.keys.sandbox.secret,
    });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    all.push(...page.body.results);
    cursor = page.body.next;
  } while (cursor);
  return all;
}

/** Runs a request that must be refused, and checks that the connections are as they were and still list. */
async function refusedWithoutChange(request: () => Promise<CallResult<any>>): Promise<CallResult<any>> {
  const before = await listAll();
  const result = await request();
  expectError(result, "bad_request");
  expect(await listAll()).toEqual(before);
  return result;
}

/** A bad_request at `path` for the limit `limit` of `maximum`, named in the message and the context. */
function expectLimit(result: CallResult<any>, path: string, limit: string, maximum: number): ErrorDetailEntry {
  const entry = expectBadRequestAt(result, path);
  expect(entry.context, JSON.stringify(entry)).toMatchObject({ code: "custom", limit, maximum });
  expect(entry.message).toContain(String(maximum));
  expect(entry.suggestion).toContain(String(maximum));
  // The answer names the problem; it never echoes the value, however large.
  expect(JSON.stringify(result.body).length).toBeLessThan(2_000);
  return entry;
}

describe("boundedJson: the walk", () => {
  it("counts the bytes JSON.stringify writes, in UTF-8, without writing them", () => {
    const samples = [
      "",
      "plain",
      'quote " and backslash \\',
      "controls \b\t\n\f\r \u0000 \u001f",
      "é ß ü",
      "€ 中文",
      "emoji 😀 👩‍👩‍👧",
      "lone \ud800 and \udc00 surrogates",
      "pair then lone \ud83d\ude00\ud83d",
    ];
    for (const sample of samples) {
      expect(jsonStringBytes(sample), JSON.stringify(sample)).toBe(
        new TextEncoder().encode(JSON.stringify(sample)).length,
      );
    }
  });

  it("finds the first node past each limit without recursion, even 100,000 levels deep or cyclic", () => {
    const limits: JsonLimits = { maxDepth: 3, maxBytes: 100, maxKeys: 6, maxKeysPerObject: 4 };
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = { a: deep };
    expect(findJsonProblem(deep, limits)).toMatchObject({ path: ["a", "a", "a"], limit: "maxDepth", maximum: 3 });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(findJsonProblem(cyclic, limits)).toMatchObject({ path: ["self", "self", "self"], limit: "maxDepth" });
    expect(findJsonProblem({ a: [1, [2, [3]]] }, limits)).toMatchObject({ path: ["a", 1, 1], limit: "maxDepth" });
    expect(findJsonProblem({ a: 1, b: 2, c: 3, d: 4, e: 5 }, limits)).toMatchObject({
      path: [],
      limit: "maxKeysPerObject",
    });
    expect(findJsonProblem({ a: [1, 2, 3], b: { c: 1, d: 2 } }, limits)).toMatchObject({ path: [], limit: "maxKeys" });
    expect(findJsonProblem({ a: "x".repeat(93) }, limits)).toMatchObject({ path: [], limit: "maxBytes" });
    expect(findJsonProblem({ a: "x".repeat(92) }, limits)).toBeUndefined(); // {"a":"…"} is exactly 100 bytes.
    expect(findJsonProblem({ a: { b: undefined } }, limits)).toMatchObject({ path: ["a", "b"], limit: "json" });
    expect(findJsonProblem({ a: [1, { b: 2 }], c: null }, limits)).toBeUndefined();
  });
});

describe("POST /connections: options", () => {
  it("refuses options nested deeper than the limit, naming the first node past it, at 6,000 and 100,000 levels", async () => {
    for (const levels of [OPTIONS_LIMITS.maxDepth + 1, 6_000, 100_000]) {
      const result = await refusedWithoutChange(() => postConnection(connectionBody({ options: deepObject(levels) })));
      expectLimit(result, pathDown("options", OPTIONS_LIMITS.maxDepth), "maxDepth", OPTIONS_LIMITS.maxDepth);
    }
    const arrays = await refusedWithoutChange(() =>
      postConnection(connectionBody({ options: raw(`{"a":${deepArray(6_000).raw}}`) })),
    );
    expectLimit(
      arrays,
      `{requestBody}.options.a${"[0]".repeat(OPTIONS_LIMITS.maxDepth - 1)}`,
      "maxDepth",
      OPTIONS_LIMITS.maxDepth,
    );
  });

  it("accepts options exactly at every limit, stored and answered as sent", async () => {
    const atDepth = JSON.parse(deepObject(OPTIONS_LIMITS.maxDepth).raw);
    const perObject = OPTIONS_LIMITS.maxKeysPerObject as number;
    // 256 keys in all: two objects of 127 keys under two keys of the root.
    const half = (perObject - 1) as number;
    const atKeys = {
      x: Object.fromEntries(Array.from({ length: half }, (_, index) => [`k${index}`, index])),
      y: Object.fromEntries(
        Array.from({ length: OPTIONS_LIMITS.maxKeys - 2 - half }, (_, index) => [`k${index}`, index]),
      ),
    };
    const atBytes = objectOfBytes(OPTIONS_LIMITS.maxBytes);
    for (const options of [atDepth, atKeys, atBytes]) {
      const created = await postConnection(connectionBody({ options }));
      expect(created.status, JSON.stringify(created.body).slice(0, 500)).toBe(201);
      expect(created.body.options).toEqual(options);
      const current = await call("GET", `${BASE.sandbox}/connections/current`, {
        key: app.keys.sandbox.secret,
        token: created.body.token,
      });
      expect(current.body.options).toEqual(options);
    }
  });

  it("refuses options one past the key and size limits", async () => {
    const perObject = OPTIONS_LIMITS.maxKeysPerObject as number;
    const wide = await refusedWithoutChange(() =>
      postConnection(connectionBody({ options: wideObject(perObject + 1) })),
    );
    expectLimit(wide, "{requestBody}.options", "maxKeysPerObject", perObject);
    const nestedWide = await refusedWithoutChange(() =>
      postConnection(connectionBody({ options: raw(`{"a":{"b":${wideObject(perObject + 1).raw}}}`) })),
    );
    expectLimit(nestedWide, "{requestBody}.options.a.b", "maxKeysPerObject", perObject);
    const half = perObject - 1;
    const tooMany = raw(
      `{"x":${wideObject(half).raw},"y":${wideObject(half).raw},"z":${wideObject(OPTIONS_LIMITS.maxKeys - 2 * half - 2).raw}}`,
    );
    const total = await refusedWithoutChange(() => postConnection(connectionBody({ options: tooMany })));
    expectLimit(total, "{requestBody}.options", "maxKeys", OPTIONS_LIMITS.maxKeys);
    const large = await refusedWithoutChange(() =>
      postConnection(connectionBody({ options: objectOfBytes(OPTIONS_LIMITS.maxBytes + 1) })),
    );
    expectLimit(large, "{requestBody}.options", "maxBytes", OPTIONS_LIMITS.maxBytes);
    const huge = await refusedWithoutChange(() =>
      postConnection(connectionBody({ options: { p: "x".repeat(900_000) } })),
    );
    expectLimit(huge, "{requestBody}.options", "maxBytes", OPTIONS_LIMITS.maxBytes);
  });

  it("refuses 100,000 keys in options in one short answer", async () => {
    const text = connectionBody({ options: wideObject(100_000) });
    expect(text.length).toBeLessThan(MAX_BODY_BYTES);
    const result = await refusedWithoutChange(() => postConnection(text));
    expectLimit(result, "{requestBody}.options", "maxKeysPerObject", OPTIONS_LIMITS.maxKeysPerObject as number);
  });

  it("refuses options that are not an object", async () => {
    for (const options of [[1, 2], "text", 5, null]) {
      const result = await refusedWithoutChange(() => postConnection(connectionBody({ options })));
      expect(expectBadRequestAt(result, "{requestBody}.options").context).toMatchObject({ code: "invalid_type" });
    }
  });
});

describe("POST /connections: credentials and the structured fields", () => {
  it("refuses deep, wide and large credentials before the provider sees them", async () => {
    const deep = await refusedWithoutChange(() =>
      postConnection(jsonText({ provider: "sandbox", credentials: deepObject(6_000) })),
    );
    expectLimit(deep, pathDown("credentials", CREDENTIALS_LIMITS.maxDepth), "maxDepth", CREDENTIALS_LIMITS.maxDepth);
    const wide = await refusedWithoutChange(() =>
      postConnection(jsonText({ provider: "sandbox", credentials: wideObject(100_000) })),
    );
    expectLimit(wide, "{requestBody}.credentials", "maxKeysPerObject", CREDENTIALS_LIMITS.maxKeys);
    const large = await refusedWithoutChange(() =>
      postConnection(jsonText({ provider: "sandbox", credentials: objectOfBytes(CREDENTIALS_LIMITS.maxBytes + 1) })),
    );
    expectLimit(large, "{requestBody}.credentials", "maxBytes", CREDENTIALS_LIMITS.maxBytes);
  });

  it("refuses deep and wide values in company and tags by their shape", async () => {
    const name = await refusedWithoutChange(() =>
      postConnection(connectionBody({ company: raw(`{"name":${deepObject(6_000).raw}}`) })),
    );
    expect(expectBadRequestAt(name, "{requestBody}.company.name").context).toMatchObject({ code: "invalid_type" });
    const company = await refusedWithoutChange(() => postConnection(connectionBody({ company: deepObject(100_000) })));
    expect(expectBadRequestAt(company, "{requestBody}.company").context).toMatchObject({ code: "unrecognized_keys" });
    const wideCompany = await refusedWithoutChange(() =>
      postConnection(connectionBody({ company: wideObject(100_000) })),
    );
    const entry = expectBadRequestAt(wideCompany, "{requestBody}.company");
    expect(entry.context).toMatchObject({ code: "unrecognized_keys", keyCount: 100_000 });
    expect(JSON.stringify(wideCompany.body).length).toBeLessThan(2_000);
    const tags = await refusedWithoutChange(() =>
      postConnection(connectionBody({ tags: raw(`[${deepArray(6_000).raw}]`) })),
    );
    expect(expectBadRequestAt(tags, "{requestBody}.tags[0]").context).toMatchObject({ code: "invalid_type" });
  });

  it("ignores an unknown field, however deep or wide, and stores nothing of it", async () => {
    for (const value of [deepObject(100_000), deepArray(100_000), wideObject(100_000)]) {
      const created = await postConnection(connectionBody({ somethingElse: value }));
      expect(created.status, JSON.stringify(created.body).slice(0, 500)).toBe(201);
      expect(created.body).not.toHaveProperty("somethingElse");
      const [row] = await db().select().from(connections).where(eq(connections.id, created.body.id));
      expect(JSON.stringify(row)).not.toContain("somethingElse");
    }
    // A body of 100,000 unknown top-level keys is ignored the same way.
    const members = Array.from({ length: 100_000 }, (_, index) => `"u${index.toString(36)}":1`).join(",");
    const wide = `${connectionBody().slice(0, -1)},${members}}`;
    expect(wide.length).toBeLessThan(MAX_BODY_BYTES);
    const created = await postConnection(wide);
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).not.toContain("u0");
    await listAll();
  });
});

describe("PATCH /connections/current", () => {
  let connection: { id: string; token: string };
  beforeAll(async () => {
    connection = await createSandboxConnection(app, { options: { kept: true }, tags: ["kept"] });
  });

  const current = () =>
    call("GET", `${BASE.sandbox}/connections/current`, { key: app.keys.sandbox.secret, token: connection.token });

  /** A refused PATCH leaves the connection exactly as it was. */
  async function refusedPatch(text: string): Promise<CallResult<any>> {
    const before = await current();
    expect(before.status).toBe(200);
    const result = await refusedWithoutChange(() => patchCurrent(connection.token, text));
    expect((await current()).body).toEqual(before.body);
    return result;
  }

  it("refuses deep, wide and large options", async () => {
    for (const levels of [6_000, 100_000]) {
      const result = await refusedPatch(jsonText({ options: deepObject(levels) }));
      expectLimit(result, pathDown("options", OPTIONS_LIMITS.maxDepth), "maxDepth", OPTIONS_LIMITS.maxDepth);
    }
    const wide = await refusedPatch(jsonText({ options: wideObject(100_000) }));
    expectLimit(wide, "{requestBody}.options", "maxKeysPerObject", OPTIONS_LIMITS.maxKeysPerObject as number);
    const large = await refusedPatch(jsonText({ options: objectOfBytes(OPTIONS_LIMITS.maxBytes + 1) }));
    expectLimit(large, "{requestBody}.options", "maxBytes", OPTIONS_LIMITS.maxBytes);
  });

  it("refuses deep and wide values in company, tags and filters by their shape", async () => {
    expectBadRequestAt(
      await refusedPatch(jsonText({ company: raw(`{"name":${deepObject(6_000).raw}}`) })),
      "{requestBody}.company.name",
    );
    expectBadRequestAt(await refusedPatch(jsonText({ company: wideObject(100_000) })), "{requestBody}.company");
    expectBadRequestAt(
      await refusedPatch(jsonText({ tags: raw(`[${deepObject(6_000).raw}]`) })),
      "{requestBody}.tags[0]",
    );
    expectBadRequestAt(await refusedPatch(jsonText({ filters: deepObject(100_000) })), "{requestBody}.filters");
    expectBadRequestAt(
      await refusedPatch(jsonText({ filters: raw(`{"vehicles":${deepObject(6_000).raw}}`) })),
      "{requestBody}.filters.vehicles",
    );
    expectBadRequestAt(
      await refusedPatch(jsonText({ filters: raw(`{"vehicles":{"includeIds":[${deepArray(6_000).raw}]}}`) })),
      "{requestBody}.filters.vehicles.includeIds[0]",
    );
  });

  it("refuses an unknown field however deep, and a body of 100,000 unknown keys in one short answer", async () => {
    const deep = await refusedPatch(jsonText({ tags: ["x"], somethingElse: deepObject(100_000) }));
    expect(expectBadRequestAt(deep, "{requestBody}").context).toMatchObject({
      code: "unrecognized_keys",
      keys: ["somethingElse"],
    });
    const members = Array.from({ length: 100_000 }, (_, index) => `"u${index.toString(36)}":1`).join(",");
    const wide = await refusedPatch(`{${members}}`);
    const entry = expectBadRequestAt(wide, "{requestBody}");
    expect(entry.context).toMatchObject({ code: "unrecognized_keys", keyCount: 100_000 });
    expect(entry.context?.keys).toHaveLength(10);
    expect(entry.message).toContain("and 99990 more");
    expect(JSON.stringify(wide.body).length).toBeLessThan(2_000);
  });
});

describe("the hosted flow's bodies", () => {
  const complete = (text: string) =>
    call("POST", `${BASE.sandbox}/link/complete`, {
      key: app.keys.sandbox.publishable,
      rawBody: text,
      headers: { "content-type": "application/json" },
    });
  const agreements = [{ agreementUrl: "https://example.com/terms/v3" }];

  it("POST /link/complete refuses deep, wide and large credentials and unknown fields", async () => {
    const deep = await refusedWithoutChange(() =>
      complete(jsonText({ provider: "sandbox", credentials: deepObject(100_000), agreements })),
    );
    expectLimit(deep, pathDown("credentials", CREDENTIALS_LIMITS.maxDepth), "maxDepth", CREDENTIALS_LIMITS.maxDepth);
    const wide = await refusedWithoutChange(() =>
      complete(jsonText({ provider: "sandbox", credentials: wideObject(100_000), agreements })),
    );
    expectLimit(wide, "{requestBody}.credentials", "maxKeysPerObject", CREDENTIALS_LIMITS.maxKeys);
    const large = await refusedWithoutChange(() =>
      complete(
        jsonText({ provider: "sandbox", credentials: objectOfBytes(CREDENTIALS_LIMITS.maxBytes + 1), agreements }),
      ),
    );
    expectLimit(large, "{requestBody}.credentials", "maxBytes", CREDENTIALS_LIMITS.maxBytes);
    const unknown = await refusedWithoutChange(() =>
      complete(
        jsonText({ provider: "sandbox", credentials: SANDBOX_CREDENTIALS, agreements, extra: deepObject(100_000) }),
      ),
    );
    expect(expectBadRequestAt(unknown, "{requestBody}").context).toMatchObject({ code: "unrecognized_keys" });
  });

  it("POST /link/short refuses deep values in its presets and unknown fields, creating no link", async () => {
    const links = async () =>
      (
        await db()
          .select({ id: linkShortLinks.id })
          .from(linkShortLinks)
          .where(eq(linkShortLinks.applicationId, app.id))
      ).length;
    const before = await links();
    const short = (text: string) =>
      call("POST", `${BASE.sandbox}/link/short`, {
        key: app.keys.sandbox.secret,
        rawBody: text,
        headers: { "content-type": "application/json" },
      });
    expectBadRequestAt(await short(jsonText({ name: deepObject(100_000) })), "{requestBody}.name");
    expectBadRequestAt(await short(jsonText({ tags: raw(`[${deepArray(100_000).raw}]`) })), "{requestBody}.tags[0]");
    expectBadRequestAt(await short(jsonText({ backfill: deepObject(6_000) })), "{requestBody}.backfill");
    expectBadRequestAt(await short(jsonText({ name: "Acme", extra: deepObject(100_000) })), "{requestBody}");
    expectBadRequestAt(
      await short(`{${Array.from({ length: 100_000 }, (_, i) => `"u${i.toString(36)}":1`).join(",")}}`),
      "{requestBody}",
    );
    expect(await links()).toBe(before);
  });
});

describe("webhook endpoint bodies", () => {
  const endpoints = (method: string, path: string, text: string) =>
    call(method, `${BASE.sandbox}/webhooks/endpoints${path}`, {
      key: app.keys.sandbox.secret,
      rawBody: text,
      headers: { "content-type": "application/json" },
    });
  const url = `${env.WEBHOOK_RECEIVER_URL}/bounded`;

  it("refuses deep values in the fields and ignores deep unknown fields", async () => {
    const listed = async () =>
      (await call("GET", `${BASE.sandbox}/webhooks/endpoints`, { key: app.keys.sandbox.secret })).body;
    const before = await listed();
    expectBadRequestAt(
      await endpoints("POST", "", jsonText({ url, description: deepObject(100_000) })),
      "{requestBody}.description",
    );
    expectBadRequestAt(
      await endpoints("POST", "", jsonText({ url, eventTypes: raw(`[${deepArray(100_000).raw}]`) })),
      "{requestBody}.eventTypes[0]",
    );
    expectBadRequestAt(await endpoints("POST", "", jsonText({ url: deepObject(100_000) })), "{requestBody}.url");
    expect(await listed()).toEqual(before);

    const created = await endpoints("POST", "", jsonText({ url, metadata: deepObject(100_000) }));
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty("metadata");
    const get = await call("GET", `${BASE.sandbox}/webhooks/endpoints/${created.body.id}`, {
      key: app.keys.sandbox.secret,
    });
    expectBadRequestAt(
      await endpoints("PATCH", `/${created.body.id}`, jsonText({ description: deepObject(100_000) })),
      "{requestBody}.description",
    );
    const after = await call("GET", `${BASE.sandbox}/webhooks/endpoints/${created.body.id}`, {
      key: app.keys.sandbox.secret,
    });
    expect(after.body).toEqual(get.body);
  });
});

describe("prototype keys are plain data", () => {
  const PROTO_OPTIONS = '{"__proto__":{"x":1},"constructor":{"prototype":1}}';
  const PATCHED_OPTIONS = '{"prototype":{"constructor":null},"__proto__":{"y":[1,{"__proto__":2}]}}';

  /** The options answered: exactly the text sent, with `__proto__` an own key and the prototype untouched. */
  function expectOptions(options: unknown, text: string) {
    expect(JSON.stringify(options)).toBe(text);
    expect(Object.hasOwn(options as object, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(options)).toBe(Object.prototype);
  }

  async function storedOptions(id: string): Promise<string> {
    const row = await env.DB.prepare("SELECT options FROM connections WHERE id = ?")
      .bind(id)
      .first<{ options: string }>();
    return row?.options ?? "";
  }

  it("POST stores and answers them as sent; every read answers them back", async () => {
    const created = await postConnection(connectionBody({ options: raw(PROTO_OPTIONS) }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expectOptions(created.body.options, PROTO_OPTIONS);
    expect(await storedOptions(created.body.id)).toBe(PROTO_OPTIONS);
    const key = app.keys.sandbox.secret;
    const current = await call("GET", `${BASE.sandbox}/connections/current`, { key, token: created.body.token });
    expectOptions(current.body.options, PROTO_OPTIONS);
    const byId = await call("GET", `${BASE.sandbox}/connections/${created.body.id}`, { key });
    expectOptions(byId.body.options, PROTO_OPTIONS);
    const listed = (await listAll()).find((item: any) => item.id === created.body.id) as { options: unknown };
    expectOptions(listed.options, PROTO_OPTIONS);
    // Nothing on the way treated them as anything but data.
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("x");
  });

  it("PATCH stores and answers them as sent", async () => {
    const connection = await createSandboxConnection(app);
    const patched = await patchCurrent(connection.token, `{"options":${PATCHED_OPTIONS}}`);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expectOptions(patched.body.options, PATCHED_OPTIONS);
    expect(await storedOptions(connection.id)).toBe(PATCHED_OPTIONS);
    const current = await call("GET", `${BASE.sandbox}/connections/current`, {
      key: app.keys.sandbox.secret,
      token: connection.token,
    });
    expectOptions(current.body.options, PATCHED_OPTIONS);
    expect(Object.prototype).not.toHaveProperty("y");
  });

  it("a __proto__ key in credentials is an unknown credential field, not a prototype", async () => {
    const result = await refusedWithoutChange(() =>
      postConnection(
        jsonText({
          provider: "sandbox",
          credentials: raw(`{"username":"u","password":"p","__proto__":{"admin":true}}`),
        }),
      ),
    );
    const entry = expectBadRequestAt(result, "{requestBody}.credentials");
    expect(entry.context).toMatchObject({ code: "unrecognized_keys", keys: ["__proto__"] });
  });
});

describe("idempotency records of bounded bodies", () => {
  it("a refused deep body keeps nothing: the same key then runs a valid request", async () => {
    const headers = { "idempotency-key": crypto.randomUUID() };
    const refused = await postConnection(connectionBody({ options: deepObject(100_000) }), headers);
    expectError(refused, "bad_request");
    const created = await postConnection(connectionBody({ options: { a: 1 } }), headers);
    expect(created.status).toBe(201);
  });

  it("hashes a 100,000-deep body without parsing it, and replays the bounded answer", async () => {
    const headers = { "idempotency-key": crypto.randomUUID() };
    const text = connectionBody({ ignored: deepObject(100_000) });
    const first = await postConnection(text, headers);
    expect(first.status).toBe(201);
    const replay = await postConnection(text, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    // Another body with the same key is another request, however deep.
    const other = await postConnection(connectionBody({ ignored: deepObject(99_999) }), headers);
    expectBadRequestAt(other, "{requestHeaders}.idempotency-key");
  });

  it("the largest options make a stored answer of bounded size, replayed exactly", async () => {
    const key = crypto.randomUUID();
    const options = objectOfBytes(OPTIONS_LIMITS.maxBytes);
    const first = await postConnection(connectionBody({ options }), { "idempotency-key": key });
    expect(first.status).toBe(201);
    const replay = await postConnection(connectionBody({ options }), { "idempotency-key": key });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const [row] = await db()
      .select({ body: idempotencyKeys.responseBody })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.applicationId, app.id), eq(idempotencyKeys.key, key)));
    // Sealed (base64 of AES-GCM): about 4/3 of the answer, which the options bound.
    expect(row?.body?.length).toBeLessThan(((OPTIONS_LIMITS.maxBytes + 16 * 1024) * 4) / 3);
  });
});

describe("the reference", () => {
  it("documents the limits of options and credentials on every route that takes them", async () => {
    const document = await fetchDocument(BASE.sandbox);
    const schemas = document.components?.schemas as Record<string, any>;
    const describedOptions = [
      schemas.CreateConnectionRequest.properties.options,
      schemas.UpdateConnectionRequest.properties.options,
    ];
    for (const property of describedOptions) {
      const text = JSON.stringify(property);
      expect(text).toContain(`${OPTIONS_LIMITS.maxDepth} levels`);
      expect(text).toContain(OPTIONS_LIMITS.maxBytes.toLocaleString("en-US"));
      expect(text).toContain(`${OPTIONS_LIMITS.maxKeys} keys`);
      expect(text).toContain("__proto__");
    }
    for (const property of [
      schemas.CreateConnectionRequest.properties.credentials,
      schemas.LinkCompleteRequest.properties.credentials,
    ]) {
      const text = JSON.stringify(property);
      expect(text).toContain(`${CREDENTIALS_LIMITS.maxDepth} levels`);
      expect(text).toContain(CREDENTIALS_LIMITS.maxBytes.toLocaleString("en-US"));
    }
  });
});
