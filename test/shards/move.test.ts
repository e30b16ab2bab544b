/**
 * Moving a connection's data to another shard (POST /admin/v1/connections/{id}/move) under
 * concurrent reads and a running sync: the copy waits for the sync, every walk through the
 * connection's lists during the move reads each record exactly once, the switch keeps every
 * id, the old copy is removed, and the syncs after it write on the new shard.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectionMoves } from "../../src/db/schema";
import { createSandboxConnection, createTestApplication, db } from "../helpers/factories";
import { admin, BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { operatorView, otherShard, rowsOn, walk } from "./helpers";

describe("a move between shards", () => {
  it("copies while reads and a running sync go on, switches atomically, and removes the old copy", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const connection = await createSandboxConnection(app, {
      syncMode: "manual",
      backfill: { days: 20 },
      options: { sandbox: { fleetSize: 15, revision: 0 } },
    });
    const token = connection.token as string;
    await waitForSync(key, token, await lastSyncId(key, token));
    const source = (await operatorView(connection.id)).shard;
    const target = otherShard(source);
    const vehicles = await walk(key, token, "/vehicles", 4);
    const days = await walk(key, token, "/vehicles/utilization?startDate=2000-01-01&endDate=2100-01-01", 37);
    expect(vehicles).toHaveLength(15);
    expect(days.length).toBeGreaterThan(100);
    const stored = await rowsOn(source, connection.id);
    expect(await rowsOn(target, connection.id)).toEqual({});

    // A walk begun on the source, finished after the switch (below): its cursor goes on on the target.
    const firstPage = await call("GET", `${BASE.sandbox}/vehicles?limit=4`, { key, token });
    expect(firstPage.body.next).toBeTruthy();

    // A sync is running when the move is asked for: the copy waits for it.
    const running = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { days: 2 } });
    expect(running.status).toBe(201);
    const requested = await admin("POST", `/connections/${connection.id}/move`, { shard: target });
    expect(requested.status).toBe(202);
    expect(requested.body).toMatchObject({ source, target, status: "waiting" });
    const again = await admin("POST", `/connections/${connection.id}/move`, { shard: target });
    expect(again.status).toBe(409);

    // Reads go on through the move: every walk reads each record exactly once, until it ends
    // (however long the machine takes to get there).
    let walks = 0;
    for (let moving = true; moving; ) {
      expect(await walk(key, token, "/vehicles", 4)).toEqual(vehicles);
      walks++;
      const view = await operatorView(connection.id);
      moving = view.move !== null;
      if (view.move)
        expect(view.move.rowsCopied).toBeLessThanOrEqual(Math.max(view.move.rowsTotal, view.move.rowsCopied));
    }
    expect(walks).toBeGreaterThan(1);
    const { job } = await waitForSync(key, token, running.body.id);
    expect(job.status).toBe("completed");
    const [record] = await db().select().from(connectionMoves).where(eq(connectionMoves.id, requested.body.id));
    expect(record).toMatchObject({ status: "completed" });
    // The copy started once the running sync had completed, and the old copy stayed
    // SHARD_MOVE_CLEANUP_SECONDS (2 s here) after the switch, for the reads still on it.
    expect(record!.startedAt!.getTime()).toBeGreaterThanOrEqual(Date.parse(job.completedAt ?? ""));
    expect(record!.completedAt!.getTime() - record!.switchedAt!.getTime()).toBeGreaterThanOrEqual(2000);

    const after = await operatorView(connection.id);
    expect(after).toMatchObject({ shard: target, move: null });
    const rest = await walk(key, token, "/vehicles", 4, firstPage.body.next);
    expect([...firstPage.body.results.map((vehicle: { id: string }) => vehicle.id), ...rest]).toEqual(vehicles);
    expect(await walk(key, token, "/vehicles", 4)).toEqual(vehicles);
    expect(await walk(key, token, "/vehicles/utilization?startDate=2000-01-01&endDate=2100-01-01", 37)).toEqual(days);
    // Everything is on the target, the sync's rows included, and nothing is left on the source.
    expect(await rowsOn(source, connection.id)).toEqual({});
    const moved = await rowsOn(target, connection.id);
    expect(moved.vehicles).toBe(stored.vehicles);
    expect(moved.sync_jobs).toBe((stored.sync_jobs ?? 0) + 1);

    // The syncs after the move write on the target.
    const next = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { days: 1 } });
    expect(next.status).toBe(201);
    expect((await waitForSync(key, token, next.body.id)).job.status).toBe("completed");
    expect((await rowsOn(target, connection.id)).sync_jobs).toBe(moved.sync_jobs! + 1);
    expect(await rowsOn(source, connection.id)).toEqual({});
  });
});
