/**
 * Passthrough to the sandbox: its small HTTP API (docs/sandbox-passthrough.md) answered from the
 * simulated fleet with real Responses: JSON lists and records that agree with the synced models,
 * a binary PDF report, an echo of the request, 404 and 405 for what it does not serve, and the
 * sandbox's injected failures as a provider would answer them.
 */
import { describe, expect, it } from "vitest";
import { NOT_PACED } from "../../src/providers/kit/define-adapter";
import { sandboxAdapter } from "../../src/providers/sandbox/adapter";
import { setSandboxRuntime } from "../../src/providers/sandbox/runtime";
import type { PassthroughRequest } from "../../src/providers/types";
import { type Payloads, providerError, readAll, request, utcWindow } from "./sandbox-helpers";

const sandbox = { revision: 11 };

function send(
  method: PassthroughRequest["method"],
  path: string,
  extra: { headers?: Record<string, string>; body?: string; options?: Parameters<typeof request>[0] } = {},
): Promise<Response> {
  return sandboxAdapter.passthrough(request({ sandbox, ...extra.options }), {
    method,
    path,
    headers: extra.headers ?? {},
    ...(extra.body !== undefined ? { body: extra.body } : {}),
    signal: new AbortController().signal,
  });
}

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  expect(response.headers.get("content-type")).toBe("application/json");
  const text = await response.text();
  expect(Number(response.headers.get("content-length"))).toBe(new TextEncoder().encode(text).byteLength);
  return JSON.parse(text) as T;
}

type Page<T> = { data: T[]; pagination: { limit: number; nextCursor: string | null } };

/** Every page of a list endpoint, following its cursors. */
async function listAll<T>(path: string, limit: number): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response = await send("GET", `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(response.status).toBe(200);
    const page: Page<T> = await json<Page<T>>(response);
    expect(page.data.length).toBeLessThanOrEqual(limit);
    items.push(...page.data);
    cursor = page.pagination.nextCursor;
    pages++;
  } while (cursor);
  return { items, pages };
}

describe("the fleet endpoints", () => {
  it("list vehicles, drivers and trailers as the synced models read them, page by page", async () => {
    for (const [path, model] of [
      ["/fleet/vehicles", "vehicles"],
      ["/fleet/drivers", "drivers"],
      ["/fleet/trailers", "trailers"],
    ] as const) {
      const expected = (await readAll(model, { sandbox })).items;
      const paged = await listAll(path, 5);
      expect(paged.pages).toBeGreaterThan(1);
      expect(paged.items).toEqual(expected);
      const whole = await json<Page<unknown>>(await send("GET", path));
      expect(whole.data).toEqual(expected);
      expect(whole.pagination).toEqual({ limit: 50, nextCursor: null });
    }
  });

  it("answer one vehicle, and 404 for one the fleet does not have", async () => {
    const vehicles = (await readAll("vehicles", { sandbox })).items;
    const response = await send("GET", `/fleet/vehicles/${vehicles[3]!.id}`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ data: vehicles[3] });
    for (const id of ["sbx-veh-999999", "nope", "sbx-drv-000001"]) {
      const missing = await send("GET", `/fleet/vehicles/${id}`);
      expect(missing.status).toBe(404);
      expect(await json(missing)).toMatchObject({ error: "not_found", id });
    }
  });

  it("answer a vehicle's trouble codes over a range, as the synced model reads them", async () => {
    const window = utcWindow("2026-01-03T00:00:00.000Z", "2026-01-10T00:00:00.000Z");
    const faults = (await readAll("faultCodeEvents", { sandbox, window })).items;
    const vehicleId = faults[0]!.vehicleId;
    const query = `startTime=${window.start.toISOString()}&endTime=${window.end.toISOString()}`;
    const response = await send("GET", `/fleet/vehicles/${vehicleId}/faults?${query}`);
    expect(response.status).toBe(200);
    const body = await json<{ data: Payloads["faultCodeEvents"][]; startTime: string; endTime: string }>(response);
    expect(body.data).toEqual(faults.filter((fault) => fault.vehicleId === vehicleId));
    expect(body).toMatchObject({ startTime: window.start.toISOString(), endTime: window.end.toISOString() });
    // By default, the last 7 days up to the fleet's clock.
    const recent = await json<{ startTime: string; endTime: string }>(
      await send("GET", `/fleet/vehicles/${vehicleId}/faults`),
    );
    expect(Date.parse(recent.endTime) - Date.parse(recent.startTime)).toBe(7 * 86_400_000);
    for (const bad of [
      "startTime=yesterday",
      `startTime=${window.end.toISOString()}&endTime=${window.start.toISOString()}`,
    ]) {
      const refused = await send("GET", `/fleet/vehicles/${vehicleId}/faults?${bad}`);
      expect(refused.status).toBe(400);
      expect(await json(refused)).toMatchObject({ error: "invalid_request" });
    }
  });

  it("refuse a bad limit or cursor with 400", async () => {
    for (const query of ["limit=0", "limit=201", "limit=ten", "cursor=not-a-cursor"]) {
      const response = await send("GET", `/fleet/vehicles?${query}`);
      expect(response.status, query).toBe(400);
      expect(await json(response)).toMatchObject({ error: "invalid_request" });
    }
    // A cursor of another list is not this one's.
    const drivers = await json<Page<unknown>>(await send("GET", "/fleet/drivers?limit=2"));
    const crossed = await send("GET", `/fleet/vehicles?cursor=${drivers.pagination.nextCursor}`);
    expect(crossed.status).toBe(400);
  });
});

describe("the vehicle report", () => {
  it("is a PDF whose bytes match its length, start with %PDF- and cross-reference every object", async () => {
    const vehicle = (await readAll("vehicles", { sandbox })).items[0]!;
    const response = await send("GET", `/reports/vehicles/${vehicle.id}.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="${vehicle.id}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(Number(response.headers.get("content-length")));
    const text = new TextDecoder("latin1").decode(bytes);
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(text).toContain(`(VIN: ${vehicle.vin})`);
    // startxref points at the table, and each entry at its object.
    const xref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe("xref");
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets.length).toBeGreaterThanOrEqual(6);
    for (const [i, offset] of offsets.entries()) expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
    // One revision's report is the same bytes every time.
    const again = new Uint8Array(await (await send("GET", `/reports/vehicles/${vehicle.id}.pdf`)).arrayBuffer());
    expect(again).toEqual(bytes);
  });

  it("is a 404 JSON error for a vehicle the fleet does not have", async () => {
    const response = await send("GET", "/reports/vehicles/sbx-veh-424242.pdf");
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({ error: "not_found" });
  });
});

describe("echo", () => {
  it("returns the method, path, query, headers without secrets, and body it received", async () => {
    const body = JSON.stringify({ hello: "sandbox", n: 1 });
    const response = await send("POST", "/echo?page=2&tag=a&tag=b", {
      headers: { "Content-Type": "application/json", "X-Api-Key": "key-123", "X-Trace": "abc" },
      body,
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      method: "POST",
      path: "/echo",
      query: { page: "2", tag: ["a", "b"] },
      headers: {
        authorization: "Basic [redacted]",
        "content-type": "application/json",
        "x-api-key": "[redacted]",
        "x-trace": "abc",
      },
      body,
      json: { hello: "sandbox", n: 1 },
    });
  });

  it("answers every method, a body or none", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"] as const) {
      const echoed = await json(await send(method, "/echo/"));
      expect(echoed).toMatchObject({ method, path: "/echo", query: {}, body: null });
      expect(echoed).not.toHaveProperty("json");
    }
    expect(await json(await send("PUT", "/echo", { body: "plain text" }))).toMatchObject({ body: "plain text" });
  });
});

describe("what the API does not serve", () => {
  it("answers 404 for unknown paths and 405 with Allow for a wrong method", async () => {
    for (const path of ["/fleet", "/fleet/vehicles/sbx-veh-000001/trips", "/reports/vehicles/x.csv", "/nope"]) {
      const response = await send("GET", path);
      expect(response.status, path).toBe(404);
      expect(await json(response)).toMatchObject({ error: "not_found", path });
    }
    const response = await send("POST", "/fleet/vehicles", { body: "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
    expect(await json(response)).toMatchObject({ error: "method_not_allowed", allowed: ["GET"] });
  });

  it("lists its endpoints at the root", async () => {
    const index = await json<{ endpoints: string[] }>(await send("GET", "/"));
    expect(index.endpoints).toContain("GET /fleet/vehicles/{id}/faults");
  });
});

describe("the sandbox's failures", () => {
  async function withRandom<T>(value: number, body: () => Promise<T>): Promise<T> {
    const restore = setSandboxRuntime({ random: () => value });
    try {
      return await body();
    } finally {
      restore();
    }
  }

  it("answer injected rate limits with 429 and Retry-After, server errors with 503", async () => {
    const limited = await withRandom(0, () =>
      send("GET", "/fleet/vehicles", {
        options: { sandbox: { faults: { rateLimitRate: 0.5, retryAfterSeconds: 2.5 } } },
      }),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("3");
    expect(await json(limited)).toMatchObject({ error: "rate_limited" });
    const failed = await withRandom(0, () =>
      send("GET", "/echo", { options: { sandbox: { faults: { serverErrorRate: 0.5 } } } }),
    );
    expect(failed.status).toBe(503);
    expect(await json(failed)).toMatchObject({ error: "unavailable" });
  });

  it("give no answer on an injected timeout or an abandoned request, and 401 for revoked credentials", async () => {
    await withRandom(0, () =>
      providerError(send("GET", "/echo", { options: { sandbox: { faults: { timeoutRate: 0.5 } } } }), "timeout"),
    );
    const controller = new AbortController();
    controller.abort();
    await providerError(
      sandboxAdapter.passthrough(request({ sandbox }), {
        method: "GET",
        path: "/echo",
        headers: {},
        signal: controller.signal,
      }),
      "timeout",
    );
    const revoked = { ...request({ sandbox }), credentials: { username: "fleet-manager", password: "invalid" } };
    const response = await sandboxAdapter.passthrough(revoked, {
      method: "GET",
      path: "/fleet/vehicles",
      headers: {},
      signal: new AbortController().signal,
    });
    expect(response.status).toBe(401);
    expect(await json(response)).toMatchObject({ error: "unauthorized" });
  });

  it("pace passthrough like the sandbox's other reads: in its unpaced bucket", async () => {
    expect(sandboxAdapter.models.passthrough?.pace).toBe(NOT_PACED);
    const buckets: (string | undefined)[] = [];
    const paced = { ...request({ sandbox }) };
    paced.context = { ...paced.context, pace: async (bucket) => void buckets.push(bucket) };
    await sandboxAdapter.passthrough(paced, {
      method: "GET",
      path: "/",
      headers: {},
      signal: new AbortController().signal,
    });
    expect(buckets).toEqual([NOT_PACED]);
  });
});
