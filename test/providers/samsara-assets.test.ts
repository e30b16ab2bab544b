/**
 * Samsara's trailers, trailer locations, fault codes and passthrough through the adapter against
 * the fake Samsara (real HTTP): every page of the trailers listing, the trailer stats snapshot at
 * the fake's clock, and the `faultCodes` history of a window, normalized and compared with the
 * canonical trailers and faults (test/fakes/trailers.ts, faults.ts) within what Samsara carries
 * (no VIN, make or year on a trailer; mph with 2 decimals; one lamp per OBD-II controller); then
 * passthrough: JSON and binary answers untouched, the token added, the caller's headers passed,
 * the provider's errors returned rather than thrown.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { NormalizedFaultObservation } from "../../src/model/assets";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { samsaraAdapter } from "../../src/providers/samsara/adapter";
import type { LiveReadRequest, PassthroughRequest, ReadRequest } from "../../src/providers/types";
import { type CanonicalFault, faultChangesBetween, faultStatusAt, faultsBetween } from "../fakes/faults.ts";
import { vehiclesAt } from "../fakes/fleet.ts";
import { documentPdfOf } from "../fakes/samsara/asset-render.ts";
import { trailerLocationOf, trailersAt } from "../fakes/trailers.ts";
import { createSamsaraAccount, denySamsaraScopes, samsaraLog } from "./samsara-helpers";

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

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
    expect(page.issues ?? []).toEqual([]);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages++;
    if (pages > 50) throw new Error("paging does not end");
  } while (cursor !== undefined);
  return { items, pages };
}

/** Stops the fake's clock for a token: its answers are computed at `now`. */
async function stopClock(token: string, now: number) {
  const response = await fetch(`${env.SAMSARA_BASE_URL}/__fake/samsara/clock/${encodeURIComponent(token)}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ now }),
  });
  expect(response.status).toBe(200);
}

describe("trailers: the trailers listing", () => {
  it("lists every trailer once over several pages, as Samsara carries it: active, serial, plate number, tags", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 9 });
    const { items, pages } = await readAll("trailers", token, { pageSize: 2 });
    expect(pages).toBe(3);
    const trailers = items.map((item) => samsaraAdapter.normalize("trailers", item));
    expect(trailers).toEqual(
      trailersAt(fleet).map((trailer) => ({
        sourceId: trailer.id,
        status: "active",
        name: trailer.name,
        serialNumber: trailer.serial,
        licensePlate: { number: trailer.plate.number },
        groupSourceIds: trailer.groupIds,
      })),
    );
    const requests = (await samsaraLog(token)).filter((r) => r.path === "/fleet/trailers");
    expect(requests.map((r) => r.query.limit)).toEqual(["2", "2", "2"]);
    expect(requests[0]!.query.after).toBeUndefined();
    expect(requests.slice(1).every((r) => r.query.after)).toBe(true);
  });

  it("a token without the trailers scope ends the listing with a missing_permissions issue", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 2 });
    await denySamsaraScopes(token, ["Read Trailers"]);
    const page = await samsaraAdapter.readPage("trailers", request(token));
    expect(page).toMatchObject({ items: [], schema: "samsara.fleet.trailers" });
    expect(page.issues).toEqual([{ code: "missing_permissions", message: expect.stringContaining("403") }]);
  });
});

describe("latest trailer locations: the trailer stats snapshot", () => {
  it("reads every trailer's latest gps at the fake's now, in canonical units", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 6 });
    // Mid-afternoon of a past day: the hitched trailers are out with their vehicles.
    const now = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS + 15 * 3_600_000;
    await stopClock(token, now);
    const { items } = await readAll("latestTrailerLocations", token);
    const locations = items.map((item) => samsaraAdapter.normalize("latestTrailerLocations", item));
    const trailers = trailersAt(fleet);
    expect(locations.map((location) => location.trailerSourceId)).toEqual(trailers.map((trailer) => trailer.id));
    for (const [index, trailer] of trailers.entries()) {
      const canonical = trailerLocationOf(fleet, trailer, now);
      const location = locations[index]!;
      expect(location).toMatchObject({
        locatedAt: iso(canonical.time),
        location: { latitude: canonical.latitude, longitude: canonical.longitude },
        heading: canonical.heading,
      });
      // mph with 2 decimals: within 0.005 mph (0.008 km/h), then rounded to 2 decimals.
      expect(Math.abs((location.speed ?? Number.NaN) - canonical.speedKmh)).toBeLessThanOrEqual(0.02);
    }
    const requests = (await samsaraLog(token)).filter((r) => r.path === "/fleet/trailers/stats");
    expect(requests.map((r) => r.query)).toEqual([{ types: "gps" }]);
  });
});

/**
 * What a Samsara point at `at` carries of the canonical faults active then: each code once (a
 * J1939 code as its oldest fault; an OBD-II code open when one of its faults is confirmed), one
 * lamp per OBD-II controller.
 */
function expectedObservations(active: readonly CanonicalFault[], at: number) {
  const seen = new Set<string>();
  const lampOn = active.some((fault) => fault.milOn);
  return active.flatMap((fault) => {
    const key = fault.j1939 ? `${fault.code}|${fault.j1939.fmi}|${fault.j1939.sourceAddress}` : fault.code;
    if (seen.has(key)) return [];
    seen.add(key);
    const common = { protocol: fault.protocol, code: fault.code, description: fault.description, observedAt: iso(at) };
    if (fault.j1939) {
      const j1939 = { ...fault.j1939, occurrenceCount: fault.occurrenceCount };
      return [{ ...common, j1939, status: "open", milStatus: fault.milOn ? "on" : "off" }];
    }
    const open = active.some((other) => other.code === fault.code && faultStatusAt(other, at) === "open");
    return [{ ...common, status: open ? "open" : "pending", milStatus: lampOn ? "on" : "off" }];
  });
}

/** The faults of a vehicle active at an instant (canonical: faultsBetween of that instant). */
const activeAt = (fleet: Parameters<typeof faultsBetween>[0], vehicleId: string, at: number, now: number) =>
  faultsBetween(fleet, at, at + 1, now).filter(
    (fault) => fault.vehicleId === vehicleId && fault.openedAt <= at && faultStatusAt(fault, at) !== "closed",
  );

const withoutRaw = ({ raw: _raw, ...observation }: NormalizedFaultObservation) => observation;
const byTimeAndCode = (a: { observedAt: string; code: string }, b: { observedAt: string; code: string }) =>
  a.observedAt.localeCompare(b.observedAt) || a.code.localeCompare(b.code);

/** Every batch of a window, by vehicle: its observations (without raw) and active sets. */
async function readFaults(token: string, window: { start: Date; end: Date }) {
  const { items } = await readAll("faultCodeEvents", token, { window });
  const byVehicle = new Map<string, { observations: NormalizedFaultObservation[]; activeSets: string[] }>();
  for (const item of items) {
    const batch = samsaraAdapter.normalize("faultCodeEvents", item);
    const entry = byVehicle.get(batch.vehicleSourceId) ?? { observations: [], activeSets: [] };
    entry.observations.push(...batch.observations);
    entry.activeSets.push(...(batch.activeSets ?? []));
    byVehicle.set(batch.vehicleSourceId, entry);
  }
  return byVehicle;
}

describe("fault codes: the faultCodes history", () => {
  it("observes every change of the window's canonical faults: a point per change, each listing every active code", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 16 });
    const end = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const window = { start: new Date(end - 4 * DAY_MS), end: new Date(end) };
    const now = Date.now();
    const byVehicle = await readFaults(token, window);
    const changes = faultChangesBetween(fleet, window.start.getTime(), end, now);
    // Both protocols and every status are in the window (16 vehicles, 4 days: about 20 faults).
    expect(new Set(changes.map((change) => change.fault.protocol))).toEqual(new Set(["j1939", "obdii"]));
    expect(new Set(changes.map((change) => change.status))).toEqual(new Set(["open", "pending", "closed"]));

    for (const vehicle of vehiclesAt(fleet)) {
      const times = [...new Set(changes.filter((c) => c.fault.vehicleId === vehicle.id).map((c) => c.at))].sort(
        (a, b) => a - b,
      );
      const read = byVehicle.get(vehicle.id) ?? { observations: [], activeSets: [] };
      expect(read.activeSets).toEqual(times.map(iso));
      const expected = times.flatMap((at) => expectedObservations(activeAt(fleet, vehicle.id, at, now), at));
      expect(read.observations.map(withoutRaw).sort(byTimeAndCode)).toEqual(expected.sort(byTimeAndCode));
    }

    // Each change as the writer will see it: an observation with its status, or the code missing
    // from an active set; unless another fault of the same code is open then, which the code stands for.
    for (const { fault, at, status } of changes) {
      const read = byVehicle.get(fault.vehicleId)!;
      const observed = read.observations.filter((o) => o.code === fault.code && o.observedAt === iso(at));
      expect(read.activeSets).toContain(iso(at));
      const others = activeAt(fleet, fault.vehicleId, at, now).filter((o) => o !== fault && o.code === fault.code);
      if (others.length > 0) continue;
      expect(observed.map((o) => o.status)).toEqual(status === "closed" ? [] : [status]);
      for (const o of observed) expect(o.raw).toMatchObject({ time: iso(at).replace(".000Z", "Z") });
    }

    const requests = (await samsaraLog(token)).filter((r) => r.path === "/fleet/vehicles/stats/history");
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) {
      expect(r.query).toMatchObject({ types: "faultCodes", startTime: iso(window.start.getTime()), endTime: iso(end) });
    }
  });

  it("a fault open before the window that clears in it: only the clearing point, an active set without the code", async () => {
    const { token, fleet } = await createSamsaraAccount({ vehicles: 16 });
    const end = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const now = Date.now();
    const fault = faultsBetween(fleet, end - 4 * DAY_MS, end, now).find(
      (candidate) => candidate.closedAt !== undefined && candidate.closedAt < end,
    );
    expect(fault).toBeDefined();
    const closedAt = fault!.closedAt!;
    const window = { start: new Date(closedAt - 60_000), end: new Date(closedAt + 60_000) };
    const read = (await readFaults(token, window)).get(fault!.vehicleId);
    expect(read?.activeSets).toEqual([iso(closedAt)]);
    const active = activeAt(fleet, fault!.vehicleId, closedAt, now);
    expect(read?.observations.map(withoutRaw)).toEqual(expectedObservations(active, closedAt));
    if (!active.some((other) => other.code === fault!.code)) {
      expect(read?.observations.some((observation) => observation.code === fault!.code)).toBe(false);
    }
  });
});

const live = (apiToken: string, overrides: Partial<LiveReadRequest> = {}): LiveReadRequest => ({
  context: { env },
  credentials: { apiToken },
  options: {},
  connection: { id: "conn_test", sourceId: null, createdAt: new Date() },
  pageSize: 200,
  ...overrides,
});

const passthrough = (path: string, overrides: Partial<PassthroughRequest> = {}): PassthroughRequest => ({
  method: "GET",
  path,
  headers: {},
  signal: AbortSignal.timeout(10_000),
  ...overrides,
});

describe("Samsara passthrough", () => {
  it("returns the fake's JSON as it came, paced per token, with the bearer token and the caller's headers", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 6 });
    const buckets: (string | undefined)[] = [];
    const context = { env, pace: async (bucket?: string) => void buckets.push(bucket) };
    const headers = { accept: "application/json", "X-Samsara-Version": "2025-06-11" };
    const response = await samsaraAdapter.passthrough(
      live(token, { context }),
      passthrough("/fleet/trailers?limit=2", { headers }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const direct = await fetch(`${env.SAMSARA_BASE_URL}/fleet/trailers?limit=2`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await response.json()).toEqual(await direct.json());
    expect(buckets).toEqual(["token"]);

    const [sent, plain] = (await samsaraLog(token)).filter((r) => r.path === "/fleet/trailers");
    expect(sent).toEqual({ path: "/fleet/trailers", query: { limit: "2" }, status: 200, version: "2025-06-11" });
    expect(plain).toEqual({ path: "/fleet/trailers", query: { limit: "2" }, status: 200 });
  });

  it("carries a binary answer byte for byte, with its content type and length", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 2 });
    const response = await samsaraAdapter.passthrough(live(token), passthrough("/fleet/documents/doc-42/pdf"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const expected = documentPdfOf(token, "doc-42");
    expect(Number(response.headers.get("content-length"))).toBe(expected.length);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(expected.length);
    expect(bytes).toEqual(expected);
    expect(new TextDecoder().decode(bytes.slice(0, 8))).toBe("%PDF-1.7");
  });

  it("sends the connection's token whatever the caller's headers say, in either region", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 2 });
    const headers = { Authorization: "Bearer someone-else" };
    const response = await samsaraAdapter.passthrough(live(token), passthrough("/fleet/trailers", { headers }));
    expect(response.status).toBe(200);
    const eu = await samsaraAdapter.passthrough(
      live(token, { credentials: { apiToken: token, region: "eu" } }),
      passthrough("/fleet/documents/doc-1/pdf"),
    );
    expect(eu.status).toBe(200);
  });

  it("returns Samsara's error answers as they came (405, 404, 401, 403), never throws them", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 2 });
    const post = await samsaraAdapter.passthrough(
      live(token),
      passthrough("/fleet/trailers", {
        method: "POST",
        body: '{"name":"x"}',
        headers: { "content-type": "application/json" },
      }),
    );
    expect(post.status).toBe(405);
    expect(await post.json()).toMatchObject({ message: "Method Not Allowed", requestId: expect.any(String) });
    expect((await samsaraAdapter.passthrough(live(token), passthrough("/no/such/path"))).status).toBe(404);
    const unknown = await samsaraAdapter.passthrough(live("not-a-token"), passthrough("/fleet/trailers"));
    expect(unknown.status).toBe(401);
    await denySamsaraScopes(token, ["Read Documents"]);
    const denied = await samsaraAdapter.passthrough(live(token), passthrough("/fleet/documents/doc-1/pdf"));
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ message: expect.stringContaining("Read Documents") });
  });

  it("throws ProviderError only when Samsara never answers: aborted, unreachable", async () => {
    const { token } = await createSamsaraAccount({ vehicles: 2 });
    const thrown = async (run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (error) {
        expect(error).toBeInstanceOf(ProviderError);
        return (error as ProviderError).kind;
      }
      throw new Error("expected a ProviderError");
    };
    expect(
      await thrown(() =>
        samsaraAdapter.passthrough(live(token), passthrough("/fleet/trailers", { signal: AbortSignal.abort() })),
      ),
    ).toBe("timeout");
    const nowhere = { env: { ...env, SAMSARA_BASE_URL: "http://127.0.0.1:9" } };
    expect(
      await thrown(() => samsaraAdapter.passthrough(live(token, { context: nowhere }), passthrough("/fleet/trailers"))),
    ).toBe("unavailable");
  });
});
