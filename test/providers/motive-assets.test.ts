/**
 * The Motive adapter's trailer and fault-code models read through the fake Motive API over real
 * HTTP, every page walked, and compared with the canonical trailers (../fakes/trailers.ts) and
 * faults (../fakes/faults.ts) mapped by hand; and passthrough to the fake: JSON and binary answers
 * returned untouched, the connection's API key added, the caller's Motive headers forwarded, the
 * provider's refusals returned rather than thrown, and what never reached it thrown.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { NormalizedFaultBatch, SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { motiveAdapter } from "../../src/providers/motive/adapter";
import type { PassthroughRequest, ProviderPage, ReadRequest } from "../../src/providers/types";
import { type CanonicalFault, faultStatusAt, faultsBetween } from "../fakes/faults.ts";
import { motiveAssetId, motiveFaultId } from "../fakes/motive/assets.ts";
import { motiveLogPdf } from "../fakes/motive/documents.ts";
import { KM_PER_MILE, motiveIds } from "../fakes/motive/ids.ts";
import { trailerLocationOf, trailersAt } from "../fakes/trailers.ts";
import {
  createMotiveAccount,
  DAY_MS,
  fleetOf,
  type MotiveAccount,
  motiveReadRequest,
  patchMotiveAccount,
  round2,
} from "./motive-helpers";

const iso = (ms: number) => new Date(ms).toISOString();
/** Motive's times have whole seconds: the fake's clock is stopped on one. */
const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/** Every page of a model, cursor after cursor. */
async function walk(account: MotiveAccount, model: SyncModel, extra: Partial<ReadRequest> = {}) {
  const pages: ProviderPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await motiveAdapter.readPage(
      model,
      motiveReadRequest(account, { ...extra, ...(cursor === undefined ? {} : { cursor }) }),
    );
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length, "pages").toBeLessThan(100);
  } while (cursor !== undefined);
  return { pages, items: pages.flatMap((page) => page.items) };
}

/** Stops the account's clock at `now` (ms): the fake answers as of then. */
async function stopClock(account: MotiveAccount, now: number) {
  const response = await fetch(
    `${env.MOTIVE_BASE_URL}/__fake/motive/accounts/${encodeURIComponent(account.credential)}/clock`,
    { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ now }) },
  );
  expect(response.status).toBe(200);
}

describe("Motive assets as trailers through the adapter", () => {
  it("lists every asset page by page as the canonical trailers, and follows a revision", async () => {
    const account = await createMotiveAccount({ vehicles: 8 });
    const { pages, items } = await walk(account, "trailers", { pageSize: 3 });
    expect(pages.length).toBe(2);
    for (const page of pages) expect(page.schema).toBe("/v1/assets");
    const trailers = items.map((item) => motiveAdapter.normalize("trailers", item));
    expect(trailers).toEqual(
      trailersAt(fleetOf(account)).map((trailer) => ({
        sourceId: String(motiveAssetId(trailer.id)),
        status: trailer.active ? "active" : "inactive",
        name: trailer.name,
        vin: trailer.vin,
        make: trailer.make,
        model: trailer.model,
        year: trailer.year,
        licensePlate: { state: trailer.plate.state, number: trailer.plate.number },
        // Motive documents neither groups nor a pulling vehicle on an asset.
        groupSourceIds: [],
      })),
    );

    await patchMotiveAccount(account.credential, { revision: 1 });
    const renamed = (await walk({ ...account, revision: 1 }, "trailers")).items.map((item) =>
      motiveAdapter.normalize("trailers", item),
    );
    expect(renamed[0]!.name).toBe(trailersAt(fleetOf(account, 1))[0]!.name);
    expect(renamed[0]!.name).toMatch(/\(r1\)$/);
  });

  it("reads where every asset is now: hitched ones with their vehicle, parked ones at the yard", async () => {
    const account = await createMotiveAccount({ vehicles: 6 });
    const now = wholeSecond(Date.now());
    await stopClock(account, now);
    const { pages, items } = await walk(account, "latestTrailerLocations", { pageSize: 2 });
    expect(pages.length).toBe(2);
    for (const page of pages) expect(page.schema).toBe("/v1/asset_locations");
    const locations = items.map((item) => motiveAdapter.normalize("latestTrailerLocations", item));
    const fleet = fleetOf(account);
    expect(locations.map(({ address: _address, ...rest }) => rest)).toEqual(
      trailersAt(fleet).map((trailer) => {
        const location = trailerLocationOf(fleet, trailer, now);
        return {
          trailerSourceId: String(motiveAssetId(trailer.id)),
          locatedAt: iso(location.time),
          location: { latitude: location.latitude, longitude: location.longitude },
          heading: round2(location.heading),
          speed: round2(location.speedKmh),
        };
      }),
    );
    for (const location of locations) expect(location.address).toMatch(/(Los Angeles, CA|Atlanta, GA)$/);
  });

  it("has the fake answer asset speeds in mph unless metric units are asked for", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    const now = wholeSecond(Date.now());
    await stopClock(account, now);
    const read = async (headers: Record<string, string>) => {
      const response = await fetch(`${env.MOTIVE_BASE_URL}/v1/asset_locations`, {
        headers: { "X-Api-Key": account.credential, ...headers },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as any).assets[0].asset;
    };
    const [trailer] = trailersAt(fleetOf(account));
    const speedKmh = trailerLocationOf(fleetOf(account), trailer!, now).speedKmh;
    const imperial = await read({});
    expect(imperial.metric_units).toBe(false);
    expect(imperial.current_location.speed).toBeCloseTo(speedKmh / KM_PER_MILE, 9);
    const metric = await read({ "X-Metric-Units": "true" });
    expect(metric.metric_units).toBe(true);
    expect(metric.current_location.speed).toBe(speedKmh);
  });
});

/** A canonical fault as the adapter must normalize it: Motive's one observation of it now. */
function expectedBatch(fault: CanonicalFault, now: number): NormalizedFaultBatch {
  const j1939 = fault.j1939;
  return {
    vehicleSourceId: String(motiveIds.vehicle(fault.vehicleId)),
    observations: [
      {
        protocol: fault.protocol,
        code: fault.code,
        description: fault.description,
        ...(j1939
          ? {
              j1939: {
                spn: j1939.spn,
                fmi: j1939.fmi,
                fmiDescription: j1939.fmiDescription,
                spnDescription: j1939.spnDescription,
                occurrenceCount: fault.occurrenceCount,
                sourceAddress: j1939.sourceAddress,
              },
            }
          : {}),
        // Motive has no pending state: an unconfirmed OBD-II code is open.
        status: faultStatusAt(fault, now) === "closed" ? "closed" : "open",
        observedAt: iso(fault.closedAt ?? now),
        firstObservedAt: iso(fault.openedAt),
        occurrenceSourceId: String(motiveFaultId(fault)),
      },
    ],
  };
}

describe("Motive fault codes through the adapter", () => {
  it("reads a window's fault codes page by page as the canonical faults whose life meets it", async () => {
    const account = await createMotiveAccount({ vehicles: 8 });
    const now = wholeSecond(Date.now());
    await stopClock(account, now);
    // From 07:00 six days ago: faults of that day that cleared earlier are left out.
    const start = Math.floor(now / DAY_MS) * DAY_MS - 6 * DAY_MS + 7 * 3_600_000;
    const window = { start: new Date(start), end: new Date(now) };
    const { pages, items } = await walk(account, "faultCodeEvents", { window, pageSize: 4 });
    for (const page of pages) expect(page.schema).toBe("/v1/fault_codes");
    const expected = faultsBetween(fleetOf(account), start, now, now);
    expect(expected.length).toBeGreaterThan(4);
    expect(pages.length).toBeGreaterThan(1);
    const byId = (a: NormalizedFaultBatch, b: NormalizedFaultBatch) =>
      Number(a.observations[0]!.occurrenceSourceId) - Number(b.observations[0]!.occurrenceSourceId);
    expect(items.map((item) => motiveAdapter.normalize("faultCodeEvents", item)).sort(byId)).toEqual(
      expected.map((fault) => expectedBatch(fault, now)).sort(byId),
    );
  });

  it("asks Motive for the window's whole days and answers a key without access with an issue", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    const now = Date.now();
    const window = { start: new Date(now - 2 * DAY_MS), end: new Date(now) };
    const forbid = await fetch(
      `${env.MOTIVE_BASE_URL}/__fake/motive/accounts/${encodeURIComponent(account.credential)}/forbidden`,
      {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ paths: ["/v1/fault_codes"] }),
      },
    );
    expect(forbid.status).toBe(200);
    const page = await motiveAdapter.readPage("faultCodeEvents", motiveReadRequest(account, { window }));
    expect(page.items).toEqual([]);
    expect(page.issues).toEqual([expect.objectContaining({ code: "missing_permissions" })]);
    const unwindowed = await motiveAdapter.readPage("faultCodeEvents", motiveReadRequest(account)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(unwindowed).toBeInstanceOf(ProviderError);
  });
});

const request = (path: string, extra: Partial<PassthroughRequest> = {}): PassthroughRequest => ({
  method: "GET",
  path,
  headers: {},
  signal: new AbortController().signal,
  ...extra,
});

describe("Motive passthrough", () => {
  it("sends the caller's request with the connection's API key and returns Motive's JSON answer, paced", async () => {
    const account = await createMotiveAccount({ vehicles: 3 });
    const buckets: (string | undefined)[] = [];
    const live = motiveReadRequest(account, {
      context: { env, pace: async (bucket) => void buckets.push(bucket) },
    });
    // A key the caller slips in is replaced by the connection's own.
    const response = await motiveAdapter.passthrough(
      live,
      request("/v1/vehicles?per_page=2&page_no=2", { headers: { "X-Api-Key": "not-the-connection-key" } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as any;
    expect(body.pagination).toEqual({ per_page: 2, page_no: 2, total: 3 });
    expect(body.vehicles.map((element: any) => element.vehicle.id)).toEqual([motiveIds.vehicle("veh-3")]);
    expect(buckets).toEqual(["api"]);
    expect(motiveAdapter.models.passthrough?.pace).toBe("api");
  });

  it("forwards the caller's X-Metric-Units, X-Time-Zone and X-User-Id, and adds none of its own", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    const live = motiveReadRequest(account);
    const metricOf = async (headers: Record<string, string>) => {
      const response = await motiveAdapter.passthrough(live, request("/v1/asset_locations", { headers }));
      expect(response.status).toBe(200);
      return ((await response.json()) as any).assets[0].asset.metric_units;
    };
    expect(await metricOf({ "X-Metric-Units": "true" })).toBe(true);
    // Without the caller's header Motive answers in the company's units: the adapter adds nothing.
    expect(await metricOf({})).toBe(false);
    expect(await metricOf({ "X-User-Id": String(motiveIds.admin), "X-Time-Zone": "Central Time (US & Canada)" })).toBe(
      false,
    );
    // The fake refuses IANA zone names, as Motive does: the caller's header reached it.
    const refused = await motiveAdapter.passthrough(
      live,
      request("/v1/vehicles", { headers: { "X-Time-Zone": "America/Chicago" } }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error_message: "Invalid time zone: America/Chicago" });
  });

  it("returns a binary answer intact: its bytes, content type and length", async () => {
    const account = await createMotiveAccount({ vehicles: 1 });
    const response = await motiveAdapter.passthrough(
      motiveReadRequest(account),
      request("/v1/logs/4711/pdf", { headers: { Accept: "application/pdf" } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const expected = motiveLogPdf(4711);
    expect(response.headers.get("content-length")).toBe(String(expected.byteLength));
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(expected.byteLength);
    expect(bytes).toEqual(expected);
    expect(new Set(bytes).size).toBe(256);
  });

  it("returns Motive's refusals as they are, and throws only for what never reached Motive", async () => {
    const account = await createMotiveAccount({ vehicles: 1 });
    const live = motiveReadRequest(account);
    const notAllowed = await motiveAdapter.passthrough(
      live,
      request("/v1/vehicles", { method: "POST", body: JSON.stringify({ number: "T-9" }) }),
    );
    expect(notAllowed.status).toBe(405);
    expect((await motiveAdapter.passthrough(live, request("/v1/no_such_thing"))).status).toBe(404);
    const unknownKey = await motiveAdapter.passthrough(
      motiveReadRequest({ ...account, credential: "mtv_unknown" }),
      request("/v1/vehicles"),
    );
    expect(unknownKey.status).toBe(401);

    const thrown = async (run: () => Promise<unknown>) =>
      run().then(
        () => undefined,
        (error: unknown) => error as ProviderError,
      );
    const unreachable = await thrown(() =>
      motiveAdapter.passthrough(
        { ...live, context: { env: { ...env, MOTIVE_BASE_URL: "http://127.0.0.1:9" } } },
        request("/v1/vehicles"),
      ),
    );
    expect(unreachable).toBeInstanceOf(ProviderError);
    expect(unreachable?.kind).toBe("unavailable");
    const aborted = await thrown(() =>
      motiveAdapter.passthrough(live, request("/v1/vehicles", { signal: AbortSignal.abort() })),
    );
    expect(aborted?.kind).toBe("timeout");
    const noKey = await thrown(() => motiveAdapter.passthrough({ ...live, credentials: {} }, request("/v1/vehicles")));
    expect(noKey?.kind).toBe("unauthorized");
  });
});
