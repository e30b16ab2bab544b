/**
 * Work a Durable Object goes on with after a call answered (a request's first message, its
 * events' relay): an object keeps running what it started after it answers (waitUntil has no
 * effect in one), and each failure is logged (what it owed is recovered by the watchdog or the
 * recovery sweep).
 */
export class DeferredWork {
  private readonly pending = new Set<Promise<void>>();

  add(work: Promise<unknown>): void {
    const tracked: Promise<void> = work
      .then(() => undefined)
      .catch((error: unknown) =>
        console.error(JSON.stringify({ level: "warn", message: "deferred sync work failed", error: String(error) })),
      )
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Settles once the work deferred so far is done. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
