/**
 * GET /hos/available-time for a provider with clocks of its own (Samsara, over real HTTP to its
 * fake): the provider's clocks read live and said to be (`source: "provider"`), one read for many
 * concurrent requests, served as stored while fresh, scoped to the connection's visible drivers,
 * with the payload for `raw=true`; the provider's failures answered as errors (never older
 * clocks), and a connection that cannot reach the provider a 422. The fake's clock is stopped at
 * an instant, so the clocks it gives are the canonical fleet's at that instant (test/fakes/hos.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { clocksOf, loggingDriverIds } from "../fakes/hos.ts";
import { expectError } from "../helpers/api-assertions";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { connectSamsara, createSamsaraAccount, listAll, samsaraLog, scriptSamsara } from "../providers/samsara-helpers";

const VEHICLES = 5;

/** Stops the fake Samsara's clock for a token at an instant: what it answers is computed then. */
async function stopClock(token: string, now: number) {
  const response = await fetch(`${env.SAMSARA_BASE_URL}/__fake/samsara/clock/${encodeURIComponent(token)}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ now }),
  });
  expect(response.ok).toBe(true);
}

/** A synced Samsara connection, the fake's clock stopped after the sync, and a reader of its clocks. */
async function syncedSamsara() {
  const app = await createTestApplication();
  const account = await createSamsaraAccount({ vehicles: VEHICLES });
  const connection = await connectSamsara(app, account.token);
  const key = app.keys.sandbox.secret;
  await waitForSync(key, connection.token, await lastSyncId(key, connection.token), { timeoutMs: 60_000 });
  const stoppedAt = Date.now() - 1_000;
  await stopClock(account.token, stoppedAt);
  const drivers = await listAll<{ id: string; sourceId: string }>(key, connection.token, "/drivers");
  const idOf = new Map(drivers.map((driver) => [driver.sourceId, driver.id]));
  const read = (query = "") =>
    call("GET", `${BASE.sandbox}/hos/available-time${query}`, { key, token: connection.token });
  const clockRequests = async () =>
    (await samsaraLog(account.token)).filter((request) => request.path === "/fleet/hos/clocks").length;
  return { account, connection, key, stoppedAt, idOf, read, clockRequests };
}

/** What the API should answer for the canonical fleet's drivers at the instant the fake's clock stopped. */
function expectedClocks(fleet: Parameters<typeof clocksOf>[0], at: number, idOf: ReadonlyMap<string, string>) {
  return loggingDriverIds(fleet)
    .map((sourceId) => {
      const { currentStatus, ...left } = clocksOf(fleet, sourceId, at);
      return {
        provider: "samsara",
        driver: idOf.get(sourceId)!,
        ...(currentStatus === undefined ? {} : { currentStatus }),
        availableTime: { drive: left.drive, shift: left.shift, cycle: left.cycle, break: left.break },
        source: "provider",
      };
    })
    .sort((a, b) => a.driver.localeCompare(b.driver));
}

describe("GET /hos/available-time from Samsara's own clocks", () => {
  it("reads them once for many concurrent requests, then serves the fresh read without calling Samsara", async () => {
    const { account, stoppedAt, idOf, read, clockRequests } = await syncedSamsara();
    // A sync does not read clocks: they are read when asked for.
    expect(await clockRequests()).toBe(0);
    const answers = await Promise.all(Array.from({ length: 12 }, () => read()));
    const expected = expectedClocks(account.fleet, stoppedAt, idOf);
    expect(expected.length).toBeGreaterThan(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ results: expected });
    }
    expect(await clockRequests()).toBe(1);
    const again = await read("?raw=true");
    expect(await clockRequests()).toBe(1);
    expect(again.body.results[0].raw).toEqual([
      {
        provider: "samsara",
        schema: expect.stringContaining("clocks"),
        extractedAt: expect.any(String),
        data: expect.objectContaining({ driver: expect.objectContaining({ id: expect.any(String) }) }),
      },
    ]);
    expect(answers[0]!.body.results[0].raw).toBeUndefined();
  });

  it("narrows by driverIds, pages, expands the driver, and leaves out drivers the connection's filters hide", async () => {
    const { key, connection, read } = await syncedSamsara();
    const all = (await read()).body.results as { driver: string }[];
    const [first, second, ...rest] = all.map((row) => row.driver);
    const narrowed = await read(`?driverIds=${second},${first}&expand=driver`);
    expect(narrowed.body.results.map((row: any) => row.driver.id)).toEqual([first, second]);
    const page = await read("?limit=2");
    expect(page.body.results.map((row: any) => row.driver)).toEqual([first, second]);
    const next = await read(`?limit=2&cursor=${encodeURIComponent(page.body.next)}`);
    expect(next.body.results.map((row: any) => row.driver)).toEqual(rest.slice(0, 2));

    const patched = await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key,
      token: connection.token,
      body: { filters: { drivers: { excludeIds: [first] } } },
    });
    expect(patched.status).toBe(200);
    expect((await read()).body.results.map((row: any) => row.driver)).toEqual([second, ...rest]);
  });

  it("answers Samsara's failure as the error for every request that waited for the read, never older clocks", async () => {
    const { account, read, clockRequests } = await syncedSamsara();
    await scriptSamsara(account.token, ["503"]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => read()));
    // Requests that came once the failed read was over read again (and got clocks): at most one more read.
    const failed = answers.filter((answer) => answer.status === 502);
    expect(failed.length).toBeGreaterThan(0);
    for (const answer of failed) expectError(answer, 502, "bad_gateway");
    const succeeded = answers.filter((answer) => answer.status === 200);
    expect(failed.length + succeeded.length).toBe(answers.length);
    expect(await clockRequests()).toBe(succeeded.length > 0 ? 2 : 1);

    // The next request reads again and gets the clocks.
    expect((await read()).status).toBe(200);
    await scriptSamsara(account.token, ["429"]);
    // Within 30 s of a good read the clocks are served as stored: the scripted 429 is not met.
    expect((await read()).status).toBe(200);
  });

  it("answers 422 when the credentials are refused, and for a connection that is not connected", async () => {
    const { account, connection, key, read } = await syncedSamsara();
    await scriptSamsara(account.token, ["401"]);
    expectError(await read(), 422, "connection_disconnected");
    const patched = await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key,
      token: connection.token,
      body: { status: "archived" },
    });
    expect(patched.status).toBe(200);
    expectError(await read(), 422, "connection_disconnected");
    // Other reads of the synced data go on.
    expect((await call("GET", `${BASE.sandbox}/drivers`, { key, token: connection.token })).status).toBe(200);
  });
});
