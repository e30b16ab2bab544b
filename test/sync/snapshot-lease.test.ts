/**
 * The one refresh of a live snapshot that concurrent requests share (src/sync/snapshot-lease.ts):
 * fresh answers at once, the first asker of a stale snapshot refreshes, the others wait for it and
 * learn how it ended (a failure included, so they answer it instead of refreshing again), and a
 * lease never reported back lets the next asker take over once it runs out.
 */
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { refreshFailure, SnapshotLease } from "../../src/sync/snapshot-lease";

const MAX_AGE = 30_000;
const LEASE = 25_000;
const WAIT = 20_000;

function lease(start = 1_000_000) {
  const clock = { now: start };
  return { clock, snapshot: new SnapshotLease(() => clock.now) };
}

describe("SnapshotLease", () => {
  it("gives the first asker the refresh, lets the others wait for it, then answers fresh until it ages", async () => {
    const { clock, snapshot } = lease();
    const first = await snapshot.ask(MAX_AGE, LEASE, WAIT);
    expect(first.turn).toBe("refresh");
    const waiting = snapshot.ask(MAX_AGE, LEASE, WAIT);
    snapshot.report((first as { lease: string }).lease, clock.now, null);
    expect(await waiting).toEqual({ turn: "waited", refreshedAt: clock.now });
    clock.now += MAX_AGE;
    expect(await snapshot.ask(MAX_AGE, LEASE, WAIT)).toEqual({ turn: "fresh", refreshedAt: clock.now - MAX_AGE });
    clock.now += 1;
    expect((await snapshot.ask(MAX_AGE, LEASE, WAIT)).turn).toBe("refresh");
  });

  it("tells the requests that waited how the refresh failed, and gives the next asker a refresh of its own", async () => {
    const { clock, snapshot } = lease();
    const first = (await snapshot.ask(MAX_AGE, LEASE, WAIT)) as { lease: string };
    const waiting = [snapshot.ask(MAX_AGE, LEASE, WAIT), snapshot.ask(MAX_AGE, LEASE, WAIT)];
    const failure = refreshFailure(new ProviderError("rate_limited", "Slow down.", 2.5));
    snapshot.report(first.lease, clock.now, failure);
    for (const turn of await Promise.all(waiting)) {
      expect(turn).toEqual({
        turn: "waited",
        refreshedAt: null,
        failure: { kind: "rate_limited", message: "Slow down.", retryAfterSeconds: 2.5 },
      });
    }
    const next = (await snapshot.ask(MAX_AGE, LEASE, WAIT)) as { turn: string; lease: string };
    expect(next.turn).toBe("refresh");
    // A success clears the failure: those who wait for it are not told of the old one.
    const after = snapshot.ask(MAX_AGE, LEASE, WAIT);
    snapshot.report(next.lease, clock.now, null);
    expect(await after).toEqual({ turn: "waited", refreshedAt: clock.now });
  });

  it("says nothing internal of a failure that is not the provider's", () => {
    expect(refreshFailure(new Error("D1_ERROR: no such table: hos_clocks"))).toEqual({
      kind: "unavailable",
      message: "The provider's data could not be read; try again.",
    });
  });

  it("lets the next asker take over a lease that ran out, and ignores the late report of the old one", async () => {
    const { clock, snapshot } = lease();
    const lost = (await snapshot.ask(MAX_AGE, LEASE, WAIT)) as { lease: string };
    clock.now += LEASE + 1;
    const taken = (await snapshot.ask(MAX_AGE, LEASE, WAIT)) as { turn: string; lease: string };
    expect(taken.turn).toBe("refresh");
    expect(taken.lease).not.toBe(lost.lease);
    // The old lease's report changes nothing: the snapshot is still being refreshed by the new holder.
    snapshot.report(lost.lease, clock.now - 5, null);
    const waiting = snapshot.ask(MAX_AGE, LEASE, WAIT);
    snapshot.report(taken.lease, clock.now, null);
    expect(await waiting).toEqual({ turn: "waited", refreshedAt: clock.now });
  });
});
