/**
 * A sync requested while a move copies the connection's data waits for the switch: its job is
 * readable at once (written on the source), it begins on the target after the switch, and a
 * cancellation before then holds on both shards. The copy is held at its start here by giving
 * the connection's sync object a move whose first unit is not queued yet; the test queues it.
 */
import { describe, expect, it } from "vitest";
import { BASE, call } from "../helpers/http";
import { waitForSync } from "../helpers/sync";
import { connectionInCopy, moveEnded, rowsOn } from "./helpers";

describe("a sync requested during a move's copy", () => {
  it("is readable at once, one at a time, and runs on the target after the switch", async () => {
    const { key, token, connection, source, target, copy } = await connectionInCopy();
    const requested = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { days: 1 } });
    expect(requested.status).toBe(201);
    const read = await call("GET", `${BASE.sandbox}/syncs/${requested.body.id}`, { key, token });
    expect(read.body).toMatchObject({ id: requested.body.id, status: "requested" });
    const second = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { days: 1 } });
    expect(second.status).toBe(409);
    // Still requested: nothing begins on the source while its data is copied.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await call("GET", `${BASE.sandbox}/syncs/${requested.body.id}`, { key, token })).body.status).toBe(
      "requested",
    );

    await copy();
    expect(await moveEnded(connection.id)).toMatchObject({ shard: target });
    const { job } = await waitForSync(key, token, requested.body.id);
    expect(job.status).toBe("completed");
    expect(await rowsOn(source, connection.id)).toEqual({});
    expect((await rowsOn(target, connection.id)).sync_jobs).toBe(2);
  });

  it("cancelled before the switch, it stays failed on the target and never runs", async () => {
    const { key, token, connection, target, copy } = await connectionInCopy();
    const requested = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { days: 1 } });
    expect(requested.status).toBe(201);
    const cancelled = await call("POST", `${BASE.sandbox}/syncs/${requested.body.id}/cancel`, { key, token });
    expect(cancelled.status).toBeLessThan(300);
    await copy();
    expect(await moveEnded(connection.id)).toMatchObject({ shard: target });
    const after = await call("GET", `${BASE.sandbox}/syncs/${requested.body.id}`, { key, token });
    expect(after.body).toMatchObject({ status: "failed", failureReason: expect.stringMatching(/Cancelled/) });
    // The connection syncs again as usual.
    const next = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { days: 1 } });
    expect(next.status).toBe(201);
    expect((await waitForSync(key, token, next.body.id)).job.status).toBe("completed");
  });
});
