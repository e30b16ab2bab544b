/**
 * Motive end to end: POST /connections verifies the API key against the fake Motive API (real
 * HTTP), the first sync runs through the real Durable Object and queue consumer, and what the
 * API then answers is exactly the canonical fleet mapped to the normalized model.
 */
import { describe, expect, it } from "vitest";
import { driversAt, safetyEventsBetween, vehiclesAt } from "../fakes/fleet.ts";
import { MOTIVE_EVENT_TYPES, mediaStateOf, motiveIds } from "../fakes/motive/ids.ts";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { waitForSync } from "../helpers/sync";
import {
  backfillStart,
  connectMotive,
  createMotiveAccount,
  DAY_MS,
  expectCanonicalFleet,
  fleetOf,
  listAll,
  patchMotiveAccount,
  storedView,
  waitForLastSync,
} from "./motive-helpers";

const MEDIA_STATES = ["image", "none", "pending", "unavailable", "video"];

/**
 * A credential (the fake fleet's seed) whose served events of the last days show every media
 * state, chosen before the account exists: a random seed alone leaves one state out now and then.
 */
function accountShowingEveryMediaState(days: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const account = { credential: `mtv_${crypto.randomUUID().replaceAll("-", "")}`, vehicles: 20, revision: 0 };
    // A day inside the window at each end, so the check does not hang on an event at its edge.
    const served = safetyEventsBetween(
      fleetOf({ ...account, name: "", faults: {} }),
      backfillStart(days) + DAY_MS,
      Date.now() - DAY_MS,
    ).filter((event) => MOTIVE_EVENT_TYPES[event.type] !== undefined);
    const states = new Set(served.map(mediaStateOf));
    if (MEDIA_STATES.every((state) => states.has(state as never))) return account;
  }
  throw new Error("no seed in 100 shows every media state: the fake's media distribution changed");
}

describe("Motive: verification on POST /connections", () => {
  it("fills the account (company name, DOT numbers, admin user) and the source id (company id)", async () => {
    const account = await createMotiveAccount({ name: "Lone Star Freight" });
    const connection = await connectMotive(account);
    expect(connection.body).toMatchObject({
      provider: { code: "motive", name: "Motive" },
      status: "connected",
      sourceId: String(motiveIds.company(account.credential)),
      account: {
        name: "Lone Star Freight",
        dotNumbers: [expect.stringMatching(/^\d{7}$/)],
        user: {
          sourceId: String(motiveIds.admin),
          firstName: "Fleet",
          lastName: "Admin",
          email: "admin@lone-star-freight.example",
        },
      },
    });
    const current = await call("GET", `${BASE.sandbox}/connections/current`, {
      key: connection.key,
      token: connection.token,
    });
    expect(current.body.account).toEqual(connection.body.account);
    await waitForLastSync(connection);
  });

  it("answers 422 invalid_credentials for a key Motive does not know, and creates nothing", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const externalId = `ext-${crypto.randomUUID()}`;
    const result = await call("POST", `${BASE.sandbox}/connections`, {
      key,
      body: { provider: "motive", credentials: { apiKey: "not-a-motive-key" }, externalId },
    });
    expect(result.status).toBe(422);
    expect(result.body).toMatchObject({ code: "invalid_credentials" });
    const listed = await call("GET", `${BASE.sandbox}/connections?externalId=${externalId}`, { key });
    expect(listed.body.results).toEqual([]);
  });

  it("asks for exactly the apiKey credential (GET /providers) and validates it", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const providers = await call("GET", `${BASE.sandbox}/providers`, { key });
    const motive = providers.body.find((provider: { code: string }) => provider.code === "motive");
    expect(motive).toMatchObject({
      name: "Motive",
      status: "live",
      credentials: [{ name: "apiKey", type: "password", required: true }],
      logo: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    for (const supported of ["Vehicle", "Driver", "Group", "Device", "VehicleUtilization", "SafetyEvent"]) {
      expect(motive.supportedModels[supported].supportedOperations.read).toBe("supported");
    }
    const missing = await call("POST", `${BASE.sandbox}/connections`, {
      key,
      body: { provider: "motive", credentials: { username: "someone" } },
    });
    expect(missing.status).toBe(400);
  });
});

describe("Motive: full sync", () => {
  it("stores exactly the canonical fleet: groups, vehicles, drivers, devices, utilization and safety events", async () => {
    const account = await createMotiveAccount({ vehicles: 6 });
    const connection = await connectMotive(account, { backfill: { days: 4 } });
    const job = await waitForLastSync(connection);
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    expect(job.failureReason).toBeUndefined();
    const { stored } = await expectCanonicalFleet(connection, fleetOf(account), job);
    expect(new Set(stored.utilization.map((day) => day.startAt)).size).toBe(5);
    expect(stored.safetyEvents.length).toBeGreaterThan(0);

    // The raw payload kept is Motive's inner object (unwrapped), under the endpoint it came from.
    // Which vehicle lists first depends on the connection's id, so its status is either.
    const [vehicle] = await listAll(connection, "/vehicles?raw=true");
    expect(vehicle.raw).toEqual([
      {
        provider: "motive",
        schema: "/v1/vehicles",
        extractedAt: expect.any(String),
        data: expect.objectContaining({
          id: Number(vehicle.sourceId),
          number: vehicle.name,
          status: vehicle.status === "active" ? "active" : "deactivated",
        }),
      },
    ]);
    const [day] = await listAll(connection, "/vehicles/utilization?raw=true");
    expect(day.raw[0]).toMatchObject({
      schema: "/v1/vehicle_utilization+/v1/ifta/trips",
      data: {
        date: day.startAt.slice(0, 10),
        vehicle_idle_rollup: { vehicle: { metric_units: true } },
        ifta_trips: expect.arrayContaining([expect.objectContaining({ date: day.startAt.slice(0, 10) })]),
      },
    });
  });

  it("serves fresh camera media: a video and still, a still only, 422 while transcoding, nothing without a camera", async () => {
    const account = await createMotiveAccount(accountShowingEveryMediaState(20));
    const connection = await connectMotive(account, { backfill: { days: 20 } });
    await waitForLastSync(connection);
    const events = await listAll(connection, "/safety/events");
    const fleet = fleetOf(account);
    const canonical = safetyEventsBetween(fleet, backfillStart(20), Date.now() + DAY_MS);
    const stateOf = new Map(canonical.map((event) => [String(motiveIds.event(event)), mediaStateOf(event)]));
    const seen = new Set<string>();
    for (const event of events) {
      const state = stateOf.get(event.sourceId);
      if (!state || seen.has(state)) continue;
      seen.add(state);
      const raw = state === "video";
      const media = await call("GET", `${BASE.sandbox}/safety/events/${event.id}/camera-media?raw=${raw}`, {
        key: connection.key,
        token: connection.token,
      });
      const front = `${event.sourceId}-front_facing`;
      if (state === "video") {
        expect(media.status).toBe(200);
        expect(media.body).toMatchObject({
          frontFacing: {
            sourceId: front,
            videoUrl: expect.stringMatching(/front_facing_plain\.mp4\?X-Amz-Date=\w+&X-Amz-Expires=600/),
            imageUrl: expect.stringMatching(/front_facing\.jpg\?/),
          },
          raw: [{ provider: "motive", schema: "/v1/driver_performance_events/{id}" }],
        });
        expect(media.body.raw[0].data.id).toBe(Number(event.sourceId));
        expect(media.body.rearFacing).toBeUndefined();
      } else if (state === "image") {
        expect(media.status).toBe(200);
        expect(media.body.frontFacing).toEqual({ sourceId: front, imageUrl: expect.stringMatching(/\.jpg\?/) });
      } else if (state === "pending") {
        expect(media.status).toBe(422);
        expect(media.body).toMatchObject({ code: "provider_provisioning_pending" });
      } else {
        expect(media.status).toBe(200);
        expect(media.body).toEqual({});
      }
    }
    expect([...seen].sort()).toEqual(MEDIA_STATES);
  }, 60_000);

  it("reads every page of every listing: 230 vehicles and drivers in pages of at most 100", async () => {
    const account = await createMotiveAccount({ vehicles: 230 });
    const connection = await connectMotive(account);
    const job = await waitForLastSync(connection, 120_000);
    expect(job.status).toBe("completed");
    const stored = await storedView(connection);
    const fleet = fleetOf(account);
    expect(stored.vehicles.map((vehicle) => vehicle.sourceId)).toEqual(
      vehiclesAt(fleet).map((vehicle) => String(motiveIds.vehicle(vehicle.id))),
    );
    expect(stored.drivers.map((driver) => driver.sourceId)).toEqual(
      driversAt(fleet).map((driver) => String(motiveIds.user(driver.id))),
    );
    expect(stored.devices).toHaveLength(230);
    // Today's utilization of every vehicle: three pages of rollups.
    expect(stored.utilization).toHaveLength(230);
  }, 130_000);
});

describe("Motive: incremental sync", () => {
  it("picks up vehicles and drivers added, renamed and removed at Motive; ids stay stable", async () => {
    const account = await createMotiveAccount({ vehicles: 8 });
    const connection = await connectMotive(account, { backfill: { days: 1 } });
    await waitForLastSync(connection);
    const before = await listAll(connection, "/vehicles");

    await patchMotiveAccount(account.credential, { revision: 2 });
    const sync = await call("POST", `${BASE.sandbox}/syncs`, {
      key: connection.key,
      token: connection.token,
      body: {},
    });
    expect(sync.status).toBe(201);
    const { job } = await waitForSync(connection.key, connection.token, sync.body.id, { timeoutMs: 60_000 });
    expect(job.status).toBe("completed");

    const fleet = fleetOf(account, 2);
    const stored = await storedView(connection);
    const expectedVehicles = vehiclesAt(fleet).map((vehicle) => String(motiveIds.vehicle(vehicle.id)));
    expect(stored.vehicles.map((vehicle) => vehicle.sourceId)).toEqual(expectedVehicles);
    expect(stored.drivers.map((driver) => driver.sourceId)).toEqual(
      driversAt(fleet).map((driver) => String(motiveIds.user(driver.id))),
    );
    // Renamed at revision 2: vehicle 1 (r1) and vehicle 4 (r2), as the canonical fleet says.
    for (const vehicle of vehiclesAt(fleet)) {
      const row = stored.vehicles.find((candidate) => candidate.sourceId === String(motiveIds.vehicle(vehicle.id)));
      expect(row?.name).toBe(vehicle.name);
    }
    // Removed vehicles are soft-deleted, kept with their ids.
    const deleted = await listAll(connection, "/vehicles?deleted=true");
    const removed = before.filter((vehicle) => !expectedVehicles.includes(vehicle.sourceId));
    expect(removed.length).toBeGreaterThan(0);
    for (const vehicle of removed) {
      const row = deleted.find((candidate) => candidate.id === vehicle.id);
      expect(row?.metadata.visibility).toBe("deleted");
      expect(row?.metadata.deletedAt).toBeDefined();
    }
    const after = await listAll(connection, "/vehicles");
    for (const vehicle of after) {
      const earlier = before.find((candidate) => candidate.sourceId === vehicle.sourceId);
      if (earlier) expect(vehicle.id).toBe(earlier.id);
    }
    // Added vehicles bring their utilization with them.
    const added = expectedVehicles.filter((sourceId) => !before.some((vehicle) => vehicle.sourceId === sourceId));
    expect(added).toHaveLength(2);
    for (const sourceId of added) expect(stored.utilization.some((day) => day.vehicle === sourceId)).toBe(true);
  });
});
