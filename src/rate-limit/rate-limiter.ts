import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import type { AdmissionReport, AdmittedElsewhere } from "./local-limiter";

const PERIOD_MS = 1000;
/** Isolates silent for this long are forgotten, so memory follows the isolates serving the application. */
const SWEEP_EVERY_MS = 10_000;

/**
 * One per application (addressed by idFromName(applicationId)): where the isolates serving the
 * application's requests learn what the others admitted. The limits are decided in each isolate
 * (local-limiter.ts), with no trip on a request's path; each isolate reports its admissions
 * here in the background and gets back the other isolates' admissions of the last period, by
 * key (the application's, and each of its connections').
 *
 * The admissions live in memory only. An eviction forgets them, which at worst lets one more
 * period's worth through: a cheap loss for a limit of one second, against a storage write on
 * every report.
 */
export class RateLimiter extends DurableObject<Env> {
  /** By key, by isolate: the times it admitted requests at, within the last period. */
  private readonly admitted = new Map<string, Map<string, number[]>>();
  private lastSweep = 0;

  /** Records an isolate's admissions, and answers the other isolates' within the last period for its keys. */
  reconcile(report: AdmissionReport): AdmittedElsewhere {
    const now = Date.now();
    this.sweep(now);
    const answer: AdmittedElsewhere = {};
    for (const [key, times] of Object.entries(report.admitted)) {
      let byIsolate = this.admitted.get(key);
      if (!byIsolate) {
        byIsolate = new Map();
        this.admitted.set(key, byIsolate);
      }
      const recent = (list: number[]) => list.filter((time) => time > now - PERIOD_MS);
      byIsolate.set(report.isolate, recent([...(byIsolate.get(report.isolate) ?? []), ...times]));
      const others: number[] = [];
      for (const [isolate, list] of byIsolate) if (isolate !== report.isolate) others.push(...recent(list));
      answer[key] = others;
    }
    return answer;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, byIsolate] of this.admitted) {
      for (const [isolate, list] of byIsolate) {
        if (!list.some((time) => time > now - PERIOD_MS)) byIsolate.delete(isolate);
      }
      if (byIsolate.size === 0) this.admitted.delete(key);
    }
  }
}
