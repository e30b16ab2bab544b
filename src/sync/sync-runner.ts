import { seriesBackfillDays, syncIntervalMs, syncStallMs } from "../config";
import type { ConnectionRow, SyncJobRow } from "../db/schema";
import type { Env } from "../env";
import type { ProviderAdapter } from "../providers/types";
import type { AlarmClock } from "./alarm-clock";
import type { SyncJobRows } from "./job-rows";
import type { SyncMessage } from "./messages";
import { planSteps } from "./plan";
import { type ActiveSync, pageMessage, withSteps } from "./state";
import type { SyncStateStore } from "./state-store";
import { timeSeriesEnabled } from "./time-series-setting";
import { type MessageMemory, watchdogAt } from "./watchdog";

/** What the runner works with: the object's state, job rows, alarm and memory, shared with its decisions. */
export type SyncRunnerParts = {
  env: Env;
  store: SyncStateStore;
  jobs: SyncJobRows;
  alarmClock: AlarmClock;
  messages: MessageMemory;
  connection: (connectionId: string) => Promise<ConnectionRow | undefined>;
};

/**
 * Carries the active sync on once the object has decided to: queues its current page, writes
 * its progress, completes it after its last step, schedules the next automatic sync, and keeps
 * the object's one alarm set for all of it. The decisions themselves (whether a request, a
 * pick-up, a page or an alarm moves the sync) are ConnectionSync's.
 */
export class SyncRunner {
  constructor(private readonly parts: SyncRunnerParts) {}

  /** The job is written: plan its steps, queue its first message, and arm the watchdog. */
  async begin(adapter: ProviderAdapter, job: SyncJobRow, now: number): Promise<void> {
    const { store } = this.parts;
    const series = {
      enabled: await timeSeriesEnabled(this.parts.env, job.connectionId),
      backfillDays: seriesBackfillDays(this.parts.env),
    };
    const steps = planSteps(adapter, job.startFrom?.getTime() ?? now, now, series);
    const active = withSteps(store.load().active!, steps, now, Date.now());
    store.save({ ...store.load(), active, nextScheduledAt: null });
    try {
      await this.send(active);
      await this.armAlarm();
    } catch (error) {
      // The job exists and its state is saved: the watchdog (armed with the reservation) sends the message again.
      console.error(
        JSON.stringify({ level: "warn", message: "first sync message not sent", syncId: job.id, error: String(error) }),
      );
    }
  }

  /** Does what the current state calls for next: complete the sync, or (re)send its current message. */
  async resume(active: ActiveSync): Promise<void> {
    if (active.stepIndex >= active.steps.length) {
      await this.complete(active);
      return;
    }
    await this.parts.jobs.writeProgress(active.syncId, this.parts.store.load().identity!.connectionId, active.progress);
    await this.send(active);
    await this.armAlarm();
  }

  /**
   * Hands the active sync's current message to the consumer that reported the last page, claimed
   * in its name (so a late copy of the last message is dropped, and the watchdog allows the
   * stall period before sending it again if that consumer stops), instead of queueing it.
   */
  async handOver(active: ActiveSync): Promise<SyncMessage> {
    const { store, messages, jobs } = this.parts;
    const identity = store.load().identity!;
    await jobs.writeProgress(active.syncId, identity.connectionId, active.progress);
    messages.lastClaim = { syncId: active.syncId, seq: active.seq, at: Date.now() };
    await this.armAlarm();
    return pageMessage(active, identity);
  }

  /** Schedules the next automatic sync, or clears the schedule for a manual or inactive connection. */
  async scheduleNext(): Promise<void> {
    const { store, env } = this.parts;
    const identity = store.load().identity;
    const connection = identity && (await this.parts.connection(identity.connectionId));
    const automatic = connection?.status === "connected" && connection.syncMode === "automatic";
    const state = store.load();
    const nextScheduledAt = automatic ? (state.nextScheduledAt ?? Date.now() + syncIntervalMs(env)) : null;
    store.save({ ...state, nextScheduledAt });
    await this.armAlarm();
  }

  /** One alarm serves both purposes: the earlier of the watchdog and the schedule. */
  async armAlarm(): Promise<void> {
    const { store, messages, env } = this.parts;
    const state = store.load();
    const next = state.active
      ? watchdogAt(state.active, messages, Date.now(), syncStallMs(env))
      : (state.nextScheduledAt ?? Number.POSITIVE_INFINITY);
    await this.parts.alarmClock.ringAt(next);
  }

  /** Queues the active sync's current message, and remembers having sent it. */
  private async send(active: ActiveSync): Promise<void> {
    await this.parts.env.SYNC_QUEUE.send(pageMessage(active, this.parts.store.load().identity!));
    this.parts.messages.lastSent = { syncId: active.syncId, seq: active.seq };
  }

  /** Every step is done: the job completes (with its events), the coverage moves on, the next sync is scheduled. */
  private async complete(active: ActiveSync): Promise<void> {
    const { store } = this.parts;
    const now = Date.now();
    const connectionId = store.load().identity!.connectionId;
    await this.parts.jobs.complete(await this.parts.connection(connectionId), connectionId, active.syncId, now);
    const state = store.load();
    if (state.active?.syncId === active.syncId) store.save({ ...state, active: null, coverageEnd: active.windowEnd });
    await this.scheduleNext();
  }
}
