/**
 * The fake MyGeotab itself, spoken to as a client would (JSON-RPC over POST /apiv1), against
 * the fidelity checklist of providers.md §4: errors in HTTP 200 bodies, Authenticate's session
 * and `path`, GetFeed versions and its clamp, Get without a cursor and its cap, the rate limits
 * with Retry-After, TimeSpan strings in every form, activeTo 2050-01-01 for active entities.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseTimeSpan } from "../../src/providers/geotab/timespan";
import { vehiclesAt } from "../fakes/fleet.ts";
import { createGeotabAccount, type GeotabAccount, patchGeotabAccount } from "./geotab-helpers";

const port = new URL(env.GEOTAB_BASE_URL).port;

async function rpc(method: string, params: Record<string, unknown> = {}, host = `127.0.0.1:${port}`) {
  const response = await fetch(`http://${host}/apiv1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ method, params }),
  });
  expect(response.status).toBe(200);
  return { body: (await response.json()) as any, headers: response.headers };
}

async function login(account: GeotabAccount, host?: string) {
  const { body } = await rpc(
    "Authenticate",
    { database: account.database, userName: account.userName, password: account.password },
    host,
  );
  return body.result as { credentials: Record<string, string>; path: string };
}

describe("fake MyGeotab", () => {
  it("answers Authenticate with a session and ThisServer, and every failure as HTTP 200 with a JSON-RPC error", async () => {
    const account = await createGeotabAccount({ vehicles: 2 });
    expect((await rpc("GetVersion")).body.result).toMatch(/^\d+\.\d+/);
    const { body, headers } = await rpc("Authenticate", {
      database: account.database,
      userName: account.userName,
      password: account.password,
    });
    expect(body.result).toEqual({
      credentials: { database: account.database, userName: account.userName, sessionId: expect.any(String) },
      path: "ThisServer",
    });
    expect(headers.get("x-rate-limit-limit")).toBe("1m");
    const wrong = await rpc("Authenticate", { database: account.database, userName: account.userName, password: "x" });
    expect(wrong.body.error).toMatchObject({
      code: -32000,
      message: "Incorrect login credentials",
      data: { type: "InvalidUserException", requestIndex: 0 },
      name: "JSONRPCError",
      errors: [{ name: "InvalidUserException", message: "Incorrect login credentials" }],
    });
    expect((await rpc("Get", { typeName: "Device" })).body.error.data.type).toBe("InvalidUserException");
    const session = { ...body.result.credentials, sessionId: "not-a-session" };
    expect((await rpc("Get", { typeName: "Device", credentials: session })).body.error.message).toBe(
      `Invalid session @ '${account.database}'`,
    );
    const missing = await rpc("GetEverything", { credentials: body.result.credentials });
    expect(missing.body.error).toMatchObject({ code: -32601, data: { type: "MissingMethodException" } });
  });

  it("Get has no cursor: resultsLimit cuts the answer, and above 50,000 is refused with OverLimitException", async () => {
    const account = await createGeotabAccount({ vehicles: 5 });
    const { credentials } = await login(account);
    const two = await rpc("Get", { typeName: "Device", resultsLimit: 2, credentials });
    expect(two.body.result).toHaveLength(2);
    expect(Object.keys(two.body)).toEqual(["result", "jsonrpc"]);
    const over = await rpc("Get", { typeName: "Device", resultsLimit: 50_001, credentials });
    expect(over.body.error.data.type).toBe("OverLimitException");
    const ids = await rpc("Get", {
      typeName: "Device",
      propertySelector: { fields: ["id"], isIncluded: true },
      credentials,
    });
    expect(ids.body.result).toEqual(vehiclesAt(account.fleet).map((vehicle) => ({ id: vehicle.id })));
  });

  it("GetFeed pages by version tokens, clamps resultsLimit to 50,000, and allows one call a second per type", async () => {
    const account = await createGeotabAccount({ vehicles: 5 });
    const { credentials } = await login(account);
    const all = await rpc("GetFeed", { typeName: "Device", resultsLimit: 1_000_000, credentials });
    expect(all.body.result.data).toHaveLength(5);
    expect(all.body.result.toVersion).toMatch(/^[0-9a-f]{16}$/);
    const again = await rpc("GetFeed", { typeName: "Device", fromVersion: all.body.result.toVersion, credentials });
    expect(again.body.error.data.type).toBe("OverLimitException");
    expect(again.headers.get("retry-after")).toBe("1");
    // Another type has its own allowance.
    expect((await rpc("GetFeed", { typeName: "User", credentials })).body.result.data).toHaveLength(6);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const caughtUp = await rpc("GetFeed", { typeName: "Device", fromVersion: all.body.result.toVersion, credentials });
    expect(caughtUp.body.result).toEqual({ data: [], toVersion: all.body.result.toVersion });
  });

  it("limits Authenticate to 10 a minute per user, failures included, with a Retry-After", async () => {
    const account = await createGeotabAccount({ vehicles: 1 });
    for (let attempt = 0; attempt < 10; attempt++) await login(account);
    const { body, headers } = await rpc("Authenticate", {
      database: account.database,
      userName: account.userName,
      password: account.password,
    });
    expect(body.error).toMatchObject({
      message: "API calls quota exceeded. Maximum admitted 10 per 1m.",
      data: { type: "OverLimitException" },
    });
    expect(Number(headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("expires sessions after sessionTtlCalls data calls, and refuses every session once revoked", async () => {
    const account = await createGeotabAccount({ vehicles: 1, sessionTtlCalls: 2 });
    const { credentials } = await login(account);
    for (let call = 0; call < 2; call++)
      expect((await rpc("Get", { typeName: "Group", credentials })).body.result).toBeDefined();
    expect((await rpc("Get", { typeName: "Group", credentials })).body.error.data.type).toBe("InvalidUserException");
    const renewed = await login(account);
    await patchGeotabAccount(account, { revoked: true });
    expect((await rpc("Get", { typeName: "Group", credentials: renewed.credentials })).body.error.data.type).toBe(
      "InvalidUserException",
    );
    expect(
      (
        await rpc("Authenticate", {
          database: account.database,
          userName: account.userName,
          password: account.password,
        })
      ).body.error.data.type,
    ).toBe("InvalidUserException");
  });

  it("sends a federated database's sessions to its server, which alone answers its calls", async () => {
    const account = await createGeotabAccount({ vehicles: 1, federated: true });
    const { credentials, path } = await login(account);
    expect(path).toBe(`localhost:${port}`);
    expect((await rpc("Get", { typeName: "Group", credentials })).body.error.data.type).toBe("InvalidUserException");
    expect((await rpc("Get", { typeName: "Group", credentials }, path)).body.result.length).toBeGreaterThan(0);
    // Authenticating on the database's own server stays there.
    expect((await login(account, path)).path).toBe("ThisServer");
  });

  it("serves Geotab's shapes: a flat group tree under the company group, activeTo 2050 for the active, ExecuteMultiCall in order", async () => {
    // A fixed seed whose fleet has an inactive vehicle: with a random one, 12 vehicles are all
    // active about one time in four (each is inactive one time in ten), and the check below fails.
    const account = await createGeotabAccount({ vehicles: 12, seed: "geotab-shapes" });
    expect(vehiclesAt(account.fleet).some((vehicle) => !vehicle.active)).toBe(true);
    const { credentials } = await login(account);
    const groups = (await rpc("Get", { typeName: "Group", credentials })).body.result;
    expect(groups.find((group: { id: string }) => group.id === "GroupCompanyId").children).toEqual([
      { id: "g-west" },
      { id: "g-east" },
    ]);
    for (const group of groups) expect(group).not.toHaveProperty("parent");
    const devices = (await rpc("Get", { typeName: "Device", credentials })).body.result;
    const canonical = new Map(vehiclesAt(account.fleet).map((vehicle) => [vehicle.id, vehicle]));
    for (const device of devices) {
      if (canonical.get(device.id)!.active) expect(device.activeTo).toBe("2050-01-01T00:00:00.000Z");
      else expect(Date.parse(device.activeTo)).toBeLessThan(Date.now());
    }
    expect(devices.some((device: { activeTo: string }) => device.activeTo !== "2050-01-01T00:00:00.000Z")).toBe(true);
    const multi = await rpc("ExecuteMultiCall", {
      calls: [
        { method: "Get", params: { typeName: "Device", resultsLimit: 1 } },
        { method: "Get", params: { typeName: "Group", search: { id: "g-west" } } },
      ],
      credentials,
    });
    expect(multi.body.result[0]).toHaveLength(1);
    expect(multi.body.result[1][0].name).toBe("West");
    const failing = await rpc("ExecuteMultiCall", {
      calls: [
        { method: "Get", params: { typeName: "Group" } },
        { method: "Get", params: { typeName: "Nothing" } },
      ],
      credentials,
    });
    expect(failing.body.error.data).toMatchObject({ type: "ArgumentException", requestIndex: 1 });
  });

  it("writes durations as TimeSpans in every form, and Trip distances in km (distance ≈ averageSpeed × drivingDuration)", async () => {
    const account = await createGeotabAccount({ vehicles: 8 });
    const { credentials } = await login(account);
    const search = { fromDate: "2026-03-01T00:00:00.000Z", toDate: "2026-03-08T00:00:00.000Z" };
    const trips = (await rpc("Get", { typeName: "Trip", search, credentials })).body.result;
    const events = (await rpc("Get", { typeName: "ExceptionEvent", search, credentials })).body.result;
    const spans: string[] = [
      ...trips.flatMap((trip: Record<string, string>) => [
        trip.drivingDuration,
        trip.idlingDuration,
        trip.stopDuration,
      ]),
      ...events.map((event: { duration: string }) => event.duration),
    ];
    for (const span of spans) expect(parseTimeSpan(span), span).toBeGreaterThanOrEqual(0);
    expect(spans.some((span) => /^\d{2}:\d{2}:\d{2}$/.test(span))).toBe(true);
    expect(spans.some((span) => /^\d{2}:\d{2}:\d{2}\.\d{7}$/.test(span))).toBe(true);
    expect(spans.some((span) => /^\d+\.\d{2}:\d{2}:\d{2}\.\d{7}$/.test(span))).toBe(true);
    for (const trip of trips) {
      const hours = parseTimeSpan(trip.drivingDuration)! / 3_600_000;
      expect(trip.distance / (trip.averageSpeed * hours)).toBeCloseTo(1, 2);
    }
  });
});
