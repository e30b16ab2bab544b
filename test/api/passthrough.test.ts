/**
 * POST /passthrough end to end, against the fake providers: the connection's own authorization
 * added (the fakes refuse anything else), JSON answers in the envelope with the provider's
 * status and headers, binary answers streamed as they are with the provider's content type,
 * length and status, Geotab's JSON-RPC with the session's credentials, the per-token limit and
 * the timeout.
 */
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ConnectionRow, connections } from "../../src/db/schema";
import { passthroughLimiter, sendPassthrough } from "../../src/domain/passthrough/send";
import { motiveLogPdf } from "../fakes/motive/documents.ts";
import { documentPdfOf } from "../fakes/samsara/asset-render.ts";
import { detailAt, expectBadRequest, expectError } from "../helpers/api-assertions";
import { createTestApplication, db } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { createGeotabAccount } from "../providers/geotab-helpers";
import { connectMotive, createMotiveAccount } from "../providers/motive-helpers";
import { connectSamsara, createSamsaraAccount, patchSamsaraAccount } from "../providers/samsara-helpers";

afterEach(() => {
  passthroughLimiter.clock = Date.now;
});

type Caller = { key: string; token: string };

const sender = (caller: Caller) => (body: unknown) =>
  call("POST", `${BASE.sandbox}/passthrough`, { key: caller.key, token: caller.token, body });

/** A passthrough request asking for the provider's body as it is: the raw Response. */
function sendRaw(caller: Caller, body: unknown): Promise<Response> {
  return exports.default.fetch(
    new Request(`${BASE.sandbox}/passthrough`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${caller.key}`,
        "connection-token": caller.token,
        "content-type": "application/json",
        accept: "application/octet-stream",
      },
      body: JSON.stringify(body),
    }),
  );
}

async function samsaraCaller() {
  const account = await createSamsaraAccount({ vehicles: 2 });
  const app = await createTestApplication();
  const connection = await connectSamsara(app, account.token);
  return { account, connection, caller: { key: app.keys.sandbox.secret, token: connection.token } };
}

describe("POST /passthrough to Samsara", () => {
  it("answers the provider's JSON in the envelope, with its status and headers, whatever the status", async () => {
    const { caller } = await samsaraCaller();
    const send = sender(caller);
    const result = await send({
      method: "GET",
      path: "/fleet/trailers?limit=1",
      headers: { "X-Samsara-Version": "2025-06-11" },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ method: "GET", path: "/fleet/trailers?limit=1", statusCode: 200 });
    expect(result.body.headers["content-type"]).toContain("application/json");
    expect(result.body.response.data).toEqual([expect.objectContaining({ name: "Trailer 1" })]);
    const missing = await send({ method: "GET", path: "/fleet/no-such-route" });
    expect(missing.status).toBe(200);
    expect(missing.body.statusCode).toBe(404);
  });

  it("streams a binary answer as it is: the provider's bytes, content type, length and status", async () => {
    const { account, caller } = await samsaraCaller();
    const expected = documentPdfOf(account.fleet.seed, "doc-7");
    for (const response of [
      // Binary answers come raw whether or not the caller asked.
      await sendRaw(caller, { method: "GET", path: "/fleet/documents/doc-7/pdf" }),
      await exports.default.fetch(
        new Request(`${BASE.sandbox}/passthrough`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${caller.key}`,
            "connection-token": caller.token,
            "content-type": "application/json",
          },
          body: JSON.stringify({ method: "GET", path: "/fleet/documents/doc-7/pdf" }),
        }),
      ),
    ]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-length")).toBe(String(expected.byteLength));
      expect(response.headers.get("provider-status")).toBe("200");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(expected);
    }
    // A JSON answer asked for raw comes as it is too.
    const json = await sendRaw(caller, { method: "GET", path: "/fleet/trailers?limit=1" });
    expect(json.headers.get("content-type")).toContain("application/json");
    expect(((await json.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  it("times out as gateway_timeout when the provider does not start to answer in time", async () => {
    const { account, connection } = await samsaraCaller();
    await patchSamsaraAccount(account.token, { faults: { timeoutRate: 1, hangMs: 5_000 } });
    const [row] = await db().select().from(connections).where(eq(connections.id, connection.id));
    const error = await sendPassthrough({ env: { ...env, PASSTHROUGH_TIMEOUT_SECONDS: "0.3" } }, row as ConnectionRow, {
      method: "GET",
      path: "/fleet/trailers",
      headers: {},
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "timeout" });
  });

  it("limits the requests of a connection token per second", async () => {
    const { caller } = await samsaraCaller();
    const send = sender(caller);
    const now = Date.now();
    passthroughLimiter.clock = () => now;
    for (let index = 0; index < 5; index++) {
      expect((await send({ method: "GET", path: "/fleet/trailers" })).status).toBe(200);
    }
    const refused = expectError(await send({ method: "GET", path: "/fleet/trailers" }), 429, "too_many_requests");
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
  });
});

describe("POST /passthrough records and replays", () => {
  it("is logged for the operator without its headers, query or body, and never replayed by an Idempotency-Key", async () => {
    const { caller } = await samsaraCaller();
    const logged = vi.spyOn(console, "log");
    try {
      const body = {
        method: "POST",
        path: "/fleet/trailers?secret-query=q-marker",
        headers: { "X-Note": "h-marker" },
        body: '{"note":"b-marker"}',
      };
      const first = await call("POST", `${BASE.sandbox}/passthrough`, {
        ...caller,
        body,
        headers: { "idempotency-key": "same-key" },
      });
      const second = await call("POST", `${BASE.sandbox}/passthrough`, {
        ...caller,
        body,
        headers: { "idempotency-key": "same-key" },
      });
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.headers.get("idempotent-replayed")).toBeNull();
      const lines = logged.mock.calls.map((args) => String(args[0])).filter((line) => line.includes('"passthrough"'));
      expect(lines).toHaveLength(2);
      const line = JSON.parse(lines[0]!);
      expect(line).toMatchObject({
        provider: "samsara",
        method: "POST",
        path: "/fleet/trailers",
        providerStatus: expect.any(Number),
      });
      for (const marker of ["q-marker", "h-marker", "b-marker", caller.key, caller.token]) {
        expect(lines.join("\n")).not.toContain(marker);
      }
    } finally {
      logged.mockRestore();
    }
  });
});

describe("POST /passthrough to Motive", () => {
  it("sends the connection's API key: JSON in the envelope, a PDF streamed", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    const connection = await connectMotive(account);
    const caller = { key: connection.key, token: connection.token };
    const result = await sender(caller)({
      method: "GET",
      path: "/v1/assets?per_page=1",
      headers: { "X-Metric-Units": "true" },
    });
    expect(result.status).toBe(200);
    expect(result.body.statusCode).toBe(200);
    expect(result.body.response.assets).toHaveLength(1);
    const pdf = await sendRaw(caller, { method: "GET", path: "/v1/logs/7/pdf" });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(motiveLogPdf(7));
  });
});

describe("POST /passthrough to Geotab", () => {
  it("takes JSON-RPC calls, signed in with the connection's session, and refuses the caller's own credentials", async () => {
    const account = await createGeotabAccount({ vehicles: 3 });
    const app = await createTestApplication();
    const created = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      body: { provider: "geotab", credentials: account.credentials, syncMode: "manual" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const send = sender({ key: app.keys.sandbox.secret, token: created.body.token });
    const result = await send({
      method: "POST",
      path: "/apiv1",
      body: JSON.stringify({ method: "Get", params: { typeName: "Device" } }),
    });
    expect(result.status).toBe(200);
    expect(result.body.statusCode).toBe(200);
    expect(result.body.response.result).toHaveLength(3);
    const own = await send({
      method: "POST",
      path: "/apiv1",
      body: JSON.stringify({ method: "Get", params: { typeName: "Device", credentials: { sessionId: "mine" } } }),
    });
    detailAt(expectBadRequest(own), "{requestBody}.body");
    detailAt(expectBadRequest(await send({ method: "GET", path: "/apiv1/Get" })), "{requestBody}.method");
  });
});
