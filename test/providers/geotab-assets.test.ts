/**
 * Geotab trailers, trailer locations, fault codes and passthrough through the adapter, against
 * the fake MyGeotab (over real HTTP) and the canonical data every fake serves
 * (test/fakes/trailers.ts, test/fakes/faults.ts): trailers with the vehicle of their current
 * attachment (past attachments ignored), trailers where their tractor is, fault observations of
 * a window equal to the canonical changes (GO-device faults left out, lookups batched), and
 * JSON-RPC passthrough signed in with the connection's session (each refusal before anything is
 * sent).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../src/errors";
import type { NormalizedFaultObservation, NormalizedLatestTrailerLocation } from "../../src/model/assets";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { geotabAdapter } from "../../src/providers/geotab/adapter";
import type { PassthroughRequest, ProviderPage } from "../../src/providers/types";
import { faultChangesBetween } from "../fakes/faults.ts";
import { trailerLocationOf, trailersAt } from "../fakes/trailers.ts";
import {
  createGeotabAccount,
  DAY,
  type GeotabAccount,
  geotabRpc,
  geotabStats,
  patchGeotabAccount,
  readRequest,
} from "./geotab-helpers";

const iso = (ms: number) => new Date(ms).toISOString();
/** A whole UTC day three days back: in the past, whatever the time of the run. */
const DAY_START = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;

/** Every page of a model, as the engine reads them (the cursor of each handed back). */
async function readPages(account: GeotabAccount, model: SyncModel, pageSize: number, window?: [number, number]) {
  const pages: ProviderPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await geotabAdapter.readPage(
      model,
      readRequest(account, {
        pageSize,
        ...(window ? { window: { start: new Date(window[0]), end: new Date(window[1]) } } : {}),
        ...(cursor ? { cursor } : {}),
      }),
    );
    pages.push(page);
    cursor = page.nextCursor;
    if (pages.length > 500) throw new Error(`${model}: paging did not end`);
  } while (cursor !== undefined);
  return pages;
}

describe("trailers (Get Trailer + current TrailerAttachments, one ExecuteMultiCall a page)", () => {
  it("are the canonical trailers, each hitched one with its vehicle, in id-ordered pages", async () => {
    const account = await createGeotabAccount({ vehicles: 7 });
    const pages = await readPages(account, "trailers", 3);
    expect(pages.map((page) => page.items.length)).toEqual([3, 1]);
    const trailers = pages.flatMap((page) => page.items).map((item) => geotabAdapter.normalize("trailers", item));
    expect(trailers).toEqual(
      trailersAt(account.fleet).map((trailer) => ({
        sourceId: trailer.id,
        status: "active",
        name: trailer.name,
        groupSourceIds: trailer.groupIds,
        ...(trailer.vehicleId ? { vehicleSourceId: trailer.vehicleId } : {}),
      })),
    );
    // Parked trailers had an attachment once (to veh-1): the past one is not their vehicle now.
    expect(trailers.filter((trailer) => trailer.vehicleSourceId === undefined).map((t) => t.sourceId)).toEqual([
      "trl-2",
      "trl-4",
    ]);
    const stats = await geotabStats(account);
    expect(stats.dataRequests).toBe(pages.length);
    expect(stats.calls["Get Trailer"]).toBe(pages.length);
    expect(stats.calls["Get TrailerAttachment"]).toBe(pages.length);
  });
});

describe("latest trailer locations (the attached tractor's DeviceStatusInfo)", () => {
  it("are where each hitched trailer's tractor is; parked trailers have none", async () => {
    const account = await createGeotabAccount({ vehicles: 10 });
    const before = Date.now();
    const pages = await readPages(account, "latestTrailerLocations", 2);
    const after = Date.now();
    const locations = pages
      .flatMap((page) => page.items)
      .map((item) => geotabAdapter.normalize("latestTrailerLocations", item));
    const hitched = trailersAt(account.fleet).filter((trailer) => trailer.vehicleId);
    expect(locations.map((location) => location.trailerSourceId)).toEqual(hitched.map((trailer) => trailer.id));
    expect(pages.map((page) => page.items.length)).toEqual([2, 1]);
    for (const location of locations) {
      const trailer = hitched.find((candidate) => candidate.id === location.trailerSourceId)!;
      // The fleet moves on every 30 s: the tractor's state is the canonical one at some instant of the read.
      const candidates = [before, after].map((now): NormalizedLatestTrailerLocation => {
        const canonical = trailerLocationOf(account.fleet, trailer, now);
        return {
          trailerSourceId: trailer.id,
          locatedAt: iso(canonical.time),
          location: { latitude: canonical.latitude, longitude: canonical.longitude },
          heading: canonical.heading,
          speed: canonical.speedKmh,
        };
      });
      const { speed, ...rest } = location;
      expect(
        candidates.map(({ speed: _speed, ...other }) => other),
        trailer.id,
      ).toContainEqual(rest);
      // DeviceStatusInfo speeds are whole km/h.
      const canonicalSpeed = candidates.find((candidate) => candidate.locatedAt === location.locatedAt)!.speed!;
      expect(Math.abs(speed! - canonicalSpeed)).toBeLessThanOrEqual(0.5);
    }
  });
});

/** The canonical changes of a window as Geotab's fault observations normalize. */
function canonicalObservations(account: GeotabAccount, from: number, to: number) {
  return faultChangesBetween(account.fleet, from, to, Date.now()).map(({ fault, at, status }) => {
    const observation: NormalizedFaultObservation = {
      protocol: fault.protocol,
      code: fault.code,
      description: fault.description,
      ...(fault.j1939
        ? {
            j1939: {
              spn: fault.j1939.spn,
              fmi: fault.j1939.fmi,
              fmiDescription: fault.j1939.fmiDescription,
              spnDescription: fault.j1939.spnDescription,
              occurrenceCount: fault.occurrenceCount,
              sourceAddress: fault.j1939.sourceAddress,
            },
          }
        : {}),
      status,
      observedAt: iso(at),
      milStatus: fault.milOn ? "on" : "off",
    };
    return { vehicle: fault.vehicleId, ...observation };
  });
}

describe("fault codes (windowed Get FaultData + Diagnostic and FailureMode lookups)", () => {
  it("are the canonical changes of the window, J1939 and OBD-II, GO-device faults left out", async () => {
    const account = await createGeotabAccount({ vehicles: 12 });
    // Two past days with both kinds of faults (OBD-II vehicles are the fewer).
    const window = Array.from({ length: 20 }, (_, back): [number, number] => [
      DAY_START - back * DAY,
      DAY_START - back * DAY + 2 * DAY,
    ]).find((candidate) => {
      const protocols = new Set(canonicalObservations(account, ...candidate).map((change) => change.protocol));
      return protocols.size === 2;
    })!;
    expect(window).toBeDefined();
    const pages = await readPages(account, "faultCodeEvents", 3, window);
    for (const page of pages) expect(page.items.length).toBeLessThanOrEqual(3);
    const observations = pages
      .flatMap((page) => page.items)
      .flatMap((item) => {
        const batch = geotabAdapter.normalize("faultCodeEvents", item);
        expect(batch.observations).toHaveLength(1);
        return batch.observations.map((observation) => ({ vehicle: batch.vehicleSourceId, ...observation }));
      });
    expect(observations).toEqual(canonicalObservations(account, ...window));

    // The fake also served GO-device faults, which were read and left out.
    const session = await geotabRpc("Authenticate", {
      database: account.database,
      userName: account.userName,
      password: account.password,
    });
    const rows = await geotabRpc("Get", {
      typeName: "FaultData",
      search: { fromDate: iso(window[0]), toDate: iso(window[1] - 1) },
      credentials: session.result.credentials,
    });
    expect(rows.result.length).toBeGreaterThan(observations.length);

    // Per page one Get FaultData and at most one ExecuteMultiCall of the lookups, each id asked once.
    const stats = await geotabStats(account);
    expect(stats.calls["Get FaultData"]).toBe(pages.length + 1);
    expect(stats.dataRequests - (pages.length + 1)).toBeLessThanOrEqual(pages.length);
    expect(stats.calls["Get Diagnostic"]).toBeGreaterThan(0);
    expect(stats.calls["Get Diagnostic"]).toBeLessThanOrEqual(3 * pages.length);
  });

  it("splits a window anywhere: two halves read the same observations as the whole", async () => {
    const account = await createGeotabAccount({ vehicles: 6 });
    const read = async (from: number, to: number) =>
      (await readPages(account, "faultCodeEvents", 200, [from, to]))
        .flatMap((page) => page.items)
        .flatMap((item) => geotabAdapter.normalize("faultCodeEvents", item).observations);
    const middle = DAY_START + 9 * 3_600_000 + 1234;
    const whole = await read(DAY_START, DAY_START + DAY);
    const halves = [...(await read(DAY_START, middle)), ...(await read(middle, DAY_START + DAY))];
    expect(halves).toEqual(whole);
    expect(whole.map((observation) => observation.observedAt)).toEqual(
      canonicalObservations(account, DAY_START, DAY_START + DAY).map((observation) => observation.observedAt),
    );
  });
});

function passthroughRequest(body: unknown, extra: Partial<PassthroughRequest> = {}): PassthroughRequest {
  return {
    method: "POST",
    path: "/apiv1",
    headers: { accept: "application/json", "x-request-tag": "t-1" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal: new AbortController().signal,
    ...extra,
  };
}

describe("passthrough (JSON-RPC, credentials injected from the session)", () => {
  it("answers a Get Device call with the connection's session, paced like the sync's calls", async () => {
    const account = await createGeotabAccount({ vehicles: 3 });
    const buckets: (string | undefined)[] = [];
    const pace = async (bucket?: string) => void buckets.push(bucket);
    const request = readRequest(account, { context: { env, pace } });
    const response = await geotabAdapter.passthrough(
      request,
      passthroughRequest({ method: "Get", params: { typeName: "Device", resultsLimit: 2 } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await response.json()) as { result: { id: string }[] };
    expect(body.result.map((device) => device.id)).toEqual(["veh-1", "veh-2"]);
    expect(buckets).toEqual(["authenticate", undefined]);
  });

  it("renews an expired session once and returns the retried answer", async () => {
    const account = await createGeotabAccount({ vehicles: 2, sessionTtlCalls: 1 });
    const call = () =>
      geotabAdapter.passthrough(
        readRequest(account),
        passthroughRequest({ method: "Get", params: { typeName: "Group" } }),
      );
    expect((await call()).status).toBe(200);
    const renewed = await call();
    expect(((await renewed.json()) as { result: unknown[] }).result.length).toBeGreaterThan(0);
    const stats = await geotabStats(account);
    expect(stats.expiredSessions).toBe(1);
    expect(stats.authentications).toBe(2);
  });

  it("returns Geotab's own errors as answered, and fails as unauthorized when the login is refused", async () => {
    const account = await createGeotabAccount({ vehicles: 1 });
    const response = await geotabAdapter.passthrough(
      readRequest(account),
      passthroughRequest({ method: "Get", params: { typeName: "NoSuchType" } }),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { error: { data: { type: string } } }).error.data.type).toBe(
      "ArgumentException",
    );
    // The password was changed at Geotab: the cached session is refused, and so is the new login.
    await patchGeotabAccount(account, { revoked: true });
    const refused = await geotabAdapter
      .passthrough(readRequest(account), passthroughRequest({ method: "Get", params: { typeName: "Device" } }))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).kind).toBe("unauthorized");
  });

  it("refuses, before sending anything, what is not a JSON-RPC call to /apiv1 or carries credentials", async () => {
    const account = await createGeotabAccount({ vehicles: 1 });
    const refusals: [PassthroughRequest, string][] = [
      [passthroughRequest({ method: "Get", params: { typeName: "Device", credentials: { sessionId: "x" } } }), "body"],
      [
        passthroughRequest({
          method: "ExecuteMultiCall",
          params: { calls: [{ method: "Get", params: { typeName: "Device", credentials: {} } }] },
        }),
        "body",
      ],
      [passthroughRequest({ method: "ExecuteMultiCall", params: { calls: [], credentials: {} } }), "body"],
      [passthroughRequest({ method: "Authenticate", params: { database: "d", userName: "u", password: "p" } }), "body"],
      [passthroughRequest({ method: "ExecuteMultiCall", params: { calls: [{ method: "Authenticate" }] } }), "body"],
      [passthroughRequest({ method: "Get" }, { path: "/apiv1/Get?typeName=Device" }), "path"],
      [passthroughRequest({ method: "Get" }, { path: "/reports" }), "path"],
      [passthroughRequest({ method: "Get" }, { method: "GET" }), "method"],
      [passthroughRequest("not json"), "body"],
      [passthroughRequest({ params: { typeName: "Device" } }), "body"],
      [passthroughRequest({ method: "Get", params: [] }), "body"],
      [passthroughRequest({ method: "Get", extra: 1 }), "body"],
      [passthroughRequest(undefined, { body: undefined }), "body"],
    ];
    for (const [request, field] of refusals) {
      const error = await geotabAdapter.passthrough(readRequest(account), request).catch((caught: unknown) => caught);
      expect(error, request.body).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe("invalid_input");
      expect((error as DomainError).problems[0]?.path).toBe(`{requestBody}.${field}`);
    }
    const stats = await geotabStats(account);
    expect(stats.authentications + stats.dataRequests).toBe(0);
  });
});
