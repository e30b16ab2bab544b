/**
 * Samsara end to end: POST /connections verifies the token with the fake Samsara (real HTTP),
 * the first sync runs through the real Durable Object and queue consumer, and what the API
 * then answers equals the canonical fleet as Samsara carries it (helpers' expectations: ids by
 * sourceId, units converted exactly, 2 decimals). Then the fleet changes and a sync sees it.
 */
import { describe, expect, it } from "vitest";
import { daysBetween, driversAt, safetyEventsBetween } from "../fakes/fleet.ts";
import { MEDIA_ORIGIN } from "../fakes/samsara/render.ts";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import {
  connectSamsara,
  createSamsaraAccount,
  expectedDevices,
  expectedDrivers,
  expectedGroups,
  expectedSafetyEvents,
  expectedUtilization,
  expectedVehicles,
  frontCamera,
  listAll,
  patchSamsaraAccount,
  projectDevices,
  projectDrivers,
  projectGroups,
  projectSafetyEvents,
  projectUtilization,
  projectVehicles,
} from "./samsara-helpers";

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function syncedAccount(options: { vehicles?: number; days?: number } = {}) {
  const app = await createTestApplication();
  const account = await createSamsaraAccount({ vehicles: options.vehicles ?? 6 });
  const connection = await connectSamsara(app, account.token, { backfill: { days: options.days ?? 2 } });
  const key = app.keys.sandbox.secret;
  const { job } = await waitForSync(key, connection.token, await lastSyncId(key, connection.token));
  return { app, account, connection, key, token: connection.token, job };
}

describe("a Samsara connection's first sync", () => {
  it("stores exactly the canonical fleet: groups, vehicles, drivers, devices, utilization and safety events", async () => {
    const { account, connection, key, token, job } = await syncedAccount();
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    expect(job.issues).toEqual([]);
    expect(connection).toMatchObject({ provider: { code: "samsara" }, status: "connected" });

    expect(projectGroups(await listAll(key, token, "/groups?expand=parent"))).toEqual(expectedGroups());
    expect(projectVehicles(await listAll(key, token, "/vehicles?expand=groups,devices"))).toEqual(
      expectedVehicles(account.fleet),
    );
    expect(projectDrivers(await listAll(key, token, "/drivers?expand=groups"))).toEqual(
      expectedDrivers(driversAt(account.fleet)),
    );
    expect(projectDevices(await listAll(key, token, "/devices?expand=vehicle"))).toEqual(
      expectedDevices(account.fleet),
    );

    // The backfill: from the start day of the sync (two days ago) to the end of today.
    const start = Date.parse(job.startFrom!);
    const firstDay = dayOf(Math.floor(start / DAY_MS) * DAY_MS);
    const tomorrow = dayOf(Date.parse(job.requestedAt) + DAY_MS);
    const utilization = await listAll(key, token, `/vehicles/utilization?startDate=${firstDay}&expand=vehicle`);
    expect(projectUtilization(utilization)).toEqual(
      expectedUtilization(daysBetween(account.fleet, firstDay, tomorrow)),
    );
    expect(utilization.length).toBe(3 * 6);

    const events = safetyEventsBetween(
      account.fleet,
      Date.parse(`${firstDay}T00:00:00Z`),
      Date.parse(`${tomorrow}T00:00:00Z`),
    );
    expect(events.length).toBeGreaterThan(0);
    expect(projectSafetyEvents(await listAll(key, token, "/safety/events?expand=vehicle,driver"))).toEqual(
      expectedSafetyEvents(events),
    );
  });

  it("keeps Samsara's own payloads as the raw entries", async () => {
    const { key, token } = await syncedAccount({ vehicles: 2, days: 0 });
    const vehicles = await call("GET", `${BASE.sandbox}/vehicles?raw=true`, { key, token });
    const raw = vehicles.body.results[0].raw[0];
    expect(raw).toMatchObject({ provider: "samsara", schema: "samsara.fleet.vehicles" });
    expect(raw.data).toMatchObject({ year: expect.any(String), gateway: { model: "VG54NA" } });
    const days = await call("GET", `${BASE.sandbox}/vehicles/utilization?raw=true`, { key, token });
    expect(days.body.results[0].raw[0]).toMatchObject({
      schema: "samsara.fleet.reports.vehicles.fuel-energy",
      data: {
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        vehicleReport: { distanceTraveledMeters: expect.any(Number) },
      },
    });
  });

  it("reads camera media live: fresh signed URLs of the front camera, a video and a still or a still only", async () => {
    const { account, key, token } = await syncedAccount({ vehicles: 8, days: 6 });
    const events = await listAll(key, token, "/safety/events");
    const canonical = new Map(
      safetyEventsBetween(account.fleet, Date.now() - 10 * DAY_MS, Date.now() + DAY_MS).map((event) => [
        event.id,
        event,
      ]),
    );
    const seen = new Set<string>();
    for (const event of events) {
      const expected = canonical.get(event.sourceId)!;
      if (seen.has(expected.media)) continue;
      seen.add(expected.media);
      const media = await call("GET", `${BASE.sandbox}/safety/events/${event.id}/camera-media`, { key, token });
      expect(media.status).toBe(200);
      const url = (file: string) =>
        expect.stringMatching(new RegExp(`^${MEDIA_ORIGIN}/.+/${file}\\?.*X-Amz-Expires=28800`));
      if (expected.media === "none") expect(media.body).toEqual({});
      if (expected.media === "image")
        expect(media.body).toEqual({
          frontFacing: { sourceId: frontCamera(event.sourceId), imageUrl: url("front.jpg") },
        });
      if (expected.media === "video")
        expect(media.body).toEqual({
          frontFacing: {
            sourceId: frontCamera(event.sourceId),
            videoUrl: url("front.mp4"),
            imageUrl: url("front.jpg"),
          },
        });
    }
    expect(seen.size).toBeGreaterThanOrEqual(2);
    const withRaw = await call("GET", `${BASE.sandbox}/safety/events/${events[0].id}/camera-media?raw=true`, {
      key,
      token,
    });
    expect(withRaw.body.raw[0]).toMatchObject({ provider: "samsara", schema: "samsara.cameras.media" });
  });
});

describe("an incremental Samsara sync", () => {
  it("sees the fleet's changes: vehicles and drivers added, renamed and removed", async () => {
    const { account, key, token } = await syncedAccount({ vehicles: 8, days: 0 });
    const before = await listAll(key, token, "/vehicles");
    await patchSamsaraAccount(account.token, { revision: 2 });
    const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    expect(sync.status).toBe(201);
    expect((await waitForSync(key, token, sync.body.id)).job.status).toBe("completed");

    const fleet = { ...account.fleet, revision: 2 };
    expect(projectVehicles(await listAll(key, token, "/vehicles?expand=groups,devices"))).toEqual(
      expectedVehicles(fleet),
    );
    expect(projectDrivers(await listAll(key, token, "/drivers?expand=groups"))).toEqual(
      expectedDrivers(driversAt(fleet)),
    );
    expect(projectDevices(await listAll(key, token, "/devices?expand=vehicle"))).toEqual(expectedDevices(fleet));

    const removed = (await listAll(key, token, "/vehicles?deleted=true")).filter(
      (vehicle) => vehicle.metadata.deletedAt,
    );
    const gone = before.filter((vehicle) => !expectedVehicles(fleet).some((e) => e.sourceId === vehicle.sourceId));
    expect(removed.map((vehicle) => vehicle.sourceId).sort()).toEqual(gone.map((vehicle) => vehicle.sourceId).sort());
    expect(gone.length).toBe(2);
    for (const vehicle of removed) expect(vehicle.metadata.visibility).toBe("deleted");
    // Ids are stable across syncs.
    const after = await listAll(key, token, "/vehicles");
    for (const vehicle of after) {
      const earlier = before.find((candidate) => candidate.sourceId === vehicle.sourceId);
      if (earlier) expect(vehicle.id).toBe(earlier.id);
    }
  });
});
