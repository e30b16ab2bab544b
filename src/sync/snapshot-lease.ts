import { ProviderError, type ProviderErrorKind } from "../providers/errors";

/**
 * The live snapshots of a connection that reads refresh on demand: the latest vehicle and
 * trailer locations, and the providers' hours-of-service clocks.
 */
export type LiveSnapshot = "latestLocations" | "latestTrailerLocations" | "hosClocks";

/** How a refresh failed, as the requests that waited for it are told (a provider's error, never internal text). */
export type RefreshFailure = { kind: ProviderErrorKind; message: string; retryAfterSeconds?: number };

/**
 * A request's turn at a snapshot: fresh enough as it is, or its own refresh to make (a lease),
 * or the end of another's refresh it waited for (and that refresh's failure, if it failed).
 */
export type SnapshotTurn =
  | { turn: "fresh"; refreshedAt: number }
  | { turn: "refresh"; lease: string }
  | { turn: "waited"; refreshedAt: number | null; failure?: RefreshFailure };

type Lease = { id: string; until: number; done: Promise<void>; end: () => void };

/**
 * One refresh of a snapshot at a time, shared by every request that wants a fresher snapshot
 * than the last one (the connection's Durable Object holds it, in memory: losing it costs one
 * extra refresh).
 *
 * A request asks with how old a snapshot it accepts. A fresh enough snapshot answers at once;
 * otherwise the first asker gets a lease and refreshes (in its own Worker, through the
 * connection's provider pacer), the others wait for that refresh to end and learn how it ended.
 * A lease that is not reported back within its time (the refreshing request died) lets the next
 * asker take over.
 */
export class SnapshotLease {
  private refreshedAt: number | null = null;
  private lease: Lease | undefined;
  /** How the last refresh that ended failed; cleared by one that succeeds. */
  private failure: RefreshFailure | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  async ask(maxAgeMs: number, leaseMs: number, maxWaitMs: number): Promise<SnapshotTurn> {
    const now = this.now();
    if (this.refreshedAt !== null && now - this.refreshedAt <= maxAgeMs) {
      return { turn: "fresh", refreshedAt: this.refreshedAt };
    }
    const current = this.lease;
    if (current && current.until > now) {
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, Math.min(maxWaitMs, current.until - now)));
      const ended = await Promise.race([current.done.then(() => true), timeout.then(() => false)]);
      const failure = ended ? this.failure : undefined;
      return { turn: "waited", refreshedAt: this.refreshedAt, ...(failure ? { failure } : {}) };
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

  /**
   * The lease's refresh ended: a successful one read the provider's snapshot as of `startedAt`;
   * a failed one says how, for the requests that waited for it.
   */
  report(leaseId: string, startedAt: number, failure: RefreshFailure | null): void {
    const lease = this.lease;
    if (lease?.id !== leaseId) return;
    if (failure === null && (this.refreshedAt === null || startedAt > this.refreshedAt)) this.refreshedAt = startedAt;
    this.failure = failure ?? undefined;
    this.lease = undefined;
    lease.end();
  }
}

/** How a refresh's error is told to the requests that waited for it: a provider's own words, or nothing internal. */
export function refreshFailure(error: unknown): RefreshFailure {
  if (error instanceof ProviderError) {
    return {
      kind: error.kind,
      message: error.message,
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    };
  }
  return { kind: "unavailable", message: "The provider's data could not be read; try again." };
}
