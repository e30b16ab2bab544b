import { DurableObject } from "cloudflare:workers";
import { rateLimitApplicationPerSecond, rateLimitConnectionPerSecond } from "../config";
import type { Env } from "../env";
import { admitInAll, isIdle, newWindow, type SlidingWindow, type Verdict } from "./sliding-window";

const PERIOD_MS = 1000;
/** How often idle connections' windows are dropped, so memory follows the active connections only. */
const SWEEP_EVERY_MS = 10_000;

export type RateLimitCheck = {
  /** The connection of a connection-scoped request; absent: only the application's limit applies. */
  connectionId?: string;
};

/**
 * One per application (addressed by idFromName(applicationId)): the API's request limits of
 * the application and of each of its connections (wire-compat.md, Rate limits). One object
 * sees every request of the application, so both counts are exact; `check` runs without an
 * await, so concurrent calls cannot interleave between the look and the admission.
 *
 * The windows live in memory only. An eviction (the object idle for a while, a deploy, a
 * restart) forgets them, which at worst admits one more period's worth of requests: a cheap
 * loss for a limit of one second, against a storage write on every API request.
 */
export class RateLimiter extends DurableObject<Env> {
  private readonly application: SlidingWindow;
  private readonly connections = new Map<string, SlidingWindow>();
  private lastSweep = 0;
  /**
   * The object's clock, one for every caller so that the windows' times stay ordered. Tests stop
   * it (runInDurableObject) so that a burst lands in one period whatever the machine's speed.
   */
  clock: () => number = Date.now;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.application = newWindow(rateLimitApplicationPerSecond(env), PERIOD_MS);
  }

  /** Admits one request against the application's limit and, when given, the connection's; both or neither. */
  check(request: RateLimitCheck): Verdict {
    const now = this.clock();
    this.sweep(now);
    const windows = [this.application];
    if (request.connectionId !== undefined) windows.push(this.connectionWindow(request.connectionId));
    return admitInAll(windows, now);
  }

  private connectionWindow(connectionId: string): SlidingWindow {
    let window = this.connections.get(connectionId);
    if (!window) {
      window = newWindow(rateLimitConnectionPerSecond(this.env), PERIOD_MS);
      this.connections.set(connectionId, window);
    }
    return window;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [connectionId, window] of this.connections) {
      if (isIdle(window, now)) this.connections.delete(connectionId);
    }
  }
}
