/**
 * The Geotab adapter against the fake MyGeotab over real HTTP, without the sync engine:
 * verification, the session (cached, re-authenticated once when it expires, refused when the
 * password changed), server federation, rate limits, error mapping, and paging to the end.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../src/errors";
import { ProviderError } from "../../src/providers/errors";
import { geotabAdapter } from "../../src/providers/geotab/adapter";
import { rpcFailure } from "../../src/providers/geotab/client";
import { configuredOrigin, resolveServer } from "../../src/providers/geotab/servers";
import { clearSessions } from "../../src/providers/geotab/sessions";
import {
  bySourceId,
  byVehicleDay,
  createGeotabAccount,
  DAY,
  expectedDays,
  expectedDevices,
  expectedDrivers,
  expectedEvents,
  expectedGroups,
  expectedVehicles,
  geotabStats,
  patchGeotabAccount,
  readAllPages,
  readRequest,
} from "./geotab-helpers";

const port = new URL(env.GEOTAB_BASE_URL).port;

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error("expected a ProviderError");
}

describe("verify", () => {
  it("authenticates and describes the account: database as name and source id, the API user", async () => {
    const account = await createGeotabAccount({ vehicles: 2 });
    const verified = await geotabAdapter.verify(account.credentials, { env });
    expect(verified).toEqual({
      sourceId: account.database,
      account: {
        name: account.database,
        dotNumbers: [],
        user: { sourceId: "b1", firstName: "Fleet", lastName: "Admin", email: account.userName },
      },
    });
  });

  it("answers invalid_credentials for a wrong password, user name or database (InvalidUserException)", async () => {
    const account = await createGeotabAccount({ vehicles: 1 });
    for (const credentials of [
      { ...account.credentials, password: "wrong" },
      { ...account.credentials, username: "someone@fleet.example" },
      { ...account.credentials, database: "another_db" },
    ]) {
      const error = await geotabAdapter.verify(credentials, { env }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe("invalid_credentials");
    }
  });

  it("accepts a server of the configured host, and refuses one that is not a MyGeotab server", async () => {
    const account = await createGeotabAccount({ vehicles: 1 });
    for (const server of [`127.0.0.1:${port}`, `http://localhost:${port}/apiv1`, ` localhost:${port}/ `]) {
      expect((await geotabAdapter.verify({ ...account.credentials, server }, { env })).sourceId).toBe(account.database);
    }
    for (const server of [
      "evil.example.com",
      "https://my.geotab.com.evil.example",
      `http://127.0.0.1:${port}/other`,
      "user@my.geotab.com",
    ]) {
      const error = await geotabAdapter
        .verify({ ...account.credentials, server }, { env })
        .catch((caught: unknown) => caught);
      expect(error, server).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe("invalid_input");
      expect((error as DomainError).problems[0]?.path).toBe("{requestBody}.credentials.server");
    }
  });

  it("is refused by MyGeotab's Authenticate limit (10 a minute per user) with its Retry-After", async () => {
    const account = await createGeotabAccount({ vehicles: 1 });
    const wrong = { ...account.credentials, password: "wrong" };
    for (let attempt = 0; attempt < 10; attempt++) {
      await expect(geotabAdapter.verify(wrong, { env })).rejects.toBeInstanceOf(DomainError);
    }
    // Failures count too: the right password is now refused until the minute is over.
    const error = await providerError(geotabAdapter.verify(account.credentials, { env }));
    expect(error.kind).toBe("rate_limited");
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});

describe("servers", () => {
  const production = configuredOrigin("https://my.geotab.com");
  it.each([
    ["my.geotab.com", "https://my.geotab.com"],
    ["my1234.geotab.com", "https://my1234.geotab.com"],
    ["https://my3.geotab.com/apiv1", "https://my3.geotab.com"],
    ["MY3.GEOTAB.COM/", "https://my3.geotab.com"],
  ])("resolves %s to %s", (server, origin) => {
    expect(resolveServer(server, production)).toBe(origin);
  });

  it.each([
    "http://my.geotab.com",
    "my.geotab.com:8443",
    "geotab.com.evil.example",
    "evil.example",
    "127.0.0.1",
    "https://my.geotab.com/other",
    "https://user:pw@my.geotab.com",
    "my.geotab.com/apiv1?x=1",
    "",
  ])("refuses %s in production", (server) => {
    expect(resolveServer(server, production)).toBeUndefined();
  });
});

describe("sessions", () => {
  it("are reused across pages and models: one Authenticate for a whole read", async () => {
    const account = await createGeotabAccount({ vehicles: 3 });
    await geotabAdapter.verify(account.credentials, { env });
    await readAllPages(account, "groups");
    await readAllPages(account, "drivers");
    await readAllPages(account, "vehicleUtilization", {
      window: { start: new Date("2026-01-05T00:00:00Z"), end: new Date("2026-01-07T00:00:00Z") },
    });
    const stats = await geotabStats(account);
    expect(stats.authentications).toBe(1);
    expect(stats.dataRequests).toBeGreaterThanOrEqual(4);
  });

  it("that expire (InvalidUserException) are renewed once and the call retried: nothing is lost", async () => {
    const account = await createGeotabAccount({ vehicles: 12, sessionTtlCalls: 2 });
    const window = { start: new Date("2026-01-05T00:00:00Z"), end: new Date("2026-01-08T00:00:00Z") };
    const vehicles = await readAllPages(account, "vehicles", { pageSize: 5 });
    const days = await readAllPages(account, "vehicleUtilization", { pageSize: 6, window });
    expect(bySourceId(vehicles.items.map((item) => geotabAdapter.normalize("vehicles", item)))).toEqual(
      bySourceId(expectedVehicles(account.fleet)),
    );
    expect(byVehicleDay(days.items.map((item) => geotabAdapter.normalize("vehicleUtilization", item)))).toEqual(
      byVehicleDay(expectedDays(account.fleet, "2026-01-05", "2026-01-08")),
    );
    const stats = await geotabStats(account);
    expect(stats.expiredSessions).toBeGreaterThanOrEqual(3);
    expect(stats.authentications).toBe(stats.expiredSessions + 1);
  });

  it("live in module memory only: a new isolate (an empty cache) logs in again", async () => {
    const account = await createGeotabAccount({ vehicles: 2 });
    await readAllPages(account, "groups");
    clearSessions();
    await readAllPages(account, "groups");
    expect((await geotabStats(account)).authentications).toBe(2);
  });

  it("of a user whose password changed end in unauthorized after the one re-authentication", async () => {
    const account = await createGeotabAccount({ vehicles: 2 });
    await readAllPages(account, "groups");
    await patchGeotabAccount(account, { revoked: true });
    const error = await providerError(geotabAdapter.readPage("groups", readRequest(account)));
    expect(error.kind).toBe("unauthorized");
    expect(error.message).toContain("InvalidUserException");
    expect((await geotabStats(account)).authentications).toBe(1);
  });

  it("are not shared with a connection of the same user whose password is wrong", async () => {
    const account = await createGeotabAccount({ vehicles: 2 });
    await readAllPages(account, "groups");
    const stale = { ...account, credentials: { ...account.credentials, password: "an-old-password" } };
    expect((await providerError(geotabAdapter.readPage("groups", readRequest(stale)))).kind).toBe("unauthorized");
  });
});

describe("server federation", () => {
  it("follows Authenticate's path to the database's server for every later call", async () => {
    const account = await createGeotabAccount({ vehicles: 4, federated: true });
    const verified = await geotabAdapter.verify(account.credentials, { env });
    expect(verified.sourceId).toBe(account.database);
    const vehicles = await readAllPages(account, "vehicles");
    expect(vehicles.items).toHaveLength(4);
    const stats = await geotabStats(account);
    // The fake answers on 127.0.0.1 (the configured server) and, for this database, on localhost.
    expect(stats.requestsByHost).toEqual({ [`localhost:${port}`]: stats.dataRequests });
    expect(stats.authentications).toBe(1);
  });
});

describe("errors", () => {
  it("map Geotab's exception names (HTTP 200) to what the engine acts on", () => {
    const failure = (type: string, retryAfter: string | null = null, code = -32000) =>
      rpcFailure("Get", { code, message: "…", data: { type } }, retryAfter);
    expect(failure("OverLimitException", "2.5")).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 2.5 });
    expect(failure("OverLimitException")).toMatchObject({ kind: "rate_limited", retryAfterSeconds: undefined });
    expect(failure("InvalidUserException").kind).toBe("unauthorized");
    expect(failure("DbUnavailableException").kind).toBe("unavailable");
    expect(failure("SomethingNewException").kind).toBe("unavailable");
    expect(failure("ArgumentException").kind).toBe("malformed");
    expect(failure("MissingMethodException", null, -32601).kind).toBe("malformed");
    // Older servers name the exception only in errors[0].name.
    expect(rpcFailure("Get", { errors: [{ name: "OverLimitException", message: "slow down" }] }, "7").kind).toBe(
      "rate_limited",
    );
  });

  it("of the account's faults: OverLimitException with a fractional Retry-After, server errors, truncated bodies", async () => {
    const limited = await createGeotabAccount({ vehicles: 1 });
    await readAllPages(limited, "groups");
    await patchGeotabAccount(limited, { faults: { rateLimitRate: 1, retryAfterSeconds: 2.5 } });
    expect(await providerError(geotabAdapter.readPage("groups", readRequest(limited)))).toMatchObject({
      kind: "rate_limited",
      retryAfterSeconds: 2.5,
    });
    await patchGeotabAccount(limited, { faults: { serverErrorRate: 1 } });
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await providerError(geotabAdapter.readPage("groups", readRequest(limited)))).kind).toBe("unavailable");
    }
    await patchGeotabAccount(limited, { faults: { malformedRate: 1 } });
    expect((await providerError(geotabAdapter.readPage("groups", readRequest(limited)))).kind).toBe("malformed");
  });

  it("of GetFeed's one call a second per type: the next page at once is rate_limited for a second", async () => {
    const account = await createGeotabAccount({ vehicles: 6 });
    const first = await geotabAdapter.readPage("vehicles", readRequest(account, { pageSize: 3 }));
    expect(first.nextCursor).toBeDefined();
    const error = await providerError(
      geotabAdapter.readPage("vehicles", readRequest(account, { pageSize: 3, cursor: first.nextCursor! })),
    );
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 1 });
  });

  it("of cursors the adapter did not issue for the listing: malformed", async () => {
    const account = await createGeotabAccount({ vehicles: 3 });
    const groups = await geotabAdapter.readPage("groups", readRequest(account, { pageSize: 1 }));
    for (const [model, cursor] of [
      ["vehicles", groups.nextCursor!],
      ["groups", "not-a-cursor"],
      ["groups", btoa(JSON.stringify({ k: "after", m: "groups" }))],
    ] as const) {
      expect((await providerError(geotabAdapter.readPage(model, readRequest(account, { cursor })))).kind).toBe(
        "malformed",
      );
    }
  });

  it("camera media is not in the MyGeotab API: not_supported", async () => {
    const account = await createGeotabAccount({ vehicles: 1 });
    const { cursor: _cursor, window: _window, ...request } = readRequest(account);
    expect((await providerError(geotabAdapter.readCameraMedia(request, "evt-1"))).kind).toBe("not_supported");
  });
});

describe("paging to the end", () => {
  it("lists groups in id-ordered slices, each with the parent its listing gave it", async () => {
    const account = await createGeotabAccount({ vehicles: 1 });
    const groups = await readAllPages(account, "groups", { pageSize: 3 });
    expect(groups.pages).toBe(2);
    expect(bySourceId(groups.items.map((item) => geotabAdapter.normalize("groups", item)))).toEqual(
      bySourceId(expectedGroups()),
    );
  });

  it("reads the Device and User feeds version by version across many pages", async () => {
    const account = await createGeotabAccount({ vehicles: 23, revision: 2 });
    const vehicles = await readAllPages(account, "vehicles", { pageSize: 10 });
    expect(vehicles.pages).toBe(3);
    expect(bySourceId(vehicles.items.map((item) => geotabAdapter.normalize("vehicles", item)))).toEqual(
      bySourceId(expectedVehicles(account.fleet)),
    );
    const drivers = await readAllPages(account, "drivers", { pageSize: 10 });
    // The API user is in the User feed (and left out: not a driver): 24 users.
    expect(drivers.pages).toBe(3);
    expect(bySourceId(drivers.items.map((item) => geotabAdapter.normalize("drivers", item)))).toEqual(
      bySourceId(expectedDrivers(account.fleet)),
    );
    const devices = await readAllPages(account, "devices", { pageSize: 25 });
    expect(devices.pages).toBe(1);
    expect(bySourceId(devices.items.map((item) => geotabAdapter.normalize("devices", item)))).toEqual(
      bySourceId(expectedDevices(account.fleet)),
    );
  }, 30_000);

  it("reads utilization a few devices at a time, every vehicle-day of the window once", async () => {
    const account = await createGeotabAccount({ vehicles: 7 });
    const window = { start: new Date("2026-02-27T00:00:00Z"), end: new Date("2026-03-02T00:00:00Z") };
    const days = await readAllPages(account, "vehicleUtilization", { pageSize: 6, window });
    // Three days a device: two devices a page.
    expect(days.pages).toBe(4);
    const normalized = days.items.map((item) => geotabAdapter.normalize("vehicleUtilization", item));
    expect(byVehicleDay(normalized)).toEqual(byVehicleDay(expectedDays(account.fleet, "2026-02-27", "2026-03-02")));
  });

  it("reads safety events a page's worth of events at a time, leaving out other rules' (and days-long) events", async () => {
    const account = await createGeotabAccount({ vehicles: 6 });
    const window = { start: new Date("2026-01-01T00:00:00Z"), end: new Date("2026-01-11T00:00:00Z") };
    const events = await readAllPages(account, "safetyEvents", { pageSize: 4, window });
    const expected = expectedEvents(account.fleet, window.start.getTime(), window.end.getTime());
    expect(expected.length).toBeGreaterThan(10);
    expect(events.pages).toBeGreaterThanOrEqual(Math.ceil(expected.length / 4));
    expect(events.pages).toBeLessThanOrEqual(2 * Math.ceil(expected.length / 4) + 2);
    expect(bySourceId(events.items.map((item) => geotabAdapter.normalize("safetyEvents", item)))).toEqual(
      bySourceId(expected),
    );
    // One page for the whole window when it fits.
    const whole = await readAllPages(account, "safetyEvents", { pageSize: 500, window });
    expect(whole.pages).toBe(1);
    expect(whole.items).toHaveLength(expected.length);
    expect(new Set(events.items.map((item) => (item as { id: string }).id)).size).toBe(expected.length);
    expect(window.end.getTime() - window.start.getTime()).toBe(10 * DAY);
  });
});
