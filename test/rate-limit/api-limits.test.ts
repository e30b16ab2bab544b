/**
 * The API's request limits through the real Worker (wire-compat.md, Rate limits): 100 per
 * second per connection token, 400 per second per application, answered 429 with
 * `retryAfter` and `Retry-After`; the reference and the operator API are never limited.
 * Each test uses its own application, so the counts of one test never reach another's.
 */
import { afterEach, describe, expect, it } from "vitest";
import { localLimiter } from "../../src/rate-limit/local-limiter";
import { createTestApplication, insertConnection, type TestApplication } from "../helpers/factories";
import { admin, BASE, type CallResult, call, errorBody } from "../helpers/http";

const CONNECTION_LIMIT = 100;
/**
 * A burst of hundreds of requests through the Worker and the limiter takes a few seconds alone and
 * far longer on a busy machine; with the limiter's clock stopped, only the time limit depends on speed.
 */
const BURST_TIMEOUT_MS = 90_000;
const APPLICATION_LIMIT = 400;

async function manualConnection(app: TestApplication) {
  return insertConnection(app, "sandbox", { syncMode: "manual" });
}

function currentConnection(app: TestApplication, token: string) {
  return call("GET", `${BASE.sandbox}/connections/current`, { key: app.keys.sandbox.secret, token });
}

/**
 * One request with the application's key before a burst, so that the burst's requests find
 * the key in the Worker's cache instead of all looking it up in D1 first: the requests then
 * reach the limiter close together, as a real burst on a warm Worker does.
 */
async function warmUp(app: TestApplication) {
  expect((await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret })).status).toBe(200);
}

/**
 * Stops the clock of the isolate's limiter (the one that serves these requests), so that a burst
 * lands in one period however slowly this machine sends it; answers a function that moves the
 * stopped clock forward. Started again after each test: the isolate serves other files' requests too.
 */
function stopLimiterClock(_app: TestApplication): (ms: number) => void {
  let now = Date.now();
  localLimiter.clock = () => now;
  return (ms) => {
    now += ms;
  };
}
afterEach(() => {
  localLimiter.clock = Date.now;
});

/** Sends `count` requests at once; the answers, and how long the whole burst took. */
async function burst(count: number, send: (index: number) => Promise<CallResult<any>>) {
  const started = Date.now();
  const results = await Promise.all(Array.from({ length: count }, (_, index) => send(index)));
  return { results, elapsedMs: Date.now() - started };
}

/** The most a limit of `perSecond` may admit over a burst that took `elapsedMs`. */
const mostAdmitted = (perSecond: number, elapsedMs: number) => perSecond * Math.max(1, Math.ceil(elapsedMs / 1000));

function expectTooManyRequests(result: CallResult<any>) {
  expect(result.status).toBe(429);
  const body = errorBody(result);
  expect(body).toMatchObject({ code: "too_many_requests", message: expect.any(String) });
  expect(Number.isInteger(body.retryAfter)).toBe(true);
  expect(body.retryAfter).toBeGreaterThanOrEqual(1);
  expect(result.headers.get("retry-after")).toBe(String(body.retryAfter));
  expect(result.headers.get("x-request-id")).toBeTruthy();
}

describe("API rate limits", () => {
  it("refuses a burst above the connection's limit with the contract's 429, then admits a caller that waited", {
    timeout: BURST_TIMEOUT_MS,
  }, async () => {
    const app = await createTestApplication();
    const connection = await manualConnection(app);
    await warmUp(app);
    const advance = stopLimiterClock(app);
    const { results, elapsedMs } = await burst(150, () => currentConnection(app, connection.token));
    const allowed = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(allowed.length).toBeLessThanOrEqual(mostAdmitted(CONNECTION_LIMIT, elapsedMs));
    for (const result of refused) expectTooManyRequests(result);

    const retryAfter = Math.max(...refused.map((result) => errorBody(result).retryAfter ?? 0));
    advance(retryAfter * 1000);
    expect((await currentConnection(app, connection.token)).status).toBe(200);
  });

  it("limits an application across its connections, and leaves other applications alone", {
    timeout: BURST_TIMEOUT_MS,
  }, async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const otherConnection = await manualConnection(other);
    const connections = await Promise.all(Array.from({ length: 5 }, () => manualConnection(app)));
    await warmUp(app);
    stopLimiterClock(app);
    // 5 × 100: each connection within its own limit, the application above its 400.
    const { results, elapsedMs } = await burst(500, (index) =>
      currentConnection(app, (connections[index % connections.length] as { token: string }).token),
    );
    const allowed = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(allowed.length).toBeLessThanOrEqual(mostAdmitted(APPLICATION_LIMIT, elapsedMs));
    for (const result of refused) expectTooManyRequests(result);

    // The other application's counts are its own: its requests go through at once.
    const others = await Promise.all(Array.from({ length: 20 }, () => currentConnection(other, otherConnection.token)));
    expect(others.map((result) => result.status)).toEqual(others.map(() => 200));
  });

  it("limits application-scope routes by the application alone", { timeout: BURST_TIMEOUT_MS }, async () => {
    const app = await createTestApplication();
    await warmUp(app);
    stopLimiterClock(app);
    const { results } = await burst(450, () =>
      call("GET", `${BASE.sandbox}/connections?limit=1`, { key: app.keys.sandbox.secret }),
    );
    const refused = results.filter((result) => result.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const result of refused) expectTooManyRequests(result);
  });

  it("never limits the reference or the operator API", async () => {
    const documents = await burst(150, () => call("GET", `${BASE.sandbox}/openapi.json`));
    expect(new Set(documents.results.map((result) => result.status))).toEqual(new Set([200]));
    const applications = await burst(150, () => admin("GET", "/applications?limit=1"));
    expect(new Set(applications.results.map((result) => result.status))).toEqual(new Set([200]));
  });

  it("documents the 429 and its Retry-After header on the limited operations", async () => {
    const document = (await call("GET", `${BASE.production}/openapi.json`)).body;
    const current = document.paths["/connections/current"].get.responses["429"];
    expect(current.headers["Retry-After"].schema.type).toBe("integer");
    expect(document.paths["/link/complete"].post.responses["429"]).toBeDefined();
  });
});
