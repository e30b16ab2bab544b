/**
 * Trailers, trailer locations, fault codes and passthrough from the sandbox provider, end to end:
 * a connection made through POST /connections, its first sync, and the API's answers, which
 * must agree with the simulation's own records (the sandbox passthrough API serves them).
 */
import { describe, expect, it } from "vitest";
import { createSandboxConnection, createTestApplication } from "../../helpers/factories";
import { BASE, call } from "../../helpers/http";
import { lastSyncId, waitForSync } from "../../helpers/sync";

/**
 * A sandbox connection after its first sync. Trailer locations are read with the time series
 * (a day of them is enough); a month of faults without them, which would cost a month of
 * breadcrumbs.
 */
async function syncedSandbox(options: { timeSeries: boolean; days: number; fleetSize: number }) {
  const app = await createTestApplication({ timeSeries: options.timeSeries });
  const key = app.keys.sandbox.secret;
  const connection = await createSandboxConnection(app, {
    syncMode: "manual",
    backfill: { days: options.days },
    options: { sandbox: { fleetSize: options.fleetSize, revision: 0 } },
  });
  const { job } = await waitForSync(key, connection.token, await lastSyncId(key, connection.token), {
    timeoutMs: 60_000,
  });
  expect(job.status, job.failureReason).toBe("completed");
  const get = async (path: string) =>
    (await call("GET", `${BASE.sandbox}${path}`, { key, token: connection.token })).body;
  const passthrough = (body: unknown) =>
    call("POST", `${BASE.sandbox}/passthrough`, { key, token: connection.token, body });
  return { get, passthrough };
}

describe("the sandbox's trailers, fault codes and passthrough through the API", () => {
  it("serves the simulation's trailers and where they are; passthrough answers from the same fleet", async () => {
    const { get, passthrough } = await syncedSandbox({ timeSeries: true, days: 1, fleetSize: 8 });
    const simulated = await passthrough({ method: "GET", path: "/fleet/trailers?limit=200" });
    expect(simulated.body.statusCode).toBe(200);
    const simulatedTrailers = simulated.body.response.data as { id: string }[];
    const trailers = (await get("/trailers?limit=200")).results as { sourceId: string; vehicle?: string }[];
    expect(trailers.map((trailer) => trailer.sourceId).sort()).toEqual(
      simulatedTrailers.map((trailer) => trailer.id).sort(),
    );
    expect(trailers.length).toBeGreaterThan(0);

    // Every trailer is located; a hitched one exactly where its vehicle is.
    const located = (await get("/trailers/locations?limit=200&expand=trailer")).results as {
      trailer: { id: string; vehicle?: string };
      location: { latitude: number; longitude: number };
    }[];
    expect(located.map((latest) => latest.trailer.id).sort()).toEqual(
      ((await get("/trailers?limit=200")).results as { id: string }[]).map((trailer) => trailer.id).sort(),
    );
    const vehicles = new Map(
      ((await get("/vehicles/locations?limit=200")).results as { vehicle: string; location: unknown }[]).map(
        (latest) => [latest.vehicle, latest.location],
      ),
    );
    const hitched = located.filter((latest) => latest.trailer.vehicle);
    expect(hitched.length).toBeGreaterThan(0);
    for (const latest of hitched) expect(latest.location).toEqual(vehicles.get(latest.trailer.vehicle!));

    // Binary answers come raw: the simulated vehicle's PDF report.
    const vehicle = (await passthrough({ method: "GET", path: "/fleet/vehicles?limit=1" })).body.response.data[0] as {
      id: string;
    };
    const pdf = await passthrough({ method: "GET", path: `/reports/vehicles/${vehicle.id}.pdf` });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("provider-status")).toBe("200");
    expect(String(pdf.body).startsWith("%PDF-")).toBe(true);
  }, 90_000);

  it("serves a month of the simulation's faults: both protocols, with their codes", async () => {
    const { get } = await syncedSandbox({ timeSeries: false, days: 30, fleetSize: 24 });
    // A month of faults: both protocols, closed ones and ones still pending or open.
    const faults = (await get("/fault-codes/events?limit=200")).results as {
      protocol: string;
      status: string;
      code: string;
      firstObservedAt: string;
      observedAt: string;
      j1939?: { spn: number; fmi: number };
      obdii?: { code: string };
    }[];
    expect(new Set(faults.map((fault) => fault.protocol))).toEqual(new Set(["j1939", "obdii"]));
    expect(faults.some((fault) => fault.status === "closed")).toBe(true);
    for (const fault of faults) {
      expect(Date.parse(fault.firstObservedAt)).toBeLessThanOrEqual(Date.parse(fault.observedAt));
      if (fault.protocol === "j1939")
        expect(fault.j1939).toMatchObject({ spn: Number(fault.code), fmi: expect.any(Number) });
      else expect(fault.obdii?.code).toMatch(/^[PBCU][0-9A-F]{4}$/);
    }
  }, 90_000);
});
