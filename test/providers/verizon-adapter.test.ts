/**
 * The Verizon Connect Reveal adapter's reads against the fake Verizon API over real HTTP: the
 * token's life (one token for many calls, renewed once on a 401 or the 400 variant), the
 * integrator app id, throttling (429, or 403 with a Mashery code) as `rate_limited`, the bulk
 * latest locations, the vehicle-day walk of trips with its cursor, and the DTC histories.
 */
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { verizonAdapter } from "../../src/providers/verizon/adapter";
import { VerizonClient } from "../../src/providers/verizon/client";
import { clearTokens } from "../../src/providers/verizon/tokens";
import { faultsBetween } from "../fakes/faults.ts";
import { vehiclesAt } from "../fakes/fleet.ts";
import { vehicleNumber } from "../fakes/verizon/ids.ts";
import { dtcOf } from "../fakes/verizon/render.ts";
import {
  createVerizonAccount,
  credentialsOf,
  DAY_MS,
  expectedDrivers,
  expectedVehicles,
  fleetOf,
  patchVerizonAccount,
  verizonReadRequest,
  verizonStats,
} from "./verizon-helpers";

describe("Verizon Connect Reveal: the adapter against the fake", () => {
  it("lists the canonical vehicles and drivers with one token for every call", async () => {
    clearTokens();
    const account = await createVerizonAccount({ vehicles: 5 });
    const request = verizonReadRequest(account);
    const vehicles = await verizonAdapter.readPage("vehicles", request);
    const drivers = await verizonAdapter.readPage("drivers", request);
    expect(vehicles).toMatchObject({ schema: "/cmd/v1/vehicles" });
    expect(vehicles.nextCursor).toBeUndefined();
    const mapped = vehicles.items.map((item) => verizonAdapter.normalize("vehicles", item));
    expect(
      mapped
        .map(({ groupSourceIds: _g, deviceSourceIds: _d, ...rest }) => rest)
        .sort((a, b) => a.sourceId.localeCompare(b.sourceId)),
    ).toEqual(expectedVehicles(fleetOf(account)));
    expect(
      drivers.items
        .map((item) => verizonAdapter.normalize("drivers", item))
        .map(({ groupSourceIds: _g, ...rest }) => rest)
        .sort((a, b) => a.sourceId.localeCompare(b.sourceId)),
    ).toEqual(expectedDrivers(fleetOf(account)));
    expect(await verizonStats(account)).toMatchObject({ tokensIssued: 1, dataRequests: 2 });
  });

  it.each([401, 400] as const)(
    "a token Verizon refuses (%i) is renewed once, and the call goes through",
    async (status) => {
      clearTokens();
      const account = await createVerizonAccount({ vehicles: 2, tokenTtlCalls: 1, expiredTokenStatus: status });
      const request = verizonReadRequest(account);
      for (let read = 0; read < 3; read++) {
        expect((await verizonAdapter.readPage("vehicles", request)).items).toHaveLength(2);
      }
      // The first token served one call; each later call met an expired token and renewed it.
      expect(await verizonStats(account)).toMatchObject({ tokensIssued: 3, expiredTokens: 2, dataRequests: 3 });
    },
  );

  it("throttling, as a 429 or as a 403 with a Mashery error code, is rate_limited with its Retry-After", async () => {
    clearTokens();
    const account = await createVerizonAccount({ vehicles: 2 });
    await patchVerizonAccount(account, { faults: { rateLimitRate: 1, retryAfterSeconds: 2 } });
    const request = verizonReadRequest(account);
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = await verizonAdapter.readPage("vehicles", request).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 2 });
      expect((error as Error).message).toMatch(
        /^Verizon Connect Reveal answered (429|403) ERR_4\d\d_DEVELOPER_OVER_(QPS|RATE)/,
      );
    }
    expect((await verizonStats(account)).throttled).toBe(2);
  });

  it("verification: wrong passwords are invalid credentials; an unknown app id is refused as not enabled", async () => {
    clearTokens();
    const account = await createVerizonAccount({ vehicles: 1 });
    const { env } = await import("cloudflare:workers");
    await expect(
      verizonAdapter.verify({ ...credentialsOf(account), password: "wrong" }, { env }),
    ).rejects.toMatchObject({ kind: "invalid_credentials" });
    await expect(
      verizonAdapter.verify(credentialsOf(account), { env: { ...env, VERIZON_APP_ID: "fleetmatics-p-us-unknown" } }),
    ).rejects.toMatchObject({
      kind: "invalid_credentials",
      message: expect.stringMatching(/not let this integration/),
    });
    await expect(
      verizonAdapter.verify(
        { ...credentialsOf(account), companyName: "Acme Plumbing", companyDotNumber: "1234567" },
        { env },
      ),
    ).resolves.toEqual({ account: { name: "Acme Plumbing", dotNumbers: ["1234567"] } });
  });

  it("latest locations: the bulk read for every vehicle, private ones left out", async () => {
    clearTokens();
    const account = await createVerizonAccount({ vehicles: 5 });
    const first = await verizonAdapter.readPage("latestVehicleLocations", verizonReadRequest(account, { pageSize: 3 }));
    expect(first.nextCursor).toBe("3");
    const second = await verizonAdapter.readPage(
      "latestVehicleLocations",
      verizonReadRequest(account, { pageSize: 3, cursor: first.nextCursor! }),
    );
    expect(second.nextCursor).toBeUndefined();
    const located = [...first.items, ...second.items].map((item) =>
      verizonAdapter.normalize("latestVehicleLocations", item),
    );
    // veh-4 drives in private: its location is not stored.
    expect(located.map((location) => location.vehicleSourceId).sort()).toEqual(
      vehiclesAt(fleetOf(account))
        .filter((vehicle) => vehicle.id !== "veh-4")
        .map((vehicle) => vehicleNumber(vehicle.id))
        .sort(),
    );
    expect((await verizonStats(account)).requests).toMatchObject({ "/rad/v1/vehicles/locations": 2 });
  });

  it("breadcrumbs and trips walk vehicle by vehicle and day by day, resuming at the cursor", async () => {
    clearTokens();
    const account = await createVerizonAccount({ vehicles: 3 });
    const start = Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS;
    const window = { start: new Date(start), end: new Date(start + 2 * DAY_MS) };
    let cursor: string | undefined;
    const trips: unknown[] = [];
    let pages = 0;
    do {
      const page = await verizonAdapter.readPage(
        "trips",
        verizonReadRequest(account, { window, pageSize: 3, ...(cursor ? { cursor } : {}) }),
      );
      trips.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    // Two trips a vehicle-day; at most 3 a page (a page ends once it holds pageSize items).
    expect(trips).toHaveLength(3 * 2 * 2);
    expect(pages).toBeGreaterThan(1);
    const ids = trips.map((item) => verizonAdapter.normalize("trips", item).sourceId);
    expect(new Set(ids).size).toBe(ids.length);
    await expect(
      verizonAdapter.readPage("trips", verizonReadRequest(account, { window, cursor: "not-a-cursor" })),
    ).rejects.toMatchObject({ kind: "malformed" });
  });

  it("reads each vehicle's history once per window, keeping the entries updated in it", async () => {
    clearTokens();
    const account = await createVerizonAccount({ vehicles: 4 });
    const now = Date.now();
    const start = Math.floor(now / DAY_MS) * DAY_MS - 3 * DAY_MS;
    const window = { start: new Date(start), end: new Date(now) };
    const items: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await verizonAdapter.readPage(
        "faultCodeEvents",
        verizonReadRequest(account, { window, ...(cursor ? { cursor } : {}) }),
      );
      expect(page.schema).toBe("/rad/v1/vehicles/{vehicleNumber}/getdtchistorybyvehiclenumber");
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const observed = items
      .map((item) => verizonAdapter.normalize("faultCodeEvents", item))
      .map(({ vehicleSourceId, observations: [observation] }) => ({
        vehicleSourceId,
        code: observation!.code,
        status: observation!.status,
        observedAt: observation!.observedAt,
      }));
    const expected = faultsBetween(fleetOf(account), start - DAY_MS, now + 1, now).flatMap((fault) =>
      [
        { status: "open", at: fault.openedAt },
        ...(fault.closedAt === undefined ? [] : [{ status: "closed", at: fault.closedAt }]),
      ]
        .filter(({ at }) => at >= start && at < now)
        .map(({ status, at }) => ({
          vehicleSourceId: vehicleNumber(fault.vehicleId),
          code: fault.j1939 ? String(fault.j1939.spn) : dtcOf(fault),
          status,
          observedAt: new Date(Math.floor(at / 1000) * 1000).toISOString(),
        })),
    );
    const order = (a: { observedAt: string; vehicleSourceId: string; status: string }, b: typeof a) =>
      a.observedAt.localeCompare(b.observedAt) ||
      a.vehicleSourceId.localeCompare(b.vehicleSourceId) ||
      a.status.localeCompare(b.status);
    expect(observed.sort(order)).toEqual(expected.sort(order));
    expect(expected.length).toBeGreaterThan(0);
    expect((await verizonStats(account)).requests).toMatchObject({
      "/rad/v1/vehicles/{n}/getdtchistorybyvehiclenumber": 4,
    });
  });

  it("the fake also serves what the adapter does not read, in Verizon's shapes (ECM typo, users)", async () => {
    const account = await createVerizonAccount({ vehicles: 2 });
    const { env } = await import("cloudflare:workers");
    const client = VerizonClient.of({ env }, credentialsOf(account));
    const ecm = (await client.get("/rad/v1/vehicles/TRK%2D0001/getecmstatusbyvehiclenumber")) as Record<
      string,
      unknown
    >;
    expect(ecm).toHaveProperty("EngineMintutes");
    expect(ecm).not.toHaveProperty("EngineMinutes");
    expect(ecm.VIN).toBe(vehiclesAt(fleetOf(account))[0]!.vin);
    const users = (await client.get("/cmd/v1/users")) as unknown[];
    expect(users[0]).toEqual({
      user: expect.any(Object),
      _links: { self: { href: expect.any(String) }, groups: { href: expect.any(String) } },
    });
    const location = (await client.get("/rad/v1/vehicles/TRK-0002/location")) as Record<string, unknown>;
    expect(location).toMatchObject({ UpdateUTC: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/) });
  });

  it("a vehicle removed mid-walk (404 on its paths) is skipped, and the walk goes on", async () => {
    clearTokens();
    const account = await createVerizonAccount({ vehicles: 3 });
    const start = Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS;
    const window = { start: new Date(start), end: new Date(start + 2 * DAY_MS) };
    const first = await verizonAdapter.readPage("trips", verizonReadRequest(account, { window, pageSize: 1 }));
    expect(first.nextCursor).toBeDefined();
    // Revision 2 removes veh-1 and veh-2: the walk, which listed them, meets 404s on their paths.
    await patchVerizonAccount(account, { revision: 2 });
    const items: unknown[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await verizonAdapter.readPage("trips", verizonReadRequest(account, { window, cursor }));
      expect(page.issues).toBeUndefined();
      items.push(...page.items);
      cursor = page.nextCursor;
    }
    const vehicles = items.map((item) => verizonAdapter.normalize("trips", item).vehicleSourceId);
    expect(new Set(vehicles)).toEqual(new Set(["TRK-0003"]));
    expect(vehicles).toHaveLength(4);
  });
});
