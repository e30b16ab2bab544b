/**
 * The limits across isolates (local-limiter.ts, rate-limiter.ts): two limiters stand for two
 * isolates of one application; what one admitted reaches the other through the application's
 * RateLimiter object, so together they stay within the limit once they have reported.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { rateLimiter } from "../../src/rate-limit/client";
import { type Limits, LocalLimiter } from "../../src/rate-limit/local-limiter";

const LIMITS: Limits = { application: 400, connection: 100 };

/** Admits up to `count` requests on `limiter` at `at`; answers how many were admitted. */
function admit(limiter: LocalLimiter, count: number, applicationId: string, connectionId?: string): number {
  let admitted = 0;
  for (let index = 0; index < count; index++)
    if (limiter.check(LIMITS, applicationId, connectionId).allowed) admitted++;
  return admitted;
}

/** One isolate's report and the object's answer, as the middleware does it in the background. */
async function reconcile(limiter: LocalLimiter, applicationId: string) {
  const report = limiter.reportDue(applicationId, LIMITS);
  expect(report).toBeDefined();
  limiter.absorb(applicationId, await rateLimiter(env, applicationId).reconcile(report!));
}

describe("the limits across isolates", () => {
  it("an isolate learns what another admitted, and admits only the rest of the limit", async () => {
    const applicationId = `app_${crypto.randomUUID()}`;
    const now = Date.now();
    const first = new LocalLimiter();
    const second = new LocalLimiter();
    first.clock = () => now;
    second.clock = () => now + 100;
    expect(admit(first, 300, applicationId)).toBe(300);
    await reconcile(first, applicationId);
    // The second isolate admits one request, reports, and learns of the first one's 300.
    expect(admit(second, 1, applicationId)).toBe(1);
    await reconcile(second, applicationId);
    expect(admit(second, 200, applicationId)).toBe(99);
    const refused = second.check(LIMITS, applicationId);
    expect(refused).toEqual({ allowed: false, retryAfterMs: expect.any(Number) });
    // A period after them, the other isolate's admissions have left the window.
    second.clock = () => now + 1000;
    expect(admit(second, 50, applicationId)).toBe(50);
  });

  it("a connection's limit holds across isolates too", async () => {
    const applicationId = `app_${crypto.randomUUID()}`;
    const now = Date.now();
    const [first, second] = [new LocalLimiter(), new LocalLimiter()];
    first.clock = () => now;
    second.clock = () => now + 100;
    expect(admit(first, 80, applicationId, "conn_x")).toBe(80);
    await reconcile(first, applicationId);
    expect(admit(second, 1, applicationId, "conn_x")).toBe(1);
    await reconcile(second, applicationId);
    expect(admit(second, 50, applicationId, "conn_x")).toBe(19);
  });

  it("reports at once, then after REPORT_EVERY_MS or a tenth of the limit, one at a time", () => {
    const applicationId = `app_${crypto.randomUUID()}`;
    let now = Date.now();
    const limiter = new LocalLimiter();
    limiter.clock = () => now;
    admit(limiter, 1, applicationId);
    expect(limiter.reportDue(applicationId, LIMITS)?.admitted[`app:${applicationId}`]).toHaveLength(1);
    limiter.absorb(applicationId, {});
    admit(limiter, 5, applicationId);
    expect(limiter.reportDue(applicationId, LIMITS)).toBeUndefined();
    now += 100;
    admit(limiter, 1, applicationId);
    const report = limiter.reportDue(applicationId, LIMITS);
    expect(report?.admitted[`app:${applicationId}`]).toHaveLength(6);
    admit(limiter, 40, applicationId);
    // One on its way: the next waits for its answer.
    expect(limiter.reportDue(applicationId, LIMITS)).toBeUndefined();
    limiter.absorb(applicationId, {});
    expect(limiter.reportDue(applicationId, LIMITS)?.admitted[`app:${applicationId}`]).toHaveLength(40);
  });
});
