/**
 * The contract's error shape on every failure path: validation of body, headers and query,
 * body size, unknown routes and methods, unknown addresses, server faults, and the one table
 * of codes and statuses the document is generated from.
 */
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_BODY_BYTES } from "../../src/api/index";
import { connections } from "../../src/db/schema";
import type { AppEnv } from "../../src/env";
import { DomainError, type DomainErrorKind } from "../../src/errors";
import { ApiError, ERROR_CODES, ERROR_STATUS, ErrorSchema, errorResponses } from "../../src/http/errors";
import { handleError } from "../../src/http/handle-error";
import {
  expectBadRequestAt,
  expectError,
  expectErrorShape,
  REQUEST_ID_PATTERN,
  randomBase62,
} from "../helpers/error-contract";
import { createTestApplication, db, insertConnection } from "../helpers/factories";
import { ADMIN_BASE, BASE, type CallResult, call } from "../helpers/http";

const VALID_CREATE = { provider: "sandbox", credentials: { username: "u", password: "p" } };

afterEach(() => {
  vi.restoreAllMocks();
});

/** A JSON text of exactly `size` bytes: a body whose `provider` is a number, so it fails validation, not the limit. */
function jsonOfSize(size: number): string {
  const skeleton = JSON.stringify({ provider: 5, credentials: {}, pad: "" });
  return skeleton.replace('"pad":""', `"pad":"${"x".repeat(size - skeleton.length)}"`);
}

describe("request bodies", () => {
  it("a malformed JSON body is a bad_request at {requestBody}", async () => {
    const app = await createTestApplication();
    for (const rawBody of ["{not json", '{"provider": "sandbox",', "", "[1, 2"]) {
      const result = await call("POST", `${BASE.sandbox}/connections`, {
        key: app.keys.sandbox.secret,
        rawBody,
        headers: { "content-type": "application/json" },
      });
      const entry = expectBadRequestAt(result, "{requestBody}");
      expect(entry.suggestion, rawBody).toBeTypeOf("string");
    }
  });

  it("a malformed JSON body on a connection-scoped route is a bad_request at {requestBody} too", async () => {
    const app = await createTestApplication();
    const connection = await insertConnection(app, "sandbox");
    const result = await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key: app.keys.sandbox.secret,
      token: connection.token,
      rawBody: "{tags: [",
      headers: { "content-type": "application/json" },
    });
    expectBadRequestAt(result, "{requestBody}");
  });

  it("a body that is not JSON (text/plain) is a bad_request at {requestHeaders}.content-type", async () => {
    const app = await createTestApplication();
    const result = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      rawBody: JSON.stringify(VALID_CREATE),
      headers: { "content-type": "text/plain" },
    });
    const entry = expectBadRequestAt(result, "{requestHeaders}.content-type");
    expect(entry.suggestion).toContain("application/json");
    // Nothing was created.
    const listed = await call("GET", `${BASE.sandbox}/connections`, { key: app.keys.sandbox.secret });
    expect(listed.body.results).toEqual([]);
  });

  it("a body without any Content-Type is a bad_request at {requestHeaders}.content-type", async () => {
    const app = await createTestApplication();
    const result = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      rawBody: new TextEncoder().encode(JSON.stringify(VALID_CREATE)),
    });
    expectBadRequestAt(result, "{requestHeaders}.content-type");
  });

  it("a body of more than MAX_BODY_BYTES is a bad_request at {requestBody}; exactly MAX_BODY_BYTES is read", async () => {
    expect(MAX_BODY_BYTES).toBe(1024 * 1024);
    const app = await createTestApplication();
    const atLimit = jsonOfSize(MAX_BODY_BYTES);
    expect(new TextEncoder().encode(atLimit).byteLength).toBe(MAX_BODY_BYTES);
    const read = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      rawBody: atLimit,
      headers: { "content-type": "application/json" },
    });
    // Read and validated: the problem reported is the body's content, not its size.
    expectBadRequestAt(read, "{requestBody}.provider");

    const over = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      rawBody: jsonOfSize(MAX_BODY_BYTES + 1),
      headers: { "content-type": "application/json" },
    });
    const entry = expectBadRequestAt(over, "{requestBody}");
    expect(entry.message).toContain(String(MAX_BODY_BYTES));
    expect((over.body.detail as unknown[]).length).toBe(1);
  });

  it("a streamed body (no Content-Length) over the limit is refused the same way", async () => {
    const app = await createTestApplication();
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_BODY_BYTES) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(`${BASE.sandbox}/connections`, {
      method: "POST",
      headers: { authorization: `Bearer ${app.keys.sandbox.secret}`, "content-type": "application/json" },
      body: stream,
    });
    expect(request.headers.has("content-length")).toBe(false);
    const worker = (exports as unknown as { default: { fetch(request: Request): Promise<Response> } }).default;
    const response = await worker.fetch(request);
    const result: CallResult<any> = { status: response.status, body: await response.json(), headers: response.headers };
    const entry = expectBadRequestAt(result, "{requestBody}");
    expect(entry.message).toContain(String(MAX_BODY_BYTES));
  });
});

describe("unknown routes and methods", () => {
  it("an unknown route under /tsp/v1 with a valid key is not_found, at both base addresses", async () => {
    const app = await createTestApplication();
    const sandbox = await call("GET", `${BASE.sandbox}/nope`, { key: app.keys.sandbox.secret });
    const body = expectError(sandbox, "not_found");
    expect(body.message).toContain("/tsp/v1/nope");
    expectError(
      await call("GET", `${BASE.production}/vehicles/nope/nope`, { key: app.keys.production.secret }),
      "not_found",
    );
  });

  it("an unknown route at the root is not_found in the same shape", async () => {
    for (const url of ["https://api.telematics.test/nope", "https://sandbox.telematics.test/nope/deeper"]) {
      const result = await call("GET", url);
      const body = expectError(result, "not_found");
      expect(body.message).toContain(new URL(url).pathname);
    }
    // The operator API's unknown routes too (once the operator is authorized).
    expectError(await call("GET", `${ADMIN_BASE}/nope`, { key: env.ADMIN_TOKEN }), "not_found");
  });

  it("a wrong method on a known path is not_found in the error shape", async () => {
    const app = await createTestApplication();
    const connection = await insertConnection(app, "sandbox");
    const wrong: [string, string][] = [
      ["PUT", "/connections/current"],
      ["POST", "/connections/current"],
      ["DELETE", "/connections"],
      ["POST", "/providers"],
      ["GET", "/public-token/exchange"],
    ];
    for (const [method, path] of wrong) {
      const result = await call(method, `${BASE.sandbox}${path}`, {
        key: app.keys.sandbox.secret,
        token: connection.token,
        body: method === "GET" || method === "DELETE" ? undefined : {},
      });
      const body = expectError(result, "not_found");
      expect(body.message, `${method} ${path}`).toContain(method);
    }
    // The connection was not touched by any of them.
    const current = await call("GET", `${BASE.sandbox}/connections/current`, {
      key: app.keys.sandbox.secret,
      token: connection.token,
    });
    expect(current.body.status).toBe("connected");
  });

  it("an address of no environment is not_found, not served as either environment", async () => {
    const app = await createTestApplication();
    const result = await call("GET", "https://elsewhere.telematics.test/tsp/v1/providers", {
      key: app.keys.production.secret,
    });
    expectError(result, "not_found");
  });
});

describe("query validation", () => {
  it("GET /connections?limit=abc names {requestQuery}.limit with message, suggestion and context.code", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.sandbox}/connections?limit=abc`, { key: app.keys.sandbox.secret });
    const entry = expectBadRequestAt(result, "{requestQuery}.limit");
    expect(entry.message.length).toBeGreaterThan(0);
    expect(entry.suggestion).toBeTypeOf("string");
    expect(entry.suggestion?.length).toBeGreaterThan(0);
    expect(entry.context?.code).toBe("invalid_type");
    expect(result.body.message).toContain("{requestQuery}.limit");
  });

  it("every problem of a request is listed, each at its own path", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.sandbox}/connections?limit=1000&order=sideways`, {
      key: app.keys.sandbox.secret,
    });
    const limit = expectBadRequestAt(result, "{requestQuery}.limit");
    expect(limit.context).toMatchObject({ code: "too_big", maximum: 500 });
    const order = expectBadRequestAt(result, "{requestQuery}.order");
    expect(order.context?.code).toBe("invalid_value");
    expect(order.suggestion).toContain('"asc"');
    expect(result.body.message).toContain("1 more problem");
  });

  it("a missing required query parameter is a bad_request at its path", async () => {
    const app = await createTestApplication();
    const result = await call("GET", `${BASE.sandbox}/usage`, { key: app.keys.sandbox.secret });
    const entry = expectBadRequestAt(result, "{requestQuery}.month");
    expect(entry.context?.code).toBeTypeOf("string");
  });
});

describe("X-Request-Id", () => {
  it("every response, success or error, carries a minted req_ ULID", async () => {
    const app = await createTestApplication();
    const connection = await insertConnection(app, "sandbox");
    const responses: [string, CallResult<any>][] = [
      ["service index", await call("GET", "https://api.telematics.test/")],
      ["providers", await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret })],
      [
        "current connection",
        await call("GET", `${BASE.sandbox}/connections/current`, {
          key: app.keys.sandbox.secret,
          token: connection.token,
        }),
      ],
      ["openapi.json", await call("GET", `${BASE.production}/openapi.json`)],
      ["docs", await call("GET", `${BASE.production}/docs`)],
      ["401", await call("GET", `${BASE.sandbox}/providers`)],
      ["400", await call("GET", `${BASE.sandbox}/connections?limit=abc`, { key: app.keys.sandbox.secret })],
      [
        "403",
        await call("GET", `${BASE.sandbox}/connections/current`, {
          key: app.keys.sandbox.secret,
          token: `con_tkn_${randomBase62(40)}`,
        }),
      ],
      ["404", await call("GET", "https://api.telematics.test/nope")],
      ["admin 401", await call("GET", `${ADMIN_BASE}/applications`)],
    ];
    const seen = new Set<string>();
    for (const [label, result] of responses) {
      const id = result.headers.get("x-request-id");
      expect({ label, id }).toEqual({ label, id: expect.stringMatching(REQUEST_ID_PATTERN) });
      seen.add(id as string);
    }
    // A new id for every request.
    expect(seen.size).toBe(responses.length);
  });

  it("the reference UI's script, proxied from the static assets, carries one too", async () => {
    const script = await call("GET", `${BASE.production}/docs/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("x-request-id")).toMatch(REQUEST_ID_PATTERN);
  });

  it("echoes a valid incoming X-Request-Id and replaces an invalid one", async () => {
    const app = await createTestApplication();
    const incoming = `trace-${crypto.randomUUID()}`;
    const echoed = await call("GET", `${BASE.sandbox}/providers`, {
      key: app.keys.sandbox.secret,
      headers: { "x-request-id": incoming },
    });
    expect(echoed.status).toBe(200);
    expect(echoed.headers.get("x-request-id")).toBe(incoming);
    const echoedError = await call("GET", `${BASE.sandbox}/providers`, { headers: { "x-request-id": incoming } });
    expect(echoedError.status).toBe(401);
    expect(echoedError.headers.get("x-request-id")).toBe(incoming);

    for (const invalid of ["has spaces in it", "semi;colon", "x".repeat(256)]) {
      const replaced = await call("GET", `${BASE.sandbox}/providers`, {
        key: app.keys.sandbox.secret,
        headers: { "x-request-id": invalid },
      });
      expect(replaced.headers.get("x-request-id"), invalid).toMatch(REQUEST_ID_PATTERN);
    }
  });
});

describe("server faults", () => {
  it("a 500 answers a generic internal_server_error that leaks nothing, and logs the fault with the request id", async () => {
    const app = await createTestApplication();
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
    // Two kinds of corruption: an unknown ciphertext format, and a well-formed ciphertext that fails to decrypt.
    for (const corrupt of ["garbage", "v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const connection = await insertConnection(app, "sandbox");
      await db().update(connections).set({ tokenEncrypted: corrupt }).where(eq(connections.id, connection.id));
      const result = await call("GET", `${BASE.sandbox}/connections/current`, {
        key: app.keys.sandbox.secret,
        token: connection.token,
      });
      const body = expectError(result, "internal_server_error");
      expect(Object.keys(body).sort()).toEqual(["code", "message"]);
      for (const leak of ["Error", "decrypt", "Decrypt", "ciphertext", "stack", " at ", ".ts", "src/", "\n", corrupt]) {
        expect(body.message, `leaks ${JSON.stringify(leak)}`).not.toContain(leak);
      }
      expect(body.message).toMatch(/X-Request-Id/i);
      const requestIdValue = result.headers.get("x-request-id") as string;
      expect(logged.some((line) => line.includes(requestIdValue))).toBe(true);
    }
  });
});

describe("the error table", () => {
  it("maps every code to the status of the wire reference", () => {
    expect(ERROR_STATUS).toEqual({
      bad_request: 400,
      unauthorized: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      connection_deleted: 410,
      connection_disconnected: 422,
      invalid_credentials: 422,
      provider_provisioning_pending: 422,
      invalid_sync_state: 422,
      too_many_requests: 429,
      internal_server_error: 500,
      not_implemented: 501,
      bad_gateway: 502,
      gateway_timeout: 504,
    });
    expect([...ERROR_CODES].sort()).toEqual(Object.keys(ERROR_STATUS).sort());
  });

  it.each(ERROR_CODES)("errorResponses([%s]) documents its status with an Error example of that code", (code) => {
    const responses = errorResponses([code]);
    expect(Object.keys(responses)).toEqual([String(ERROR_STATUS[code])]);
    const response = responses[ERROR_STATUS[code]]!;
    expect(response.description).toContain(`\`${code}\``);
    const media = response.content["application/json"];
    expect(media.schema).toBe(ErrorSchema);
    const example = media.examples[code]!.value;
    expect(example.code).toBe(code);
    expect(ErrorSchema.safeParse(example).success).toBe(true);
    expectErrorShape(example);
    if (code === "gateway_timeout") expect(Object.keys(example).sort()).toEqual(["code", "message"]);
    if (code === "too_many_requests") expect(Number.isInteger(example.retryAfter)).toBe(true);
    if (code === "connection_disconnected") expect(Array.isArray(example.detail)).toBe(true);
  });

  it("groups codes that share a status under one response", () => {
    const responses = errorResponses(["connection_disconnected", "invalid_credentials", "bad_request"]);
    expect(Object.keys(responses)).toEqual(["400", "422"]);
    expect(Object.keys(responses[422]!.content["application/json"].examples).sort()).toEqual([
      "connection_disconnected",
      "invalid_credentials",
    ]);
  });

  it("gateway_timeout bodies have only code and message", () => {
    const error = new ApiError("gateway_timeout", "The provider did not answer in time.", {
      detail: "upstream took 30s",
      retryAfter: 5,
    });
    expect(error.status).toBe(504);
    expect(error.toBody()).toEqual({ code: "gateway_timeout", message: "The provider did not answer in time." });
  });

  it("other bodies keep detail and retryAfter when given, and omit them when not", () => {
    expect(new ApiError("too_many_requests", "Slow down.", { retryAfter: 2 }).toBody()).toEqual({
      code: "too_many_requests",
      message: "Slow down.",
      retryAfter: 2,
    });
    expect(new ApiError("not_found", "Nothing here.").toBody()).toEqual({
      code: "not_found",
      message: "Nothing here.",
    });
    expect(Object.keys(new ApiError("not_found", "Nothing here.").toBody())).toEqual(["code", "message"]);
  });
});

describe("handleError, the one exit of every failure", () => {
  /** A tiny app with the service's error handler, throwing what it is told to. */
  function throwing(error: unknown) {
    const app = new Hono<AppEnv>();
    app.use("*", requestId({ generator: () => "req_01HZX5G1Q4V2M8T6W9K3R7N0PB" }));
    app.get("/", () => {
      throw error;
    });
    app.onError(handleError);
    return app.request("/", {}, env);
  }

  async function expectThrown(error: unknown, code: keyof typeof ERROR_STATUS) {
    const response = await throwing(error);
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(ERROR_STATUS[code]);
    expectErrorShape(body);
    expect((body as { code: string }).code).toBe(code);
    return { response, body: body as Record<string, unknown> };
  }

  it.each(ERROR_CODES)("an ApiError %s leaves with its status and the error shape", async (code) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { body } = await expectThrown(new ApiError(code, `a ${code}`), code);
    expect(body.message).toBe(`a ${code}`);
  });

  it("too_many_requests sets Retry-After from retryAfter", async () => {
    const { response, body } = await expectThrown(
      new ApiError("too_many_requests", "Slow down.", { retryAfter: 3 }),
      "too_many_requests",
    );
    expect(response.headers.get("retry-after")).toBe("3");
    expect(body.retryAfter).toBe(3);
  });

  const DOMAIN: [DomainErrorKind, keyof typeof ERROR_STATUS][] = [
    ["invalid_input", "bad_request"],
    ["not_found", "not_found"],
    ["forbidden", "forbidden"],
    ["conflict", "conflict"],
    ["invalid_sync_state", "invalid_sync_state"],
    ["connection_deleted", "connection_deleted"],
    ["connection_disconnected", "connection_disconnected"],
    ["invalid_credentials", "invalid_credentials"],
    ["provider_error", "bad_gateway"],
    ["provider_timeout", "gateway_timeout"],
  ];

  it.each(DOMAIN)("a DomainError %s answers %s", async (kind, code) => {
    const problems = [{ message: "bad", path: "{requestBody}.x" }];
    const { body } = await expectThrown(new DomainError(kind, `domain ${kind}`, problems), code);
    if (code === "bad_request") expect(body.detail).toEqual(problems);
    if (code === "connection_disconnected") expect(body.detail).toEqual([]);
    if (code === "gateway_timeout") expect(Object.keys(body).sort()).toEqual(["code", "message"]);
  });

  it("unknown errors of any kind answer a generic internal_server_error", async () => {
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
    for (const error of [
      new Error("D1_ERROR: no such table: secrets at src/db/client.ts:12"),
      new TypeError("Cannot read properties of undefined (reading 'token')"),
      new HTTPException(503, { message: "upstream exploded" }),
    ]) {
      const { body } = await expectThrown(error, "internal_server_error");
      expect(Object.keys(body).sort()).toEqual(["code", "message"]);
      expect(body.message).not.toContain(error.message);
      expect(body.message).not.toMatch(/D1|TypeError|undefined|upstream|src\//);
    }
    expect(logged.length).toBeGreaterThanOrEqual(3);
    expect(logged.every((line) => line.includes("req_01HZX5G1Q4V2M8T6W9K3R7N0PB"))).toBe(true);
  });

  it("Hono's body exceptions become bad_requests at the right place", async () => {
    const unsupported = await expectThrown(
      new HTTPException(415, { message: "Unsupported Media Type" }),
      "bad_request",
    );
    expect((unsupported.body.detail as { path: string }[])[0]?.path).toBe("{requestHeaders}.content-type");
    const malformed = await expectThrown(new HTTPException(400, { message: "Malformed JSON" }), "bad_request");
    expect((malformed.body.detail as { path: string }[])[0]?.path).toBe("{requestBody}");
    const tooLarge = await expectThrown(new HTTPException(413, { message: "Payload Too Large" }), "bad_request");
    expect((tooLarge.body.detail as { path: string }[])[0]?.path).toBe("{requestBody}");
  });
});
