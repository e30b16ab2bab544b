/**
 * The object's one alarm (the watchdog and the automatic schedule share it), with when it rings
 * kept in memory, so that setting it again to a later time costs no storage call.
 */
export class AlarmClock {
  /** When the alarm is set to ring: null for none, undefined when not known since the object started. */
  private armedAt: number | null | undefined;

  constructor(private readonly storage: DurableObjectStorage) {}

  /** No alarm is set any more: it rang, or it was deleted with the storage. */
  markNoneSet(): void {
    this.armedAt = null;
  }

  /** Sets the alarm to ring at `next` (never, when not finite), unless it is set to ring sooner. */
  async ringAt(next: number): Promise<void> {
    if (!Number.isFinite(next)) {
      if (this.armedAt !== null) await this.storage.deleteAlarm();
      this.armedAt = null;
      return;
    }
    this.armedAt ??= await this.storage.getAlarm();
    // An alarm that rings before it is needed only re-arms itself (alarm()), so the watchdog,
    // which every page would move later, is set again only when it must ring sooner.
    if (this.armedAt === null || this.armedAt > next) {
      await this.storage.setAlarm(next);
      this.armedAt = next;
    }
  }

  /**
   * Makes the alarm ring by `at` at the latest. Called without an await before it, so the alarm
   * is written together with the state saved just before (a Durable Object commits the writes
   * made between two awaits at once); an alarm that rings early only re-arms itself.
   */
  ringBy(at: number): Promise<void> {
    if (this.armedAt !== undefined && this.armedAt !== null && this.armedAt <= at) return Promise.resolve();
    this.armedAt = at;
    return this.storage.setAlarm(at);
  }
}
