import { admitInAll, isIdle, type SlidingWindow, type Verdict } from "./sliding-window";

const PERIOD_MS = 1000;
/** An isolate reports its admissions to the application's object at least this often while it admits. */
export const REPORT_EVERY_MS = 100;
/** ... and sooner once it admitted this share of a limit since its last report. */
const REPORT_SHARE = 0.1;
/** Idle keys are dropped this often, so memory follows the active applications and connections only. */
const SWEEP_EVERY_MS = 10_000;

export type Limits = { application: number; connection: number };

/** What an isolate tells the application's object: the times it admitted requests at, by key, since its last report. */
export type AdmissionReport = { isolate: string; admitted: Record<string, number[]> };
/** What the object answers: the times other isolates admitted requests at within the last period, by key. */
export type AdmittedElsewhere = Record<string, number[]>;

const applicationKey = (applicationId: string) => `app:${applicationId}`;
const connectionKey = (connectionId: string) => `conn:${connectionId}`;

/**
 * The API's request limits, decided in the isolate that serves the request: no trip to storage
 * or to an object on the request's path. Each isolate keeps exact sliding windows of what it
 * admitted (sliding-window.ts) and adds what the application's RateLimiter object last told
 * it the other isolates admitted; it reports its own admissions to the object in the background
 * (its first at once, then after REPORT_EVERY_MS, or a tenth of a limit). So the limit is exact within an isolate, and
 * across isolates it may be passed by what the others admitted since their last report.
 */
export class LocalLimiter {
  private readonly windows = new Map<string, SlidingWindow>();
  private readonly elsewhere = new Map<string, number[]>();
  private readonly unreported = new Map<string, { admitted: Record<string, number[]>; count: number }>();
  /** When each application's admissions were last reported (none yet: the first is reported at once). */
  private readonly lastReport = new Map<string, number>();
  private readonly reporting = new Set<string>();
  private lastSweep = 0;
  /**
   * This isolate, as the application's object tells isolates apart: drawn at its first report
   * (Workers refuse random values at global scope, where the isolate's limiter is made).
   */
  private isolateId: string | undefined;
  /** The limiter's clock. Tests stop it, so that a burst lands in one period whatever the machine's speed. */
  clock: () => number = Date.now;

  /** Admits one request against the application's limit and, when given, the connection's; both or neither. */
  check(limits: Limits, applicationId: string, connectionId?: string): Verdict {
    const now = this.clock();
    this.sweep(now);
    const keys = [applicationKey(applicationId), ...(connectionId === undefined ? [] : [connectionKey(connectionId)])];
    const ownWindows = keys.map((key, index) => this.window(key, index === 0 ? limits.application : limits.connection));
    // Each window as the whole deployment has it: this isolate's admissions and the others' last known.
    const combined = ownWindows.map((own, index) => ({
      ...own,
      admitted: [...own.admitted, ...this.othersIn(keys[index] as string, now)].sort((a, b) => a - b),
    }));
    const verdict = admitInAll(combined, now);
    if (verdict.allowed) {
      for (const own of ownWindows) own.admitted.push(now);
      this.record(applicationId, keys, now);
    }
    return verdict;
  }

  /** The report owed to the application's object now, if one is (and none is on its way): taken from the pending ones. */
  reportDue(applicationId: string, limits: Limits): AdmissionReport | undefined {
    const pending = this.unreported.get(applicationId);
    if (!pending || this.reporting.has(applicationId)) return undefined;
    const now = this.clock();
    const last = this.lastReport.get(applicationId);
    const due =
      last === undefined || now - last >= REPORT_EVERY_MS || pending.count >= limits.application * REPORT_SHARE;
    if (!due) return undefined;
    this.unreported.delete(applicationId);
    this.lastReport.set(applicationId, now);
    this.reporting.add(applicationId);
    this.isolateId ??= crypto.randomUUID();
    return { isolate: this.isolateId, admitted: pending.admitted };
  }

  /** The object's answer to a report: what the other isolates admitted lately. */
  absorb(applicationId: string, elsewhere: AdmittedElsewhere | undefined): void {
    this.reporting.delete(applicationId);
    for (const [key, times] of Object.entries(elsewhere ?? {})) this.elsewhere.set(key, times);
  }

  private othersIn(key: string, now: number): number[] {
    const times = this.elsewhere.get(key);
    return times ? times.filter((time) => time > now - PERIOD_MS) : [];
  }

  private window(key: string, limit: number): SlidingWindow {
    let window = this.windows.get(key);
    if (!window || window.limit !== Math.max(1, Math.floor(limit))) {
      window = {
        limit: Math.max(1, Math.floor(limit)),
        periodMs: PERIOD_MS,
        minGapMs: 0,
        admitted: window?.admitted ?? [],
      };
      this.windows.set(key, window);
    }
    return window;
  }

  private record(applicationId: string, keys: string[], now: number): void {
    let pending = this.unreported.get(applicationId);
    if (!pending) {
      pending = { admitted: {}, count: 0 };
      this.unreported.set(applicationId, pending);
    }
    for (const key of keys) {
      const times = pending.admitted[key] ?? [];
      times.push(now);
      pending.admitted[key] = times;
    }
    pending.count++;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (isIdle(window, now)) this.windows.delete(key);
    for (const [key, times] of this.elsewhere)
      if (!times.some((time) => time > now - PERIOD_MS)) this.elsewhere.delete(key);
    for (const [applicationId, at] of this.lastReport)
      if (at <= now - SWEEP_EVERY_MS) this.lastReport.delete(applicationId);
  }
}

/** The isolate's limiter: one per isolate, shared by every request it serves. */
export const localLimiter = new LocalLimiter();
