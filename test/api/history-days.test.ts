/**
 * Days of history are a number, as the reference declares them (`backfill.days` of a connection
 * and of a short link, `days` of POST /syncs): a part of a day counts, 1.5 being 36 hours back.
 * Clients of the public service send such values; they were refused as not whole.
 */
import { describe, expect, it } from "vitest";
import { createSandboxConnection, createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, type SyncJob } from "../helpers/sync";

const HOUR = 3_600_000;

describe("fractional days of history", () => {
  it("a connection's backfill of 1.5 days starts its first sync 36 hours before its creation", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, { syncMode: "manual", backfill: { days: 1.5 } });
    const key = app.keys.sandbox.secret;
    const job = await call<SyncJob>("GET", `${BASE.sandbox}/syncs/${await lastSyncId(key, connection.token)}`, {
      key,
      token: connection.token,
    });
    expect(job.status).toBe(200);
    expect(Date.parse(job.body.startFrom!)).toBe(Date.parse(connection.createdAt) - 36 * HOUR);
  });

  it("POST /syncs with days 1.5 syncs from 36 hours back", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, {
      syncMode: "manual",
      options: { sandbox: { fleetSize: 1 } },
    });
    const key = app.keys.sandbox.secret;
    const first = await lastSyncId(key, connection.token);
    // One sync at a time: the first must end before another is asked for.
    for (let job = await call<SyncJob>("GET", `${BASE.sandbox}/syncs/${first}`, { key, token: connection.token }); ; ) {
      if (job.body.status === "completed" || job.body.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = await call<SyncJob>("GET", `${BASE.sandbox}/syncs/${first}`, { key, token: connection.token });
    }
    const before = Date.now();
    const requested = await call("POST", `${BASE.sandbox}/syncs`, {
      key,
      token: connection.token,
      body: { days: 1.5 },
    });
    const after = Date.now();
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const job = await call<SyncJob>("GET", `${BASE.sandbox}/syncs/${requested.body.id}`, {
      key,
      token: connection.token,
    });
    const startFrom = Date.parse(job.body.startFrom!);
    expect(startFrom).toBeGreaterThanOrEqual(before - 36 * HOUR);
    expect(startFrom).toBeLessThanOrEqual(after - 36 * HOUR);
  });

  it("a short link's backfill of 1.5 days is taken", async () => {
    const app = await createTestApplication();
    const created = await call("POST", `${BASE.sandbox}/link/short`, {
      key: app.keys.sandbox.secret,
      body: { name: `Fractional days ${crypto.randomUUID()}`, provider: "sandbox", backfill: { days: 1.5 } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
});
