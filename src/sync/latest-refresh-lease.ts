/**
 * One refresh of a connection's latest vehicle locations at a time, shared by every request
 * that wants a fresher snapshot than the last one (the connection's Durable Object holds it,
 * in memory: losing it costs one extra refresh).
 *
 * A request asks with how old a snapshot it accepts. A fresh enough snapshot answers at once;
 * otherwise the first asker gets a lease and refreshes (in its own Worker, through the
 * connection's provider pacer), the others wait for that refresh to end. A lease that is not
 * reported back within its time (the refreshing request died) lets the next asker take over.
 */
export type LatestLocationsTurn =
  | { turn: "fresh"; refreshedAt: number }
  | { turn: "refresh"; lease: string }
  | { turn: "waited"; refreshedAt: number | null };

type Lease = { id: string; until: number; done: Promise<void>; end: () => void };

export class LatestRefreshLease {
  private refreshedAt: number | null = null;
  private lease: Lease | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  async ask(maxAgeMs: number, leaseMs: number, maxWaitMs: number): Promise<LatestLocationsTurn> {
    const now = this.now();
    if (this.refreshedAt !== null && now - this.refreshedAt <= maxAgeMs) {
      return { turn: "fresh", refreshedAt: this.refreshedAt };
    }
    const current = this.lease;
    if (current && current.until > now) {
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, Math.min(maxWaitMs, current.until - now)));
      await Promise.race([current.done, timeout]);
      return { turn: "waited", refreshedAt: this.refreshedAt };
    }
    current?.end();
    let end = () => {};
    const done = new Promise<void>((resolve) => {
      end = resolve;
    });
    const lease: Lease = { id: crypto.randomUUID(), until: now + leaseMs, done, end };
    this.lease = lease;
    return { turn: "refresh", lease: lease.id };
  }

  /** The lease's refresh ended; a successful one read the provider's snapshot as of `startedAt`. */
  report(leaseId: string, startedAt: number, ok: boolean): void {
    const lease = this.lease;
    if (lease?.id !== leaseId) return;
    if (ok && (this.refreshedAt === null || startedAt > this.refreshedAt)) this.refreshedAt = startedAt;
    this.lease = undefined;
    lease.end();
  }
}
