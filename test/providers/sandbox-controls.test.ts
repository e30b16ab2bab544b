/**
 * What tests of the sync engine steer the sandbox with: options (validated, with safe
 * fallbacks), injected faults (forced through the injectable random source), reported issues,
 * and cursors (opaque, and rejected as malformed when they are not the sandbox's).
 */
import { describe, expect, it } from "vitest";
import { toBase64Url, utf8 } from "../../src/lib/encoding";
import { SYNC_MODELS } from "../../src/model/normalized";
import { sandboxAdapter } from "../../src/providers/sandbox/adapter";
import { decodeSandboxCursor, encodeSandboxCursor } from "../../src/providers/sandbox/cursor";
import { injectFaults } from "../../src/providers/sandbox/faults";
import { parseSandboxOptions } from "../../src/providers/sandbox/options";
import { setSandboxRuntime } from "../../src/providers/sandbox/runtime";
import { providerError, readAll, request, utcWindow } from "./sandbox-helpers";

const WEEK = utcWindow("2026-01-03T00:00:00.000Z", "2026-01-10T00:00:00.000Z");

/** Runs `body` with the fault random source returning `values` in turn (then the last one forever). */
async function withRandom<T>(values: number[], body: () => Promise<T>): Promise<T> {
  let call = 0;
  const restore = setSandboxRuntime({ random: () => values[Math.min(call++, values.length - 1)]! });
  try {
    return await body();
  } finally {
    restore();
  }
}

describe("options", () => {
  it("default to a 24-vehicle fleet, the clock's revision, no faults and no issues", () => {
    expect(parseSandboxOptions({})).toEqual({
      fleetSize: 24,
      faults: { rateLimitRate: 0, retryAfterSeconds: 1, serverErrorRate: 0, timeoutRate: 0 },
      issues: [],
    });
    expect(parseSandboxOptions({ sandbox: "big" })).toEqual(parseSandboxOptions({}));
    expect(parseSandboxOptions({ sandbox: [1, 2] })).toEqual(parseSandboxOptions({}));
  });

  it("fall back safely on values out of range or of the wrong type", () => {
    const fleetSize = (value: unknown) => parseSandboxOptions({ sandbox: { fleetSize: value } }).fleetSize;
    expect(fleetSize("many")).toBe(24);
    expect(fleetSize(null)).toBe(24);
    expect(fleetSize(Number.POSITIVE_INFINITY)).toBe(24);
    expect(fleetSize("100")).toBe(100);
    expect(fleetSize(10.7)).toBe(10);
    expect(fleetSize(-5)).toBe(0);
    expect(fleetSize(1e9)).toBe(200_000);

    const revision = (value: unknown) => parseSandboxOptions({ sandbox: { revision: value } }).revision;
    expect(revision(12)).toBe(12);
    expect(revision(2.9)).toBe(2);
    expect(revision(-1)).toBeUndefined();
    expect(revision("soon")).toBeUndefined();
    expect(revision(1e12)).toBe(10_000_000);

    const faults = parseSandboxOptions({
      sandbox: { faults: { rateLimitRate: 7, retryAfterSeconds: -2, serverErrorRate: "0.5", timeoutRate: 0.25 } },
    }).faults;
    expect(faults).toEqual({ rateLimitRate: 1, retryAfterSeconds: 1, serverErrorRate: 0, timeoutRate: 0.25 });
    expect(parseSandboxOptions({ sandbox: { faults: { retryAfterSeconds: 0.4 } } }).faults.retryAfterSeconds).toBe(0.4);

    const issues = parseSandboxOptions({
      sandbox: { issues: ["unknown_device_type", "nonsense", 3, "unknown_device_type"] },
    }).issues;
    expect(issues).toEqual(["unknown_device_type"]);
  });

  it("serve an empty fleet of size 0 (groups remain)", async () => {
    const sandbox = { fleetSize: 0, revision: 5 };
    const models = ["vehicles", "drivers", "devices", "vehicleUtilization", "safetyEvents"] as const;
    for (const model of [...models, "trailers", "latestTrailerLocations", "faultCodeEvents"] as const) {
      expect((await readAll(model, { sandbox, window: WEEK })).items).toEqual([]);
    }
    expect((await readAll("groups", { sandbox })).items.length).toBeGreaterThan(0);
  });
});

describe("faults", () => {
  it("answer rate limits with the configured Retry-After (1 second by default, fractions allowed)", async () => {
    const error = await withRandom([0], () =>
      providerError(
        sandboxAdapter.readPage("vehicles", request({ sandbox: { faults: { rateLimitRate: 0.3 } } })),
        "rate_limited",
      ),
    );
    expect(error.retryAfterSeconds).toBe(1);
    expect(error.transient).toBe(true);
    const fractional = await withRandom([0], () =>
      providerError(
        sandboxAdapter.readPage(
          "vehicles",
          request({ sandbox: { faults: { rateLimitRate: 0.3, retryAfterSeconds: 2.5 } } }),
        ),
        "rate_limited",
      ),
    );
    expect(fractional.retryAfterSeconds).toBe(2.5);
  });

  it("answer server errors and timeouts, each at its own rate", async () => {
    const sandbox = { faults: { rateLimitRate: 0.1, serverErrorRate: 0.2, timeoutRate: 0.3 } };
    // Draws are made in order: rate limit, server error, timeout.
    await withRandom([0.5, 0.1], () =>
      providerError(sandboxAdapter.readPage("drivers", request({ sandbox })), "unavailable"),
    );
    await withRandom([0.5, 0.5, 0.1], () =>
      providerError(sandboxAdapter.readPage("drivers", request({ sandbox })), "timeout"),
    );
    const page = await withRandom([0.5, 0.5, 0.5], () => sandboxAdapter.readPage("drivers", request({ sandbox })));
    expect(page.items.length).toBeGreaterThan(0);
  });

  it("pass when the call is retried (they are drawn per call, not from the seed)", async () => {
    // Revision 0 pins the fleet to its 24 vehicles: the clock's revision adds and deletes some.
    const sandbox = { revision: 0, faults: { serverErrorRate: 0.5 } };
    await withRandom([0.2, 0.9], async () => {
      await providerError(sandboxAdapter.readPage("vehicles", request({ sandbox })), "unavailable");
      expect((await sandboxAdapter.readPage("vehicles", request({ sandbox }))).items).toHaveLength(24);
    });
  });

  it("always fail at rate 1 and never at rate 0, with the real random source", async () => {
    for (let i = 0; i < 20; i++) {
      await providerError(
        sandboxAdapter.readPage("groups", request({ sandbox: { faults: { timeoutRate: 1 } } })),
        "timeout",
      );
      await sandboxAdapter.readPage("groups", request({ sandbox: { faults: { timeoutRate: 0 } } }));
    }
  });

  it("apply to camera media reads too", async () => {
    await withRandom([0], () =>
      providerError(
        sandboxAdapter.readCameraMedia(
          request({ sandbox: { faults: { serverErrorRate: 0.5 } } }),
          "sbx-evt-000000-20260105-0",
        ),
        "unavailable",
      ),
    );
  });

  it("can be driven directly through injectFaults", () => {
    const faults = { rateLimitRate: 0, retryAfterSeconds: 1, serverErrorRate: 0, timeoutRate: 0 };
    expect(() => injectFaults(faults, () => 0)).not.toThrow();
    expect(() => injectFaults({ ...faults, timeoutRate: 0.5 }, () => 0.49)).toThrow(/did not answer in time/);
  });
});

describe("issues", () => {
  it("are reported on the first page of the model each concerns", async () => {
    const sandbox = {
      revision: 0,
      issues: ["missing_safety_configuration", "unknown_device_type", "missing_permissions", "bogus"],
    };
    const codes: Record<string, string[]> = {};
    for (const model of SYNC_MODELS) {
      const page = await sandboxAdapter.readPage(model, request({ sandbox, window: WEEK, pageSize: 5 }));
      codes[model] = (page.issues ?? []).map((issue) => issue.code);
      for (const issue of page.issues ?? []) expect(issue.message.length).toBeGreaterThan(10);
      if (page.nextCursor) {
        const next = await sandboxAdapter.readPage(
          model,
          request({ sandbox, window: WEEK, pageSize: 5, cursor: page.nextCursor }),
        );
        expect(next.issues).toBeUndefined();
      }
    }
    expect(codes).toEqual({
      groups: [],
      vehicles: ["missing_permissions"],
      drivers: [],
      devices: ["unknown_device_type"],
      trailers: [],
      vehicleUtilization: [],
      safetyEvents: ["missing_safety_configuration"],
      faultCodeEvents: [],
      latestVehicleLocations: [],
      latestTrailerLocations: [],
      trips: [],
      vehicleLocations: [],
      vehicleStatLogs: [],
      hosLogs: [],
      hosDailyLogs: [],
      iftaSummaries: [],
    });
  });
});

describe("cursors", () => {
  it("are opaque strings in the contract's cursor alphabet that round-trip", async () => {
    const page = await sandboxAdapter.readPage("vehicles", request({ sandbox: { revision: 2 }, pageSize: 5 }));
    expect(page.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSandboxCursor(page.nextCursor!, "vehicles")).toEqual({
      model: "vehicles",
      revision: 2,
      cell: 5,
      offset: 0,
    });
  });

  it("are rejected as malformed when they are not this listing's", async () => {
    const vehicles = (cursor: string) =>
      sandboxAdapter.readPage("vehicles", request({ sandbox: { revision: 0 }, cursor }));
    const forged = (body: unknown) => toBase64Url(utf8.encode(JSON.stringify(body)));
    const malformed = [
      "not a cursor!",
      "%%%",
      toBase64Url(utf8.encode("not json")),
      forged(null),
      forged([1, 2]),
      forged({ v: 2, m: "vehicles", r: 0, c: 1, o: 0 }),
      forged({ v: 1, m: "drivers", r: 0, c: 1, o: 0 }),
      forged({ v: 1, m: "vehicles", r: -1, c: 1, o: 0 }),
      forged({ v: 1, m: "vehicles", r: 0, c: 1.5, o: 0 }),
      forged({ v: 1, m: "vehicles", r: 0, c: "1", o: 0 }),
      forged({ v: 1, m: "vehicles", r: 0, c: 24, o: 0 }),
      forged({ v: 1, m: "vehicles", r: 0, c: 1, o: 99 }),
      encodeSandboxCursor({ model: "drivers", revision: 0, cell: 1, offset: 0 }),
    ];
    for (const cursor of malformed) await providerError(vehicles(cursor), "malformed");
    // A windowed cursor beyond the window's days.
    const beyond = encodeSandboxCursor({ model: "vehicleUtilization", revision: 0, cell: 7 * 24, offset: 0 });
    await providerError(
      sandboxAdapter.readPage(
        "vehicleUtilization",
        request({ sandbox: { revision: 0 }, window: WEEK, cursor: beyond }),
      ),
      "malformed",
    );
  });

  it("are required to come with a window for windowed models", async () => {
    await providerError(sandboxAdapter.readPage("safetyEvents", request({ sandbox: { revision: 0 } })), "malformed");
  });
});

describe("verify", () => {
  it("still accepts any password but `invalid`, and derives the account from the username", async () => {
    const context = request().context;
    const first = await sandboxAdapter.verify({ username: "ops", password: "x" }, context);
    const again = await sandboxAdapter.verify({ username: "ops", password: "y" }, context);
    expect(first.sourceId).toBe(again.sourceId);
    await expect(sandboxAdapter.verify({ username: "ops", password: "invalid" }, context)).rejects.toMatchObject({
      kind: "invalid_credentials",
    });
  });
});
