/**
 * Samsara paging and the fake's fidelity. The fake itself: Samsara's auth failures, error
 * bodies, cursors, limit caps and nested lists. The adapter's readPage against it over real
 * HTTP: every listing to its end across many pages, the drivers' two listings, the
 * utilization report one day at a time, cursors, page sizes clamped to 512, and Samsara's
 * failures as ProviderErrors. Then a sync of a fleet big enough to need several pages of
 * everything.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { samsaraAdapter } from "../../src/providers/samsara/adapter";
import { encodeSamsaraCursor } from "../../src/providers/samsara/cursor";
import type { ReadRequest } from "../../src/providers/types";
import { devicesAt, driversAt, vehiclesAt } from "../fakes/fleet.ts";
import { createTestApplication } from "../helpers/factories";
import { lastSyncId, waitForSync } from "../helpers/sync";
import {
  connectSamsara,
  createSamsaraAccount,
  denySamsaraScopes,
  expectedDevices,
  expectedDrivers,
  expectedVehicles,
  listAll,
  projectDevices,
  projectDrivers,
  projectVehicles,
  samsaraLog,
  scriptSamsara,
} from "./samsara-helpers";

const DAY_MS = 86_400_000;

function get(path: string, token?: string) {
  return fetch(`${env.SAMSARA_BASE_URL}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
}

function request(apiToken: string, overrides: Partial<ReadRequest> = {}): ReadRequest {
  return {
    context: { env },
    credentials: { apiToken },
    options: {},
    connection: { id: "conn_test", sourceId: null, createdAt: new Date() },
    pageSize: 200,
    ...overrides,
  };
}

/** Every page of a model through the adapter, with the number of pages. */
async function readAll(model: SyncModel, apiToken: string, overrides: Partial<ReadRequest> = {}) {
  const items: unknown[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await samsaraAdapter.readPage(
      model,
      request(apiToken, { ...overrides, ...(cursor ? { cursor } : {}) }),
    );
    items.push(...page.items);
    cursor = page.nextCursor;
    pages++;
    if (pages > 500) throw new Error("paging does not end");
  } while (cursor !== undefined);
  return { items, pages };
}

const utcWindow = (days: number) => {
  const end = Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS;
  return { start: new Date(end - days * DAY_MS), end: new Date(end) };
};

describe("the fake Samsara", () => {
  it("answers 401 { message, requestId } without a token or with an unknown one", async () => {
    for (const response of [await get("/fleet/vehicles"), await get("/fleet/vehicles", "unknown-token")]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: expect.any(String), requestId: expect.any(String) });
    }
  });

  it('pages with opaque cursors, ends with endCursor "" and hasNextPage false, and refuses a cursor reused with other parameters', async () => {
    const { token } = await createSamsaraAccount({ vehicles: 5 });
    const first = (await (await get("/fleet/vehicles?limit=3", token)).json()) as any;
    expect(first.data).toHaveLength(3);
    expect(first.pagination).toEqual({ endCursor: expect.stringMatching(/^[A-Za-z0-9_-]+$/), hasNextPage: true });
    const last = (await (
      await get(`/fleet/vehicles?limit=3&after=${first.pagination.endCursor}`, token)
    ).json()) as any;
    expect(last.data).toHaveLength(2);
    expect(last.pagination).toEqual({ endCursor: "", hasNextPage: false });
    const other = await get(`/fleet/drivers?limit=3&after=${first.pagination.endCursor}`, token);
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({
      message: expect.stringMatching(/Parameters differ/),
      requestId: expect.any(String),
    });
  });

  it("refuses a limit over 512, lists active drivers unless asked for deactivated ones, nests reports and media", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 16 });
    expect((await get("/fleet/vehicles?limit=513", token)).status).toBe(400);
    const active = (await (await get("/fleet/drivers", token)).json()) as any;
    const deactivated = (await (await get("/fleet/drivers?driverActivationStatus=deactivated", token)).json()) as any;
    const drivers = driversAt(fleet);
    expect(active.data.map((d: { id: string }) => d.id)).toEqual(drivers.filter((d) => d.active).map((d) => d.id));
    expect(deactivated.data.map((d: { id: string }) => d.id)).toEqual(
      drivers.filter((d) => !d.active).map((d) => d.id),
    );
    const today = new Date().toISOString().slice(0, 10);
    const report = (await (
      await get(`/fleet/reports/vehicles/fuel-energy?startDate=${today}&endDate=${today}`, token)
    ).json()) as any;
    expect(report.data.vehicleReports).toHaveLength(16);
    expect(report.pagination).toEqual({ endCursor: "", hasNextPage: false });
  });

  it("sends v2 safety events with RFC 3339 startMs/endMs, and media library URLs that expire in 8 hours", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 12 });
    const window = utcWindow(4);
    const stream = (await (
      await get(
        `/safety-events/stream?startTime=${window.start.toISOString()}&endTime=${window.end.toISOString()}`,
        token,
      )
    ).json()) as any;
    const event = stream.data.find((candidate: any) => candidate.media.length > 0);
    expect(event.startMs).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(event.endMs).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const query = `vehicleIds=${event.asset.id}&startTime=${event.startMs}&endTime=${event.endMs}`;
    const library = (await (await get(`/cameras/media?${query}`, token)).json()) as any;
    expect(library.pagination).toEqual({ endCursor: "", hasNextPage: false });
    expect(library.data.media.length).toBeGreaterThan(0);
    for (const media of library.data.media) {
      expect(media).toMatchObject({ input: "dashcamForwardFacing", triggerReason: "safetyEvent" });
      const ttl = Date.parse(media.urlInfo.urlExpiryTime) - Date.now();
      expect(ttl).toBeGreaterThan(8 * 3_600_000 - 60_000);
      expect(ttl).toBeLessThanOrEqual(8 * 3_600_000);
    }
    const tooLong = `vehicleIds=${event.asset.id}&startTime=${window.start.toISOString()}&endTime=${window.end.toISOString()}`;
    expect((await get(`/cameras/media?${tooLong}`, token)).status).toBe(400);
  });

  it("answers 429 with Samsara's body and a fractional Retry-After", async () => {
    const { token } = await createSamsaraAccount({ faults: { rateLimitRate: 1, retryAfterSeconds: 0.40235 } });
    const response = await get("/fleet/vehicles", token);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("0.40235");
    expect(await response.json()).toEqual({ message: expect.any(String), requestId: expect.any(String) });
  });
});

describe("readPage against the fake Samsara", () => {
  it("reads every listing to its end across many pages, each record once", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 230 });
    const vehicles = await readAll("vehicles", token, { pageSize: 40 });
    expect(vehicles.pages).toBe(6);
    expect(vehicles.items.map((item: any) => item.id)).toEqual(vehiclesAt(fleet).map((vehicle) => vehicle.id));

    const drivers = await readAll("drivers", token, { pageSize: 40 });
    const all = driversAt(fleet);
    // Active drivers first, then the deactivated ones: Samsara's two listings.
    expect(drivers.items.map((item: any) => item.id)).toEqual([
      ...all.filter((d) => d.active).map((d) => d.id),
      ...all.filter((d) => !d.active).map((d) => d.id),
    ]);
    const statuses = (await samsaraLog(token))
      .filter((r) => r.path === "/fleet/drivers")
      .map((r) => r.query.driverActivationStatus);
    expect(statuses[0]).toBe("active");
    expect(statuses.at(-1)).toBe("deactivated");
    expect(drivers.items.map((item) => samsaraAdapter.normalize("drivers", item).status)).toContain("inactive");

    // Gateways take no limit: 100 a page; each followed by its dash cam.
    const devices = await readAll("devices", token);
    expect(devices.pages).toBe(3);
    expect(devices.items.map((item) => samsaraAdapter.normalize("devices", item).sourceId).sort()).toEqual(
      devicesAt(fleet)
        .map((device) => device.serial)
        .sort(),
    );
    expect((await readAll("groups", token, { pageSize: 3 })).pages).toBe(2);
  });

  it("asks for at most 512 records a page, whatever the page size", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 3 });
    await readAll("vehicles", token, { pageSize: 5000 });
    await readAll("groups", token, { pageSize: 0 });
    const limits = (await samsaraLog(token)).map((r) => r.query.limit);
    expect(limits).toEqual(["512", "512"]);
  });

  it("reads utilization one UTC day at a time (startDate = endDate), every day of the window, wrapped with its day", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 150 });
    const window = utcWindow(3);
    const { items, pages } = await readAll("vehicleUtilization", token, { window });
    expect(pages).toBe(6);
    const days = [0, 1, 2].map((i) => new Date(window.start.getTime() + i * DAY_MS).toISOString().slice(0, 10));
    expect(items).toHaveLength(450);
    expect([...new Set(items.map((item: any) => item.date))]).toEqual(days);
    const requests = (await samsaraLog(token)).filter((r) => r.path === "/fleet/reports/vehicles/fuel-energy");
    expect(requests.map((r) => [r.query.startDate, r.query.endDate])).toEqual(
      days.flatMap((day) => [
        [`${day}T00:00:00Z`, `${day}T00:00:00Z`],
        [`${day}T00:00:00Z`, `${day}T00:00:00Z`],
      ]),
    );
  });

  it("reads safety events created in the window, every page with the same startTime", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 120 });
    const window = utcWindow(5);
    const { items, pages } = await readAll("safetyEvents", token, { window });
    expect(pages).toBeGreaterThan(1);
    expect(new Set(items.map((item: any) => item.id)).size).toBe(items.length);
    const requests = (await samsaraLog(token)).filter((r) => r.path === "/safety-events/stream");
    for (const r of requests) {
      expect(r.query).toMatchObject({
        startTime: window.start.toISOString(),
        endTime: window.end.toISOString(),
        queryByTimeField: "createdAtTime",
      });
    }
  });

  it("refuses cursors it did not issue, or issued for another listing", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 2 });
    for (const cursor of ["garbage!", encodeSamsaraCursor({ model: "drivers", after: "x" }), "e30"]) {
      const error = await samsaraAdapter.readPage("vehicles", request(token, { cursor })).catch((e: unknown) => e);
      expect(error, cursor).toMatchObject({ name: "ProviderError", kind: "malformed" });
    }
    const outside = encodeSamsaraCursor({ model: "vehicleUtilization", date: "1999-01-01" });
    const error = await samsaraAdapter
      .readPage("vehicleUtilization", request(token, { cursor: outside, window: utcWindow(2) }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "malformed" });
  });

  it("turns Samsara's failures into ProviderErrors the engine acts on; a 403 into a missing_permissions page", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 2, faults: { retryAfterSeconds: 0.40235 } });
    await scriptSamsara(token, ["429", "503", "malformed", "401"]);
    const failures: unknown[] = [];
    for (let i = 0; i < 4; i++)
      failures.push(await samsaraAdapter.readPage("vehicles", request(token)).catch((e: unknown) => e));
    expect(failures.map((e) => (e as ProviderError).kind)).toEqual([
      "rate_limited",
      "unavailable",
      "malformed",
      "unauthorized",
    ]);
    for (const failure of failures) expect(failure).toBeInstanceOf(ProviderError);
    expect((failures[0] as ProviderError).retryAfterSeconds).toBe(0.40235);

    await denySamsaraScopes(token, ["Read Gateways"]);
    const page = await samsaraAdapter.readPage("devices", request(token));
    expect(page).toEqual({
      items: [],
      schema: "samsara.gateways",
      issues: [{ code: "missing_permissions", message: expect.stringMatching(/Read Gateways/) }],
    });
  });
});

describe("a sync of a fleet that needs several pages of everything", () => {
  it("stores every record of every page", async () => {
    const app = await createTestApplication();
    const account = await createSamsaraAccount({ vehicles: 450 });
    const connection = await connectSamsara(app, account.token);
    const key = app.keys.sandbox.secret;
    const token = connection.token;
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 90_000 });
    expect(job.status).toBe("completed");
    expect(projectVehicles(await listAll(key, token, "/vehicles?expand=groups,devices"))).toEqual(
      expectedVehicles(account.fleet),
    );
    expect(projectDrivers(await listAll(key, token, "/drivers?expand=groups"))).toEqual(
      expectedDrivers(driversAt(account.fleet)),
    );
    expect(projectDevices(await listAll(key, token, "/devices?expand=vehicle"))).toEqual(
      expectedDevices(account.fleet),
    );
    expect(await listAll(key, token, "/vehicles/utilization")).toHaveLength(450);
    const log = await samsaraLog(account.token);
    const pagesOf = (path: string) => log.filter((r) => r.path === path).length;
    expect(pagesOf("/fleet/vehicles")).toBe(3);
    expect(pagesOf("/gateways")).toBe(5);
    expect(pagesOf("/fleet/reports/vehicles/fuel-energy")).toBe(5);
  }, 60_000);
});
