/**
 * The fake Motive API behaves as providers.md describes the real one (auth, paging, wrapping,
 * units, time zone header, faults), and the adapter talks to it as it would to Motive: its own
 * paging cursors, its error mapping (429 with or without Retry-After, 401, 5xx, truncated
 * bodies), and the headers it sends. Every request goes over real HTTP to the fake.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { motiveAdapter } from "../../src/providers/motive/adapter";
import { MOTIVE_DEFAULT_RETRY_AFTER_SECONDS } from "../../src/providers/motive/client";
import type { ReadRequest } from "../../src/providers/types";
import { dayOf, vehiclesAt } from "../fakes/fleet.ts";
import { KM_PER_MILE, LITRES_PER_US_GALLON, motiveIds, vehicleIsMetric } from "../fakes/motive/ids.ts";
import {
  createMotiveAccount,
  DAY_MS,
  fleetOf,
  type MotiveAccount,
  motiveReadRequest,
  patchMotiveAccount,
} from "./motive-helpers";

async function motive(path: string, headers: Record<string, string>) {
  const response = await fetch(`${env.MOTIVE_BASE_URL}${path}`, { headers });
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body, headers: response.headers, text };
}

const asKey = (account: MotiveAccount, extra: Record<string, string> = {}) => ({
  "X-Api-Key": account.credential,
  ...extra,
});

/** The fake's reads in pages of 200. */
const request = (account: MotiveAccount, extra: Partial<ReadRequest> = {}) =>
  motiveReadRequest(account, { pageSize: 200, ...extra });

async function providerError(run: () => Promise<unknown>): Promise<ProviderError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error("expected a ProviderError");
}

const yesterday = () => new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);

describe("fake Motive: authentication", () => {
  it("takes the company API key in X-Api-Key and refuses it as a Bearer token, unknown or missing keys with 401", async () => {
    const account = await createMotiveAccount();
    expect((await motive("/v1/vehicles", asKey(account))).status).toBe(200);
    expect((await motive("/v1/vehicles", { "x-api-key": account.credential })).status).toBe(200);
    for (const headers of [
      { Authorization: `Bearer ${account.credential}` },
      { "X-Api-Key": "unknown-key" },
      {} as Record<string, string>,
    ]) {
      const refused = await motive("/v1/vehicles", headers);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ error_message: expect.any(String) });
    }
  });

  it("takes OAuth access tokens as Bearer tokens, and not in X-Api-Key", async () => {
    const account = await createMotiveAccount({ credential: `oauth:${crypto.randomUUID()}` });
    expect((await motive("/v1/vehicles", { Authorization: `Bearer ${account.credential}` })).status).toBe(200);
    expect((await motive("/v1/vehicles", asKey(account))).status).toBe(401);
  });
});

describe("fake Motive: paging and wrapping", () => {
  it("per_page defaults to 25 and is clamped to 100; page_no is 1-based; total is on every page", async () => {
    const account = await createMotiveAccount({ vehicles: 130 });
    const first = await motive("/v1/vehicles", asKey(account));
    expect(first.body.pagination).toEqual({ per_page: 25, page_no: 1, total: 130 });
    expect(first.body.vehicles).toHaveLength(25);
    expect(first.body.vehicles[0]).toEqual({ vehicle: expect.objectContaining({ id: 4001, number: "Truck 1" }) });

    const clamped = await motive("/v1/vehicles?per_page=500&page_no=2", asKey(account));
    expect(clamped.body.pagination).toEqual({ per_page: 100, page_no: 2, total: 130 });
    expect(clamped.body.vehicles).toHaveLength(30);
    expect(clamped.body.vehicles[0].vehicle.id).toBe(4101);

    const beyond = await motive("/v1/vehicles?per_page=100&page_no=3", asKey(account));
    expect(beyond.body).toEqual({ vehicles: [], pagination: { per_page: 100, page_no: 3, total: 130 } });
  });

  it("wraps every list element in its singular key", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    const day = yesterday();
    const lists: [string, string, string][] = [
      ["/v1/companies", "companies", "company"],
      ["/v1/users?role=driver", "users", "user"],
      ["/v1/groups", "groups", "group"],
      ["/v1/vehicles", "vehicles", "vehicle"],
      ["/v1/eld_devices", "eld_devices", "eld_device"],
      [`/v1/vehicle_utilization?start_date=${day}&end_date=${day}`, "vehicle_idle_rollups", "vehicle_idle_rollup"],
      [`/v1/ifta/trips?start_date=${day}&end_date=${day}`, "ifta_trips", "ifta_trip"],
    ];
    for (const [path, list, item] of lists) {
      const answer = await motive(path, asKey(account));
      expect(answer.status, path).toBe(200);
      expect(Object.keys(answer.body).sort(), path).toEqual([list, "pagination"].sort());
      expect(answer.body[list].length, path).toBeGreaterThan(0);
      for (const element of answer.body[list]) expect(Object.keys(element), path).toEqual([item]);
    }
  });

  it("users: role filters drivers from the admin", async () => {
    const account = await createMotiveAccount({ vehicles: 3 });
    const all = await motive("/v1/users", asKey(account));
    expect(all.body.pagination.total).toBe(4);
    const drivers = await motive("/v1/users?role=driver", asKey(account));
    expect(drivers.body.users.map((user: any) => user.user.role)).toEqual(["driver", "driver", "driver"]);
    const admins = await motive("/v1/users?role=admin", asKey(account));
    expect(admins.body.users).toEqual([{ user: expect.objectContaining({ id: motiveIds.admin, role: "admin" }) }]);
  });
});

describe("fake Motive: units and headers", () => {
  it("utilization fuel in litres with X-Metric-Units: true, US gallons otherwise; times in seconds either way", async () => {
    const account = await createMotiveAccount({ vehicles: 3 });
    const day = yesterday();
    const path = `/v1/vehicle_utilization?start_date=${day}&end_date=${day}`;
    const metric = await motive(path, asKey(account, { "X-Metric-Units": "true" }));
    const imperial = await motive(path, asKey(account, { "X-Metric-Units": "false" }));
    const unset = await motive(path, asKey(account));
    expect(unset.body).toEqual(imperial.body);
    for (const vehicle of vehiclesAt(fleetOf(account))) {
      const canonical = dayOf(fleetOf(account), vehicle.id, day);
      const find = (answer: any) =>
        answer.body.vehicle_idle_rollups
          .map((element: any) => element.vehicle_idle_rollup)
          .find((rollup: any) => rollup.vehicle.id === motiveIds.vehicle(vehicle.id));
      const inLitres = find(metric);
      const inGallons = find(imperial);
      expect(inLitres.vehicle.metric_units).toBe(true);
      expect(inGallons.vehicle.metric_units).toBe(false);
      expect(inLitres.idle_fuel + inLitres.driving_fuel).toBeCloseTo(canonical.fuelLiters, 9);
      expect((inGallons.idle_fuel + inGallons.driving_fuel) * LITRES_PER_US_GALLON).toBeCloseTo(
        canonical.fuelLiters,
        9,
      );
      for (const rollup of [inLitres, inGallons]) {
        expect(rollup.driving_time).toBe(canonical.drivingMs / 1000);
        expect(rollup.idle_time).toBe(canonical.idlingMs / 1000);
      }
    }
  });

  it("IFTA distances are in each vehicle's own units, whatever X-Metric-Units says", async () => {
    const account = await createMotiveAccount({ vehicles: 4 });
    const day = yesterday();
    const answer = await motive(
      `/v1/ifta/trips?start_date=${day}&end_date=${day}`,
      asKey(account, { "X-Metric-Units": "true" }),
    );
    const units = new Set<boolean>();
    for (const vehicle of vehiclesAt(fleetOf(account))) {
      const trips = answer.body.ifta_trips
        .map((element: any) => element.ifta_trip)
        .filter((trip: any) => trip.vehicle.id === motiveIds.vehicle(vehicle.id));
      const metric = vehicleIsMetric(vehicle.id);
      units.add(metric);
      for (const trip of trips) expect(trip.vehicle.metric_units).toBe(metric);
      const total = trips.reduce((sum: number, trip: any) => sum + trip.distance, 0);
      expect(total * (metric ? 1 : KM_PER_MILE)).toBeCloseTo(dayOf(fleetOf(account), vehicle.id, day).distanceKm, 9);
    }
    expect([...units].sort()).toEqual([false, true]);
  });

  it("X-Time-Zone: Rails zone names are accepted, an IANA id is a 400", async () => {
    const account = await createMotiveAccount();
    const day = yesterday();
    const path = `/v1/vehicle_utilization?start_date=${day}&end_date=${day}`;
    expect((await motive(path, asKey(account, { "X-Time-Zone": "Pacific Time (US & Canada)" }))).status).toBe(200);
    const iana = await motive(path, asKey(account, { "X-Time-Zone": "America/Winnipeg" }));
    expect(iana.status).toBe(400);
    expect(iana.body.error_message).toContain("America/Winnipeg");
  });

  it("driver performance events carry camera_media only with media_required=true; one event by id; 404 otherwise", async () => {
    const account = await createMotiveAccount({ vehicles: 6 });
    const from = new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const path = `/v1/driver_performance_events?start_date=${from}&end_date=${to}&per_page=100`;
    const bare = await motive(path, asKey(account));
    const withMedia = await motive(`${path}&media_required=true`, asKey(account));
    expect(bare.body.pagination.total).toBeGreaterThan(0);
    expect(bare.body.driver_performance_events.every((e: any) => !("camera_media" in e.driver_performance_event))).toBe(
      true,
    );
    expect(
      withMedia.body.driver_performance_events.every((e: any) => "camera_media" in e.driver_performance_event),
    ).toBe(true);
    const first = withMedia.body.driver_performance_events[0].driver_performance_event;
    const one = await motive(`/v1/driver_performance_events/${first.id}?media_required=true`, asKey(account));
    expect(one.status).toBe(200);
    expect(Object.keys(one.body)).toEqual(["driver_performance_event"]);
    expect(one.body.driver_performance_event.id).toBe(first.id);
    expect((await motive("/v1/driver_performance_events/9920261101", asKey(account))).status).toBe(404);
    expect((await motive("/v1/driver_performance_events", asKey(account))).status).toBe(400);
  });
});

describe("fake Motive: faults", () => {
  it("429 with Retry-After in whole seconds when the fault names one, without it otherwise; 5xx; truncated JSON", async () => {
    const account = await createMotiveAccount({ faults: { rateLimitRate: 1, retryAfterSeconds: 2.4 } });
    const limited = await motive("/v1/vehicles", asKey(account));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("3");
    await patchMotiveAccount(account.credential, { faults: { rateLimitRate: 1 } });
    const bare = await motive("/v1/vehicles", asKey(account));
    expect(bare.status).toBe(429);
    expect(bare.headers.get("retry-after")).toBeNull();
    await patchMotiveAccount(account.credential, { faults: { serverErrorRate: 1 } });
    expect([500, 503]).toContain((await motive("/v1/vehicles", asKey(account))).status);
    await patchMotiveAccount(account.credential, { faults: { malformedRate: 1 } });
    const truncated = await motive("/v1/vehicles", asKey(account));
    expect(truncated.status).toBe(200);
    expect(() => JSON.parse(truncated.text)).toThrow();
    // Authentication comes first: a stranger's request is a 401, not a fault of the account.
    expect((await motive("/v1/vehicles", { "X-Api-Key": "someone-else" })).status).toBe(401);
  });
});

describe("Motive adapter against the fake", () => {
  it("pages a listing by page number until pagination.total is reached, returning the inner objects", async () => {
    const account = await createMotiveAccount({ vehicles: 5 });
    const cursors: (string | undefined)[] = [];
    const ids: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await motiveAdapter.readPage(
        "vehicles",
        request(account, { pageSize: 2, ...(cursor ? { cursor } : {}) }),
      );
      expect(page.schema).toBe("/v1/vehicles");
      ids.push(...page.items.map((item: any) => item.id));
      cursor = page.nextCursor;
      cursors.push(cursor);
    } while (cursor !== undefined);
    expect(cursors).toEqual(["2", "3", undefined]);
    expect(ids).toEqual([4001, 4002, 4003, 4004, 4005]);
  });

  it("a page size above Motive's maximum asks for 100", async () => {
    const account = await createMotiveAccount({ vehicles: 101 });
    const page = await motiveAdapter.readPage("drivers", request(account, { pageSize: 500 }));
    expect(page.items).toHaveLength(100);
    expect(page.items.every((item: any) => item.role === "driver")).toBe(true);
    expect(page.nextCursor).toBe("2");
    const last = await motiveAdapter.readPage("drivers", request(account, { pageSize: 500, cursor: "2" }));
    expect(last.items).toHaveLength(1);
    expect(last.nextCursor).toBeUndefined();
  });

  it("reads utilization day by day and page by page, each vehicle-day with its own IFTA trips, in litres", async () => {
    const account = await createMotiveAccount({ vehicles: 3 });
    const start = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS);
    const window = { start, end: new Date(start.getTime() + 2 * DAY_MS) };
    const days = [0, 1].map((offset) => new Date(start.getTime() + offset * DAY_MS).toISOString().slice(0, 10));
    const seen: string[] = [];
    const cursors: (string | undefined)[] = [];
    let cursor: string | undefined;
    do {
      const page = await motiveAdapter.readPage(
        "vehicleUtilization",
        request(account, { pageSize: 2, window, ...(cursor ? { cursor } : {}) }),
      );
      for (const item of page.items as any[]) {
        const vehicleId = item.vehicle_idle_rollup.vehicle.id;
        expect(item.vehicle_idle_rollup.vehicle.metric_units).toBe(true);
        expect(item.ifta_trips.length).toBeGreaterThan(0);
        for (const trip of item.ifta_trips) expect(trip).toMatchObject({ date: item.date, vehicle: { id: vehicleId } });
        seen.push(`${item.date}/${vehicleId}`);
      }
      expect(page.issues).toBeUndefined();
      cursor = page.nextCursor;
      cursors.push(cursor);
    } while (cursor !== undefined);
    expect(cursors).toEqual([`${days[0]}/2`, `${days[1]}/1`, `${days[1]}/2`, undefined]);
    expect(seen).toEqual(days.flatMap((day) => [4001, 4002, 4003].map((id) => `${day}/${id}`)));
  });

  it("reads only the events that started within the window", async () => {
    const account = await createMotiveAccount({ vehicles: 10 });
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const window = { start: new Date(today - 5 * DAY_MS + 12 * 3_600_000), end: new Date(today - DAY_MS) };
    const page = await motiveAdapter.readPage("safetyEvents", request(account, { window }));
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items as any[]) {
      const startedAt = Date.parse(item.start_time);
      expect(startedAt).toBeGreaterThanOrEqual(window.start.getTime());
      expect(startedAt).toBeLessThan(window.end.getTime());
      expect(item).toHaveProperty("camera_media");
    }
  });

  it("maps Motive's failures: 429 with its Retry-After or a default delay, 5xx, truncated bodies, 401, bad cursors", async () => {
    const account = await createMotiveAccount({ faults: { rateLimitRate: 1, retryAfterSeconds: 7 } });
    const read =
      (model: SyncModel = "vehicles", extra: Partial<ReadRequest> = {}) =>
      () =>
        motiveAdapter.readPage(model, request(account, extra));
    expect(await providerError(read())).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 7 });
    await patchMotiveAccount(account.credential, { faults: { rateLimitRate: 1 } });
    expect(await providerError(read())).toMatchObject({
      kind: "rate_limited",
      retryAfterSeconds: MOTIVE_DEFAULT_RETRY_AFTER_SECONDS,
    });
    await patchMotiveAccount(account.credential, { faults: { serverErrorRate: 1 } });
    expect((await providerError(read())).kind).toBe("unavailable");
    await patchMotiveAccount(account.credential, { faults: { malformedRate: 1 } });
    expect((await providerError(read())).kind).toBe("malformed");
    await patchMotiveAccount(account.credential, { faults: {} });
    expect((await providerError(read("vehicles", { credentials: { apiKey: "revoked" } }))).kind).toBe("unauthorized");
    expect((await providerError(read("vehicles", { cursor: "2026-01-01/1" }))).kind).toBe("malformed");
    expect((await providerError(read("safetyEvents"))).kind).toBe("malformed");
  });

  it("a 403 on groups, ELD devices, utilization, IFTA or events is a missing_permissions issue; on vehicles or drivers the key is refused", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    const forbid = async (paths: string[]) => {
      const response = await fetch(
        `${env.MOTIVE_BASE_URL}/__fake/motive/accounts/${encodeURIComponent(account.credential)}/forbidden`,
        { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ paths }) },
      );
      expect(response.status).toBe(200);
    };
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const window = { start: new Date(today - DAY_MS), end: new Date(today) };
    await forbid(["/v1/groups", "/v1/eld_devices", "/v1/driver_performance_events", "/v1/ifta/trips"]);
    for (const model of ["groups", "devices", "safetyEvents"] as const) {
      const page = await motiveAdapter.readPage(model, request(account, { window }));
      expect(page.items).toEqual([]);
      expect(page.nextCursor).toBeUndefined();
      expect(page.issues).toEqual([{ code: "missing_permissions", message: expect.stringContaining("403") }]);
    }
    const utilization = await motiveAdapter.readPage("vehicleUtilization", request(account, { window }));
    expect(utilization.items).toHaveLength(2);
    expect((utilization.items as any[]).every((item) => item.ifta_trips === null)).toBe(true);
    expect(utilization.issues).toEqual([{ code: "missing_permissions", message: expect.stringContaining("0 km") }]);

    await forbid(["/v1/vehicle_utilization"]);
    const none = await motiveAdapter.readPage("vehicleUtilization", request(account, { window }));
    expect(none).toMatchObject({ items: [], issues: [{ code: "missing_permissions" }] });
    expect(none.nextCursor).toBeUndefined();

    await forbid(["/v1/vehicles", "/v1/users"]);
    for (const model of ["vehicles", "drivers"] as const) {
      expect((await providerError(() => motiveAdapter.readPage(model, request(account)))).kind).toBe("unauthorized");
    }
  });

  it("verify describes the company; a refused key is invalid_credentials", async () => {
    const account = await createMotiveAccount({ name: "Hill Country Haulers" });
    const verified = await motiveAdapter.verify({ apiKey: account.credential }, { env });
    expect(verified).toEqual({
      sourceId: String(motiveIds.company(account.credential)),
      account: {
        name: "Hill Country Haulers",
        dotNumbers: [expect.stringMatching(/^\d{7}$/)],
        user: {
          sourceId: String(motiveIds.admin),
          firstName: "Fleet",
          lastName: "Admin",
          email: "admin@hill-country-haulers.example",
        },
      },
    });
    await expect(motiveAdapter.verify({ apiKey: "nope" }, { env })).rejects.toMatchObject({
      name: "DomainError",
      kind: "invalid_credentials",
    });
  });
});
